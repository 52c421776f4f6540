#pragma once

// Shared pieces of the floating-point family: per-type bit helpers for lane loops, the .ftz and
// .sat post-processing, a scoped host rounding mode for the directed IEEE modes, and the
// sub-selectors that select_float() dispatches to.
//
// Results follow the GPU, not the host: a NaN result is the canonical NaN (0x7fffffff for f32,
// all-ones payload for f64/f16/bf16), whatever NaN the host produced.

#include <cfenv>
#include <cmath>
#include <cstdint>

#include "func/handlers.h"
#include "func/ops/float/rounding.h"

namespace warpsim::func {

template <typename T>
struct FloatBits;

template <>
struct FloatBits<float> {
  static constexpr ptx::DataType kType = ptx::DataType::kF32;
  static constexpr std::uint64_t kNaN = 0x7fffffffU;
  static constexpr std::uint64_t kSign = 0x80000000U;
  static constexpr std::uint64_t kExpMask = 0x7f800000U;
  static constexpr std::uint64_t kOne = 0x3f800000U;
  static float get(std::uint64_t v) { return as_f32(v); }
  static std::uint64_t put(float f) { return f != f ? kNaN : f32_bits(f); }
};

template <>
struct FloatBits<double> {
  static constexpr ptx::DataType kType = ptx::DataType::kF64;
  static constexpr std::uint64_t kNaN = 0x7fffffffffffffffULL;
  static constexpr std::uint64_t kSign = 0x8000000000000000ULL;
  static constexpr std::uint64_t kExpMask = 0x7ff0000000000000ULL;
  static constexpr std::uint64_t kOne = 0x3ff0000000000000ULL;
  static double get(std::uint64_t v) { return as_f64(v); }
  static std::uint64_t put(double d) { return d != d ? kNaN : f64_bits(d); }
};

// A subnormal (or zero) becomes the zero of the same sign.
template <typename T>
inline std::uint64_t flush_subnormal(std::uint64_t bits) {
  return (bits & FloatBits<T>::kExpMask) == 0 ? bits & FloatBits<T>::kSign : bits;
}

// .sat: clamp to [+0.0, 1.0]; NaN gives +0.0.
template <typename T>
inline std::uint64_t saturate(std::uint64_t bits) {
  T v = FloatBits<T>::get(bits);
  if (!(v > 0)) return 0;
  if (v >= 1) return FloatBits<T>::kOne;
  return bits;
}

// The ftz/sat tail shared by most f32/f64 handlers, applied to the lanes' result bits.
template <typename T>
inline void finish_lanes(LaneValues& d, bool ftz, bool sat) {
  if (ftz) {
    for (unsigned l = 0; l < kWarpSize; ++l) d.v[l] = flush_subnormal<T>(d.v[l]);
  }
  if (sat) {
    for (unsigned l = 0; l < kWarpSize; ++l) d.v[l] = saturate<T>(d.v[l]);
  }
}

inline void flush_lanes_f32(LaneValues& v) {
  for (unsigned l = 0; l < kWarpSize; ++l) v.v[l] = flush_subnormal<float>(v.v[l]);
}

// Keeps a value in memory across the call, so the compiler can neither move the arithmetic that
// produces or consumes it across a rounding-mode change nor fold it under the default mode.
template <typename T>
inline void fp_barrier(T& v) {
  __asm__ __volatile__("" : "+m"(v) : : "memory");
}

// Sets the host FPU's rounding mode for the lifetime of the object and restores the previous
// (default) mode after; round to nearest sets nothing.
class ScopedRounding {
 public:
  explicit ScopedRounding(Round mode) : saved_(std::fegetround()) {
    int host = FE_TONEAREST;
    if (mode == Round::kZero) host = FE_TOWARDZERO;
    if (mode == Round::kDown) host = FE_DOWNWARD;
    if (mode == Round::kUp) host = FE_UPWARD;
    changed_ = host != saved_;
    if (changed_) std::fesetround(host);
  }
  ~ScopedRounding() {
    if (changed_) std::fesetround(saved_);
  }
  ScopedRounding(const ScopedRounding&) = delete;
  ScopedRounding& operator=(const ScopedRounding&) = delete;

 private:
  int saved_;
  bool changed_ = false;
};

bool is_half_type(ptx::DataType type);

// IEEE add/sub/mul/mad/fma/div/rcp/sqrt on f32/f64 in any rounding mode.     arith.cc
ExecFn select_ieee(const ptx::Instruction& inst);
// .approx/.full math on f32/f64: div, rcp, sqrt, rsqrt, sin, cos, lg2, ex2, tanh. approx.cc
ExecFn select_approx(const ptx::Instruction& inst);
// min, max, abs, neg, copysign, testp on f32/f64.                            misc.cc
ExecFn select_misc(const ptx::Instruction& inst);
// f16/f16x2/bf16/bf16x2 arithmetic, min/max, abs/neg, ex2 and tanh.          half.cc
ExecFn select_half(const ptx::Instruction& inst);
// cvt between any two types; cvt.pack.                                      convert*.cc
ExecFn select_convert(const ptx::Instruction& inst);
ExecFn select_cvt_pack(const ptx::Instruction& inst);

}  // namespace warpsim::func
