#pragma once

// The read-modify-write functions of atom/red, one per operation, and the 16-bit float
// conversions the half-precision forms need. Each takes the old memory value and the b (and,
// for cas, c) operands as canonical values of the instruction type and returns the new value;
// only the type's low bytes are stored back, so integer wrap-around needs no masking here.

#include <bit>
#include <cmath>
#include <cstdint>

#include "func/lanes.h"

namespace warpsim::func::atomic {

// `global` says whether the lane's address resolved to global memory: atom.add.f32 flushes
// subnormals there but not in shared memory (the PTX ISA notes on atom).
using Combine = std::uint64_t (*)(std::uint64_t old, std::uint64_t b, std::uint64_t c, bool global);

inline constexpr std::uint32_t kCanonicalNanF32 = 0x7fffffffU;
inline constexpr std::uint16_t kCanonicalNanHalf = 0x7fff;  // f16 and bf16 alike

// ---- 16-bit floats ----

inline float f16_to_f32(std::uint16_t h) {
  std::uint32_t sign = (h & 0x8000U) << 16;
  std::uint32_t exp = (h >> 10) & 0x1fU;
  std::uint32_t mant = h & 0x3ffU;
  if (exp == 0) {
    float mag = std::ldexp(static_cast<float>(mant), -24);
    return sign != 0 ? -mag : mag;
  }
  if (exp == 0x1f) return std::bit_cast<float>(sign | 0x7f800000U | (mant << 13));
  return std::bit_cast<float>(sign | ((exp + 112) << 23) | (mant << 13));
}

// Round to nearest even. A float holds the exact sum of two f16 values rounded once to 24
// bits, and 24 >= 2 * 11 + 2, so rounding that float again to f16 is still correctly rounded.
inline std::uint16_t f32_to_f16(float f) {
  std::uint32_t x = std::bit_cast<std::uint32_t>(f);
  auto sign = static_cast<std::uint16_t>((x >> 16) & 0x8000U);
  std::uint32_t ax = x & 0x7fffffffU;
  if (ax > 0x7f800000U) return kCanonicalNanHalf;
  if (ax >= 0x477ff000U) return sign | 0x7c00U;  // at or past the midpoint of 65504 and 2^16
  if (ax < 0x38800000U) {                        // below 2^-14: an f16 subnormal (or zero)
    float units = std::bit_cast<float>(ax) * 16777216.0F;  // in steps of 2^-24, exact
    return sign | static_cast<std::uint16_t>(std::nearbyint(units));
  }
  std::uint32_t rounded = ax + 0xfffU + ((ax >> 13) & 1U);
  return sign | static_cast<std::uint16_t>((rounded - (112U << 23)) >> 13);
}

inline float bf16_to_f32(std::uint16_t h) {
  return std::bit_cast<float>(static_cast<std::uint32_t>(h) << 16);
}

inline std::uint16_t f32_to_bf16(float f) {
  std::uint32_t x = std::bit_cast<std::uint32_t>(f);
  if ((x & 0x7fffffffU) > 0x7f800000U) return kCanonicalNanHalf;
  std::uint32_t rounded = x + 0x7fffU + ((x >> 16) & 1U);
  return static_cast<std::uint16_t>(rounded >> 16);
}

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
inline float half_minmax(float x, float y, bool want_min) {
  if (std::isnan(x)) return y;
  if (std::isnan(y)) return x;
  if (x == y) return (std::signbit(x) == want_min) ? x : y;
  return (x < y) == want_min ? x : y;
}

template <bool kBf16, HalfOp kOp>
std::uint16_t half_op(std::uint16_t old, std::uint16_t b) {
  float x = kBf16 ? bf16_to_f32(old) : f16_to_f32(old);
  float y = kBf16 ? bf16_to_f32(b) : f16_to_f32(b);
  float r = kOp == HalfOp::kAdd ? x + y : half_minmax(x, y, kOp == HalfOp::kMin);
  return kBf16 ? f32_to_bf16(r) : f32_to_f16(r);
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
