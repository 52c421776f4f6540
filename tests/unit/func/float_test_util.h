#pragma once

// Helpers for the floating-point family's tests: run one PTX instruction on many input tuples
// (each tuple becomes mov-immediate sources, the instruction and a store of its destination, in
// a kernel run by one full warp), and bit-pattern conversions for building inputs.

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "func_test_util.h"

namespace warpsim::func::testing {

inline std::uint64_t bits_of(float f) { return std::bit_cast<std::uint32_t>(f); }
inline std::uint64_t bits_of(double d) { return std::bit_cast<std::uint64_t>(d); }
inline float f32_of(std::uint64_t b) { return std::bit_cast<float>(static_cast<std::uint32_t>(b)); }
inline double f64_of(std::uint64_t b) { return std::bit_cast<double>(b); }

// Register widths of an instruction's destination and sources: 16, 32 or 64 bits, or 1 for a
// .pred destination.
struct OpShape {
  unsigned dst = 32;
  std::vector<unsigned> src;
};

inline std::string reg_prefix(unsigned bits) {
  switch (bits) {
    case 1:
      return "%p";
    case 16:
      return "%h";
    case 64:
      return "%rd";
    default:
      return "%r";
  }
}

// Executes `op` (the opcode with its modifiers, e.g. "add.rz.f32") once per tuple of `inputs`
// and returns each destination's bits (a .pred destination as 0 or 1).
inline std::vector<std::uint64_t> run_op(const std::string& op, const OpShape& shape,
                                         const std::vector<std::vector<std::uint64_t>>& inputs) {
  std::string body;
  unsigned next[65] = {};
  auto fresh = [&](unsigned bits) {
    return reg_prefix(bits) + std::to_string(++next[bits == 1 ? 1 : bits]);
  };
  body += "ld.param.u64 %rd0, [out];\n";
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    std::string operands;
    for (std::size_t i = 0; i < shape.src.size(); ++i) {
      unsigned bits = shape.src[i];
      std::string r = fresh(bits);
      body += fmt::format("mov.b{} {}, 0x{:x};\n", bits, r, inputs[k].at(i));
      operands += ", " + r;
    }
    std::string d = fresh(shape.dst);
    body += fmt::format("{} {}{};\n", op, d, operands);
    if (shape.dst == 1) {
      std::string r = fresh(32);
      body += fmt::format("mov.b32 {0}, 0;\n@{1} mov.b32 {0}, 1;\n", r, d);
      d = r;
    }
    unsigned store_bits = shape.dst == 1 ? 32 : shape.dst;
    body += fmt::format("st.global.b{} [%rd0+{}], {};\n", store_bits, 8 * k, d);
  }
  std::string decls =
      fmt::format(".reg .pred %p<{}>;\n.reg .b16 %h<{}>;\n.reg .b32 %r<{}>;\n.reg .b64 %rd<{}>;\n",
                  next[1] + 1, next[16] + 1, next[32] + 1, next[64] + 1);
  FuncRunner r(kernel_ptx("k", ".param .u64 out", decls + body));
  Addr out = r.upload(std::vector<std::uint64_t>(inputs.size(), 0));
  r.launch("k", {1, 1, 1}, {32, 1, 1}, out);
  std::vector<std::uint64_t> got = r.download<std::uint64_t>(out, inputs.size());
  unsigned bits = shape.dst == 1 ? 32 : shape.dst;
  for (std::uint64_t& g : got) g &= bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
  return got;
}

// The same instruction on one input tuple.
inline std::uint64_t run_one(const std::string& op, const OpShape& shape,
                             const std::vector<std::uint64_t>& input) {
  return run_op(op, shape, {input}).at(0);
}

// IEEE rounding directions, as the PTX suffix names them.
enum class Dir { kRn, kRz, kRm, kRp };
inline constexpr Dir kDirs[] = {Dir::kRn, Dir::kRz, Dir::kRm, Dir::kRp};
inline const char* suffix(Dir d) {
  switch (d) {
    case Dir::kRz:
      return "rz";
    case Dir::kRm:
      return "rm";
    case Dir::kRp:
      return "rp";
    default:
      return "rn";
  }
}

// `exact` rounded to T in direction d: the host's nearest value, stepped once if it lies on the
// wrong side of `exact`.
template <typename T>
T round_exact(long double exact, Dir d) {
  T f = static_cast<T>(exact);
  long double lf = f;
  if (d == Dir::kRz && std::fabs(lf) > std::fabs(exact)) f = std::nextafter(f, T{0});
  if (d == Dir::kRp && lf < exact) f = std::nextafter(f, std::numeric_limits<T>::infinity());
  if (d == Dir::kRm && lf > exact) f = std::nextafter(f, -std::numeric_limits<T>::infinity());
  return f;
}

inline double round_int(double x, Dir d) {
  switch (d) {
    case Dir::kRz:
      return std::trunc(x);
    case Dir::kRm:
      return std::floor(x);
    case Dir::kRp:
      return std::ceil(x);
    default:
      return std::nearbyint(x);  // the default rounding mode: ties to even
  }
}

// A reference rounding to a small binary format (man fraction bits, emin, largest finite), by
// scaling the value so the last kept bit has weight 1 and rounding with the C library.
inline double ref_round(double x, int man, int emin, double max_finite, Dir d) {
  if (std::isnan(x) || std::isinf(x) || x == 0) return x;
  int e = std::ilogb(x);
  if (e < emin) e = emin;
  double r = std::ldexp(round_int(std::ldexp(x, man - e), d), e - man);
  if (std::fabs(r) > max_finite) {
    bool to_inf = d == Dir::kRn || (d == Dir::kRp && x > 0) || (d == Dir::kRm && x < 0);
    return to_inf ? std::copysign(INFINITY, x) : std::copysign(max_finite, x);
  }
  return r;
}

// The value of an IEEE-style bit pattern with `man` fraction and `exp` exponent bits; without
// `specials` (E4M3) the all-ones exponent holds finite values too.
inline double value_of(std::uint64_t bits, int man, int exp, bool specials = true) {
  int bias = (1 << (exp - 1)) - 1;
  bool neg = (bits >> (man + exp)) & 1;
  int field = static_cast<int>((bits >> man) & ((1u << exp) - 1));
  double frac = static_cast<double>(bits & ((1ULL << man) - 1));
  double v;
  if (specials && field == (1 << exp) - 1) {
    v = frac == 0 ? INFINITY : std::numeric_limits<double>::quiet_NaN();
  } else if (field == 0) {
    v = std::ldexp(frac, 1 - bias - man);
  } else {
    v = std::ldexp(frac + std::ldexp(1.0, man), field - bias - man);
  }
  return neg ? -v : v;
}

inline const OpShape kF32x1{32, {32}};
inline const OpShape kF32x2{32, {32, 32}};
inline const OpShape kF32x3{32, {32, 32, 32}};
inline const OpShape kF64x1{64, {64}};
inline const OpShape kF64x2{64, {64, 64}};
inline const OpShape kF64x3{64, {64, 64, 64}};

}  // namespace warpsim::func::testing
