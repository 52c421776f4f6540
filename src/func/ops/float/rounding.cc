#include "func/ops/float/rounding.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace warpsim::func {

namespace {

std::uint64_t overflow_result(bool neg, const FloatFormat& fmt, Round mode, bool satfinite) {
  std::uint64_t sign = neg ? fmt.sign_bit() : 0;
  bool to_inf = mode == Round::kNearestEven || mode == Round::kNearestAway ||
                (mode == Round::kUp && !neg) || (mode == Round::kDown && neg);
  if (satfinite || !to_inf) return sign | fmt.max_finite;
  return fmt.has_inf ? sign | fmt.inf_bits() : fmt.nan;
}

bool round_up(Round mode, bool neg, bool odd, bool half, bool above_half, bool inexact) {
  switch (mode) {
    case Round::kNearestEven:
      return above_half || (half && odd);
    case Round::kNearestAway:
      return above_half || half;
    case Round::kZero:
      return false;
    case Round::kUp:
      return inexact && !neg;
    case Round::kDown:
      return inexact && neg;
  }
  return false;
}

}  // namespace

std::uint64_t round_pack(bool neg, std::uint64_t sig, int exp, const FloatFormat& fmt, Round mode,
                         bool satfinite) {
  std::uint64_t sign = neg ? fmt.sign_bit() : 0;
  if (sig == 0) return sign;
  int lz = std::countl_zero(sig);
  sig <<= lz;
  exp -= lz;
  // The value is now sig * 2^exp with bit 63 of sig set: its leading bit has weight 2^(exp+63).
  int lead = exp + 63;
  int emin = 1 - fmt.bias();
  int man = static_cast<int>(fmt.man_bits);
  int shift = 63 - man + std::max(0, emin - lead);  // bits below the result's last place
  std::uint64_t base = lead >= emin ? static_cast<std::uint64_t>(lead + fmt.bias() - 1) : 0;
  std::uint64_t kept = 0;
  bool half = false;
  bool above = false;
  if (shift < 64) {
    kept = sig >> shift;
    std::uint64_t rem = sig & ((std::uint64_t{1} << shift) - 1);
    std::uint64_t halfway = std::uint64_t{1} << (shift - 1);
    half = rem == halfway;
    above = rem > halfway;
  } else if (shift == 64) {
    half = sig == (std::uint64_t{1} << 63);
    above = !half;
  }
  // For shift > 64 the value is nonzero but below half the smallest subnormal.
  bool inexact = shift >= 64 || (sig & ((std::uint64_t{1} << shift) - 1)) != 0;
  if (round_up(mode, neg, (kept & 1) != 0, half, above, inexact)) ++kept;
  // `kept` carries the implicit bit, so a carry out of the fraction bumps the exponent.
  std::uint64_t mag = (base << man) + kept;
  if (mag > fmt.max_finite) return overflow_result(neg, fmt, mode, satfinite);
  return sign | mag;
}

std::uint64_t round_double(double v, const FloatFormat& fmt, Round mode, bool satfinite) {
  if (std::isnan(v)) return fmt.nan;
  bool neg = std::signbit(v);
  if (std::isinf(v)) {
    if (satfinite) return (neg ? fmt.sign_bit() : 0) | fmt.max_finite;
    return fmt.has_inf ? (neg ? fmt.sign_bit() : 0) | fmt.inf_bits() : fmt.nan;
  }
  std::uint64_t bits = std::bit_cast<std::uint64_t>(v);
  std::uint64_t biased = (bits >> 52) & 0x7ff;
  std::uint64_t frac = bits & ((std::uint64_t{1} << 52) - 1);
  if (biased == 0) return round_pack(neg, frac, -1074, fmt, mode, satfinite);
  return round_pack(neg, frac | (std::uint64_t{1} << 52), static_cast<int>(biased) - 1075, fmt,
                    mode, satfinite);
}

double decode_float(std::uint64_t bits, const FloatFormat& fmt) {
  bool neg = (bits & fmt.sign_bit()) != 0;
  std::uint64_t mag = bits & (fmt.sign_bit() - 1);
  std::uint64_t field = mag >> fmt.man_bits;
  std::uint64_t frac = mag & ((std::uint64_t{1} << fmt.man_bits) - 1);
  double v;
  if (mag > fmt.max_finite) {
    v = fmt.has_inf && mag == fmt.inf_bits() ? HUGE_VAL : std::nan("");
  } else if (field == 0) {
    v = std::ldexp(static_cast<double>(frac), 1 - fmt.bias() - static_cast<int>(fmt.man_bits));
  } else {
    v = std::ldexp(static_cast<double>(frac | (std::uint64_t{1} << fmt.man_bits)),
                   static_cast<int>(field) - fmt.bias() - static_cast<int>(fmt.man_bits));
  }
  return neg ? -v : v;
}

double to_odd(double s, double e) {
  if (e == 0 || !std::isfinite(s)) return s;
  // s + e lies strictly between s and its neighbour in e's direction; truncating it gives s when
  // e points away from zero, else s's neighbour toward zero.
  double t = std::signbit(e) == std::signbit(s) ? s : std::nextafter(s, 0.0);
  return std::bit_cast<double>(std::bit_cast<std::uint64_t>(t) | 1);
}

Round rounding_of(const ptx::Instruction& inst, Round fallback) {
  switch (inst.mod(ptx::ModCat::kRounding)) {
    case ptx::Mod::kRn:
    case ptx::Mod::kRni:
      return Round::kNearestEven;
    case ptx::Mod::kRz:
    case ptx::Mod::kRzi:
      return Round::kZero;
    case ptx::Mod::kRm:
    case ptx::Mod::kRmi:
      return Round::kDown;
    case ptx::Mod::kRp:
    case ptx::Mod::kRpi:
      return Round::kUp;
    case ptx::Mod::kRna:
      return Round::kNearestAway;
    default:
      return fallback;
  }
}

bool integer_rounding_of(const ptx::Instruction& inst, Round& mode) {
  ptx::Mod m = inst.mod(ptx::ModCat::kRounding);
  if (m != ptx::Mod::kRni && m != ptx::Mod::kRzi && m != ptx::Mod::kRmi && m != ptx::Mod::kRpi) {
    return false;
  }
  mode = rounding_of(inst);
  return true;
}

double round_integral(double v, Round mode) {
  if (!std::isfinite(v)) return v;
  double r;
  switch (mode) {
    case Round::kZero:
      r = std::trunc(v);
      break;
    case Round::kDown:
      r = std::floor(v);
      break;
    case Round::kUp:
      r = std::ceil(v);
      break;
    case Round::kNearestAway:
      r = std::round(v);
      break;
    case Round::kNearestEven:
    default: {
      // Independent of the host's rounding mode: floor, then settle ties on the even side.
      r = std::floor(v);
      double frac = v - r;  // exact: |v| < 2^52 whenever v has a fraction
      if (frac > 0.5 || (frac == 0.5 && std::fmod(r, 2.0) != 0)) r += 1;
      break;
    }
  }
  return r == 0 ? std::copysign(0.0, v) : r;
}

}  // namespace warpsim::func
