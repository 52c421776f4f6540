#pragma once

// The read-modify-write functions of atom/red, one per operation. Each takes the old memory value
// and the b (and, for cas, c) operands as canonical values of the instruction type and returns the
// new value; only the type's low bytes are stored back, so integer wrap-around needs no masking
// here.

#include <cmath>
#include <cstdint>

#include "func/lanes.h"
#include "func/ops/float/rounding.h"

namespace warpsim::func::atomic {

// `global` says whether the lane's address resolved to global memory: atom.add.f32 flushes
// subnormals there but not in shared memory (the PTX ISA notes on atom).
using Combine = std::uint64_t (*)(std::uint64_t old, std::uint64_t b, std::uint64_t c, bool global);

inline constexpr std::uint32_t kCanonicalNanF32 = 0x7fffffffU;

// ---- integer and bitwise operations ----

inline std::uint64_t op_add(std::uint64_t old, std::uint64_t b, std::uint64_t, bool) {
  return old + b;
}
inline std::uint64_t op_and(std::uint64_t old, std::uint64_t b, std::uint64_t, bool) {
  return old & b;
}
inline std::uint64_t op_or(std::uint64_t old, std::uint64_t b, std::uint64_t, bool) {
  return old | b;
}
inline std::uint64_t op_xor(std::uint64_t old, std::uint64_t b, std::uint64_t, bool) {
  return old ^ b;
}
inline std::uint64_t op_exch(std::uint64_t, std::uint64_t b, std::uint64_t, bool) { return b; }
inline std::uint64_t op_cas(std::uint64_t old, std::uint64_t b, std::uint64_t c, bool) {
  return old == b ? c : old;
}
// atom.inc/dec are .u32 only: the wrap bound is b.
inline std::uint64_t op_inc(std::uint64_t old, std::uint64_t b, std::uint64_t, bool) {
  return old >= b ? 0 : old + 1;
}
inline std::uint64_t op_dec(std::uint64_t old, std::uint64_t b, std::uint64_t, bool) {
  return (old == 0 || old > b) ? b : old - 1;
}
// Signed values arrive sign-extended, so one 64-bit comparison serves every width.
template <bool kSigned>
std::uint64_t op_min(std::uint64_t old, std::uint64_t b, std::uint64_t, bool) {
  if constexpr (kSigned) {
    return static_cast<std::int64_t>(b) < static_cast<std::int64_t>(old) ? b : old;
  }
  return b < old ? b : old;
}
template <bool kSigned>
std::uint64_t op_max(std::uint64_t old, std::uint64_t b, std::uint64_t, bool) {
  if constexpr (kSigned) {
    return static_cast<std::int64_t>(b) > static_cast<std::int64_t>(old) ? b : old;
  }
  return b > old ? b : old;
}

// ---- floating point ----

inline float flush_subnormal(float f) {
  return std::fpclassify(f) == FP_SUBNORMAL ? std::copysign(0.0F, f) : f;
}

inline std::uint64_t op_add_f32(std::uint64_t old, std::uint64_t b, std::uint64_t, bool global) {
  float x = as_f32(old);
  float y = as_f32(b);
  if (global) {
    x = flush_subnormal(x);
    y = flush_subnormal(y);
  }
  float sum = x + y;
  if (global) sum = flush_subnormal(sum);
  return std::isnan(sum) ? kCanonicalNanF32 : f32_bits(sum);
}

inline std::uint64_t op_add_f64(std::uint64_t old, std::uint64_t b, std::uint64_t, bool) {
  return f64_bits(as_f64(old) + as_f64(b));
}

enum class HalfOp : std::uint8_t { kAdd, kMin, kMax };

// min/max follow min.f16: a NaN operand yields the other one, and -0 orders below +0.
inline double half_minmax(double x, double y, bool want_min) {
  if (std::isnan(x)) return y;
  if (std::isnan(y)) return x;
  if (x == y) return (std::signbit(x) == want_min) ? x : y;
  return (x < y) == want_min ? x : y;
}

// Computed in double and rounded once to nearest even: a double holds the sum of two 16-bit
// floats rounded to 53 bits, and 53 >= 2 * 11 + 2, so that second rounding is still correct.
template <bool kBf16, HalfOp kOp>
std::uint16_t half_op(std::uint16_t old, std::uint16_t b) {
  const FloatFormat& fmt = kBf16 ? kBf16Format : kF16Format;
  double x = decode_float(old, fmt);
  double y = decode_float(b, fmt);
  double r = kOp == HalfOp::kAdd ? x + y : half_minmax(x, y, kOp == HalfOp::kMin);
  return static_cast<std::uint16_t>(round_double(r, fmt, Round::kNearestEven));
}

// One 16-bit value, or (kPairs) two packed in 32 bits, each half on its own.
template <bool kBf16, HalfOp kOp, bool kPairs>
std::uint64_t op_half(std::uint64_t old, std::uint64_t b, std::uint64_t, bool) {
  std::uint64_t lo =
      half_op<kBf16, kOp>(static_cast<std::uint16_t>(old), static_cast<std::uint16_t>(b));
  if constexpr (!kPairs) return lo;
  std::uint64_t hi = half_op<kBf16, kOp>(static_cast<std::uint16_t>(old >> 16),
                                         static_cast<std::uint16_t>(b >> 16));
  return lo | (hi << 16);
}

}  // namespace warpsim::func::atomic
