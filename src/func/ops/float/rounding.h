#pragma once

// Exact rounding to binary floating-point formats, in software: every conversion (and the
// f16/bf16 arithmetic) rounds through round_pack(), which sees the exact value as a 64-bit
// significand times a power of two, so no result depends on the host FPU's rounding mode and
// no value is rounded twice. Round-to-odd (to_odd) carries an exact sum of two doubles into it.

#include <cstdint>

#include "ptx/ir.h"

namespace warpsim::func {

enum class Round : std::uint8_t { kNearestEven, kZero, kDown, kUp, kNearestAway };

// A sign bit, `exp_bits` of biased exponent and `man_bits` of fraction, IEEE-style (subnormals,
// bias 2^(exp_bits-1) - 1). E4M3 has no infinity: its all-ones exponent holds finite values and
// only S.1111.111 is NaN, which `max_finite` expresses.
struct FloatFormat {
  unsigned man_bits;
  unsigned exp_bits;
  bool has_inf;
  std::uint64_t nan;         // the canonical NaN
  std::uint64_t max_finite;  // magnitude bits of the largest finite value

  std::uint64_t sign_bit() const { return std::uint64_t{1} << (man_bits + exp_bits); }
  std::uint64_t inf_bits() const { return ((std::uint64_t{1} << exp_bits) - 1) << man_bits; }
  int bias() const { return (1 << (exp_bits - 1)) - 1; }
};

inline constexpr FloatFormat kF64Format{52, 11, true, 0x7fffffffffffffffULL, 0x7fefffffffffffffULL};
inline constexpr FloatFormat kF32Format{23, 8, true, 0x7fffffffU, 0x7f7fffffU};
inline constexpr FloatFormat kTf32Format{10, 8, true, 0x3ffffU, 0x3fbffU};  // f32 >> 13
inline constexpr FloatFormat kF16Format{10, 5, true, 0x7fffU, 0x7bffU};
inline constexpr FloatFormat kBf16Format{7, 8, true, 0x7fffU, 0x7f7fU};
inline constexpr FloatFormat kE4m3Format{3, 4, false, 0x7fU, 0x7eU};
inline constexpr FloatFormat kE5m2Format{2, 5, true, 0x7fU, 0x7bU};

// The bits of (-1)^neg * sig * 2^exp rounded to `fmt`. The lowest set bit of `sig` may stand in
// for a sticky remainder when sig carries at least two bits more than fmt's precision.
// `satfinite`: overflow (and infinity) gives the largest finite value instead of inf/NaN.
std::uint64_t round_pack(bool neg, std::uint64_t sig, int exp, const FloatFormat& fmt, Round mode,
                         bool satfinite = false);
// `v` (exact, or rounded to odd) rounded to `fmt`; NaN gives fmt.nan.
std::uint64_t round_double(double v, const FloatFormat& fmt, Round mode, bool satfinite = false);
// The exact value of a `fmt` bit pattern (NaN patterns give a quiet NaN).
double decode_float(std::uint64_t bits, const FloatFormat& fmt);

// s + e, where s = fl(s + e) is the round-to-nearest sum of two doubles and e its exact error,
// as a double rounded to odd: exact when e == 0, else the truncation of s + e with its last bit
// set. Rounding that once more to a format at least two bits narrower is correctly rounded.
double to_odd(double s, double e);
// The exact error of fl(a + b) == s (Knuth's TwoSum; exact for finite a, b).
inline double two_sum_error(double a, double b, double s) {
  double bb = s - a;
  return (a - (s - bb)) + (b - bb);
}

// The rounding-mode modifier of `inst` (.rn/.rz/.rm/.rp/.rna); `fallback` when it has none.
Round rounding_of(const ptx::Instruction& inst, Round fallback = Round::kNearestEven);
// The integer-rounding modifier of `inst` (.rni/.rzi/.rmi/.rpi) as a Round; false if none.
bool integer_rounding_of(const ptx::Instruction& inst, Round& mode);
// `v` rounded to an integral value in `mode` (NaN and infinities unchanged, zero keeps its sign).
double round_integral(double v, Round mode);

}  // namespace warpsim::func
