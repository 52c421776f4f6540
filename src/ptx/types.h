#pragma once

#include <cstdint>
#include <string_view>

namespace warpsim::ptx {

// A PTX fundamental type as written in a type suffix (`.u32`) or a declaration. The reference
// types (`.texref` ...) only appear in declarations.
enum class DataType : std::uint8_t {
  kNone,
  kPred,
  kB8,
  kB16,
  kB32,
  kB64,
  kB128,
  kU8,
  kU16,
  kU32,
  kU64,
  kS8,
  kS16,
  kS32,
  kS64,
  kF16,
  kF16x2,
  kBf16,
  kBf16x2,
  kTf32,
  kF32,
  kF64,
  kE4m3,
  kE5m2,
  kE4m3x2,
  kE5m2x2,
  kS16x2,
  kU16x2,
  kTexRef,
  kSamplerRef,
  kSurfRef,
};

// `.global` etc.; kGeneric is "no state space given" (a generic address).
enum class StateSpace : std::uint8_t {
  kGeneric,
  kReg,
  kSreg,
  kConst,
  kGlobal,
  kLocal,
  kParam,
  kShared,
  kSharedCta,
  kSharedCluster,
  kParamEntry,
  kParamFunc,
  kTex,
};

enum class Linkage : std::uint8_t { kNone, kVisible, kExtern, kWeak, kCommon };

// Name without the leading dot ("u32"); "" for kNone.
std::string_view type_name(DataType type);
// kNone when `name` (without dot) is not a type.
DataType parse_type(std::string_view name);
// Size in bytes; 0 for kNone, kPred and the reference types.
unsigned type_size(DataType type);
bool is_float_type(DataType type);
bool is_signed_type(DataType type);

std::string_view space_name(StateSpace space);
// kGeneric when `name` (without dot) is not a state space.
StateSpace parse_space(std::string_view name);
// Spaces that name a memory (what `ld`, `st`, `cvta` and variables use).
bool is_memory_space(StateSpace space);

std::string_view linkage_name(Linkage linkage);

}  // namespace warpsim::ptx
