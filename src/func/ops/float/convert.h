#pragma once

// Pieces shared by the cvt handlers (convert.cc: scalar conversions with a float side,
// convert_int.cc: integer-to-integer and cvt.pack, convert_packed.cc: the x2 formats).

#include <cstdint>

#include "func/ops/float/float_ops.h"

namespace warpsim::func {

enum class NumKind : std::uint8_t {
  kUnsigned,  // u8..u64 (and b8..b64)
  kSigned,    // s8..s64
  kF16,
  kBf16,
  kTf32,
  kF32,
  kF64,
  kOther,  // packed and 8-bit float formats, handled by convert_packed.cc
};

NumKind num_kind(ptx::DataType type);
inline bool is_int_kind(NumKind k) { return k == NumKind::kUnsigned || k == NumKind::kSigned; }
inline bool is_float_kind(NumKind k) {
  return k == NumKind::kF16 || k == NumKind::kBf16 || k == NumKind::kTf32 || k == NumKind::kF32 ||
         k == NumKind::kF64;
}

// The exact value of a float of `kind` (f32 subnormals flushed to signed zero with `ftz`).
double load_float(std::uint64_t bits, NumKind kind, bool ftz);
// `v` (exact, or rounded to odd) rounded to `kind`; tf32 comes back as f32 bits with the low 13
// bits clear.
std::uint64_t store_float(double v, NumKind kind, Round mode, bool satfinite);
// .sat (clamp to [0, 1], NaN to +0) and .relu (negative to +0) on the bits of a float of `kind`.
std::uint64_t clamp_float(std::uint64_t bits, NumKind kind, bool sat, bool relu);

ExecFn select_int_convert(const ptx::Instruction& inst);     // convert_int.cc
ExecFn select_packed_convert(const ptx::Instruction& inst);  // convert_packed.cc

}  // namespace warpsim::func
