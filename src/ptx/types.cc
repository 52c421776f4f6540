#include "ptx/types.h"

#include <array>
#include <utility>

namespace warpsim::ptx {
namespace {

struct TypeEntry {
  DataType type;
  std::string_view name;
  unsigned size;
};

constexpr std::array kTypes{
    TypeEntry{DataType::kPred, "pred", 0},
    TypeEntry{DataType::kB8, "b8", 1},
    TypeEntry{DataType::kB16, "b16", 2},
    TypeEntry{DataType::kB32, "b32", 4},
    TypeEntry{DataType::kB64, "b64", 8},
    TypeEntry{DataType::kB128, "b128", 16},
    TypeEntry{DataType::kU8, "u8", 1},
    TypeEntry{DataType::kU16, "u16", 2},
    TypeEntry{DataType::kU32, "u32", 4},
    TypeEntry{DataType::kU64, "u64", 8},
    TypeEntry{DataType::kS8, "s8", 1},
    TypeEntry{DataType::kS16, "s16", 2},
    TypeEntry{DataType::kS32, "s32", 4},
    TypeEntry{DataType::kS64, "s64", 8},
    TypeEntry{DataType::kF16, "f16", 2},
    TypeEntry{DataType::kF16x2, "f16x2", 4},
    TypeEntry{DataType::kBf16, "bf16", 2},
    TypeEntry{DataType::kBf16x2, "bf16x2", 4},
    TypeEntry{DataType::kTf32, "tf32", 4},
    TypeEntry{DataType::kF32, "f32", 4},
    TypeEntry{DataType::kF64, "f64", 8},
    TypeEntry{DataType::kE4m3, "e4m3", 1},
    TypeEntry{DataType::kE5m2, "e5m2", 1},
    TypeEntry{DataType::kE4m3x2, "e4m3x2", 2},
    TypeEntry{DataType::kE5m2x2, "e5m2x2", 2},
    TypeEntry{DataType::kS16x2, "s16x2", 4},
    TypeEntry{DataType::kU16x2, "u16x2", 4},
    TypeEntry{DataType::kTexRef, "texref", 0},
    TypeEntry{DataType::kSamplerRef, "samplerref", 0},
    TypeEntry{DataType::kSurfRef, "surfref", 0},
};

constexpr std::array kSpaces{
    std::pair{StateSpace::kReg, std::string_view("reg")},
    std::pair{StateSpace::kSreg, std::string_view("sreg")},
    std::pair{StateSpace::kConst, std::string_view("const")},
    std::pair{StateSpace::kGlobal, std::string_view("global")},
    std::pair{StateSpace::kLocal, std::string_view("local")},
    std::pair{StateSpace::kParam, std::string_view("param")},
    std::pair{StateSpace::kShared, std::string_view("shared")},
    std::pair{StateSpace::kSharedCta, std::string_view("shared::cta")},
    std::pair{StateSpace::kSharedCluster, std::string_view("shared::cluster")},
    std::pair{StateSpace::kParamEntry, std::string_view("param::entry")},
    std::pair{StateSpace::kParamFunc, std::string_view("param::func")},
    std::pair{StateSpace::kTex, std::string_view("tex")},
};

const TypeEntry* find_type(DataType type) {
  for (const auto& entry : kTypes) {
    if (entry.type == type) return &entry;
  }
  return nullptr;
}

}  // namespace

std::string_view type_name(DataType type) {
  const TypeEntry* entry = find_type(type);
  return entry ? entry->name : std::string_view();
}

DataType parse_type(std::string_view name) {
  for (const auto& entry : kTypes) {
    if (entry.name == name) return entry.type;
  }
  return DataType::kNone;
}

// type_size() runs for every lane of every memory access: a table, not a search.
constexpr auto kSizeOf = [] {
  std::array<unsigned, 256> sizes{};
  for (const TypeEntry& entry : kTypes) sizes[static_cast<std::uint8_t>(entry.type)] = entry.size;
  return sizes;
}();

unsigned type_size(DataType type) { return kSizeOf[static_cast<std::uint8_t>(type)]; }

bool is_float_type(DataType type) {
  switch (type) {
    case DataType::kF16:
    case DataType::kF16x2:
    case DataType::kBf16:
    case DataType::kBf16x2:
    case DataType::kTf32:
    case DataType::kF32:
    case DataType::kF64:
    case DataType::kE4m3:
    case DataType::kE5m2:
    case DataType::kE4m3x2:
    case DataType::kE5m2x2:
      return true;
    default:
      return false;
  }
}

bool is_signed_type(DataType type) {
  switch (type) {
    case DataType::kS8:
    case DataType::kS16:
    case DataType::kS32:
    case DataType::kS64:
    case DataType::kS16x2:
      return true;
    default:
      return false;
  }
}

std::string_view space_name(StateSpace space) {
  for (const auto& [value, name] : kSpaces) {
    if (value == space) return name;
  }
  return {};
}

StateSpace parse_space(std::string_view name) {
  for (const auto& [value, space_text] : kSpaces) {
    if (space_text == name) return value;
  }
  return StateSpace::kGeneric;
}

bool is_memory_space(StateSpace space) {
  return space != StateSpace::kReg && space != StateSpace::kSreg && space != StateSpace::kTex;
}

std::string_view linkage_name(Linkage linkage) {
  switch (linkage) {
    case Linkage::kVisible:
      return "visible";
    case Linkage::kExtern:
      return "extern";
    case Linkage::kWeak:
      return "weak";
    case Linkage::kCommon:
      return "common";
    case Linkage::kNone:
      break;
  }
  return {};
}

}  // namespace warpsim::ptx
