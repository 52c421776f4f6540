// IEEE f32/f64 arithmetic in the four rounding modes: hand-picked values whose exact result lies
// between two floats, and random operands checked against references computed here by other
// means (exact long double values, or the sign of an fma-computed residual).

#include <cfenv>
#include <cfloat>
#include <cmath>
#include <initializer_list>
#include <limits>

#include <gtest/gtest.h>

#include "float_test_util.h"

namespace warpsim::func::testing {
namespace {

// The result in direction d from the round-to-nearest one and the sign of (exact - rn).
template <typename T>
T from_nearest(T rn, T residual, Dir d) {
  T inf = std::numeric_limits<T>::infinity();
  if (residual == 0 || d == Dir::kRn) return rn;
  if (d == Dir::kRp) return residual > 0 ? std::nextafter(rn, inf) : rn;
  if (d == Dir::kRm) return residual < 0 ? std::nextafter(rn, -inf) : rn;
  bool toward_zero = (rn > 0) == (residual < 0);
  return toward_zero ? std::nextafter(rn, T{0}) : rn;
}

class Lcg {
 public:
  std::uint64_t next() {
    state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
    return state_ >> 11;
  }
  // A value with `bits` significant bits and exponent in [-range, range].
  double value(int bits, int range) {
    double m = static_cast<double>((next() >> (53 - bits)) | (std::uint64_t{1} << (bits - 1)));
    int e = static_cast<int>(next() % (2 * range + 1)) - range;
    double v = std::ldexp(m, e - bits + 1);
    return next() % 2 ? -v : v;
  }

 private:
  std::uint64_t state_ = 12345;
};

std::uint64_t f32(float f) { return bits_of(f); }
std::uint64_t f64(double d) { return bits_of(d); }

TEST(FloatRounding, F32HandPickedBetweenFloats) {
  const float one = 1.0f, ulp = 0x1p-23f;
  struct Case {
    const char* op;
    std::vector<std::uint64_t> in;
    float rn, rz, rm, rp;
  };
  const Case cases[] = {
      {"add", {f32(one), f32(0x1p-24f)}, one, one, one, one + ulp},  // a tie: to even
      {"add", {f32(one + ulp), f32(0x1p-24f)}, one + 2 * ulp, one + ulp, one + ulp, one + 2 * ulp},
      {"add", {f32(one), f32(0x3p-25f)}, one + ulp, one, one, one + ulp},
      {"sub", {f32(-one), f32(0x1p-24f)}, -one, -one, -one - ulp, -one},
      {"mul",
       {f32(1 + 0x1p-12f), f32(1 + 0x1p-12f)},
       1 + 0x1p-11f,
       1 + 0x1p-11f,
       1 + 0x1p-11f,
       1 + 0x1p-11f + ulp},
      {"fma",
       {f32(1 + 0x1p-12f), f32(1 + 0x1p-12f), f32(-one)},
       0x1p-11f + 0x1p-24f,
       0x1p-11f + 0x1p-24f,
       0x1p-11f + 0x1p-24f,
       0x1p-11f + 0x1p-24f},  // fused: no rounding
      {"mad",
       {f32(1 + ulp), f32(1 + ulp), f32(-one)},
       0x1p-22f,
       0x1p-22f,
       0x1p-22f,
       0x1p-22f + 0x1p-45f},
      {"div",
       {f32(one), f32(3.0f)},
       std::bit_cast<float>(0x3eaaaaabU),
       std::bit_cast<float>(0x3eaaaaaaU),
       std::bit_cast<float>(0x3eaaaaaaU),
       std::bit_cast<float>(0x3eaaaaabU)},
      {"div",
       {f32(-one), f32(3.0f)},
       std::bit_cast<float>(0xbeaaaaabU),
       std::bit_cast<float>(0xbeaaaaaaU),
       std::bit_cast<float>(0xbeaaaaabU),
       std::bit_cast<float>(0xbeaaaaaaU)},
      {"rcp",
       {f32(3.0f)},
       std::bit_cast<float>(0x3eaaaaabU),
       std::bit_cast<float>(0x3eaaaaaaU),
       std::bit_cast<float>(0x3eaaaaaaU),
       std::bit_cast<float>(0x3eaaaaabU)},
      {"sqrt",
       {f32(2.0f)},
       std::bit_cast<float>(0x3fb504f3U),
       std::bit_cast<float>(0x3fb504f3U),
       std::bit_cast<float>(0x3fb504f3U),
       std::bit_cast<float>(0x3fb504f4U)},
      // Overflow: the directed modes that point back toward zero stop at the largest float.
      {"mul", {f32(0x1p100f), f32(0x1p100f)}, INFINITY, FLT_MAX, FLT_MAX, INFINITY},
      {"mul", {f32(-0x1p100f), f32(0x1p100f)}, -INFINITY, -FLT_MAX, -INFINITY, -FLT_MAX},
      // Underflow: 2^-150 is half the smallest subnormal.
      {"mul", {f32(0x1p-75f), f32(0x1p-75f)}, 0.0f, 0.0f, 0.0f, 0x1p-149f},
      {"mul", {f32(0x1p-100f), f32(0x1p-40f)}, 0x1p-140f, 0x1p-140f, 0x1p-140f, 0x1p-140f},
      // An exact zero sum is -0 only when rounding down.
      {"add", {f32(one), f32(-one)}, 0.0f, 0.0f, -0.0f, 0.0f},
  };
  for (const Case& c : cases) {
    const float want[] = {c.rn, c.rz, c.rm, c.rp};
    for (int m = 0; m < 4; ++m) {
      std::string op = fmt::format("{}.{}.f32", c.op, suffix(kDirs[m]));
      OpShape shape{32, std::vector<unsigned>(c.in.size(), 32)};
      EXPECT_EQ(run_one(op, shape, c.in), f32(want[m])) << op << " " << c.in[0];
    }
  }
}

TEST(FloatRounding, F64HandPickedBetweenDoubles) {
  const double ulp = 0x1p-52;
  const double third_lo = std::bit_cast<double>(0x3fd5555555555555ULL);
  const double sqrt2_lo = std::bit_cast<double>(0x3ff6a09e667f3bccULL);
  // The references' positions relative to the exact values, checked in long double.
  ASSERT_LT(static_cast<long double>(third_lo), 1.0L / 3.0L);
  ASSERT_LT(static_cast<long double>(sqrt2_lo), std::sqrt(2.0L));
  ASSERT_GT(static_cast<long double>(std::nextafter(sqrt2_lo, 2.0)), std::sqrt(2.0L));
  const double third_hi = std::nextafter(third_lo, 1.0);
  const double sqrt2_hi = std::nextafter(sqrt2_lo, 2.0);
  struct Case {
    const char* op;
    std::vector<std::uint64_t> in;
    double rn, rz, rm, rp;
  };
  const Case cases[] = {
      {"add", {f64(1.0), f64(0x1p-53)}, 1.0, 1.0, 1.0, 1 + ulp},
      {"add", {f64(-1.0), f64(-0x3p-54)}, -1 - ulp, -1.0, -1 - ulp, -1.0},
      {"mul",
       {f64(1 + 0x1p-26), f64(1 + 0x1p-27)},
       1 + 0x3p-27,
       1 + 0x3p-27,
       1 + 0x3p-27,
       1 + 0x3p-27 + ulp},
      {"fma",
       {f64(1 + 0x1p-26), f64(1 + 0x1p-26), f64(-1.0)},
       0x1p-25 + 0x1p-52,
       0x1p-25 + 0x1p-52,
       0x1p-25 + 0x1p-52,
       0x1p-25 + 0x1p-52},
      {"div", {f64(1.0), f64(3.0)}, third_lo, third_lo, third_lo, third_hi},
      {"rcp", {f64(-3.0)}, -third_lo, -third_lo, -third_hi, -third_lo},
      {"sqrt", {f64(2.0)}, sqrt2_hi, sqrt2_lo, sqrt2_lo, sqrt2_hi},
      {"sub", {f64(0.5), f64(0.5)}, 0.0, 0.0, -0.0, 0.0},
  };
  for (const Case& c : cases) {
    const double want[] = {c.rn, c.rz, c.rm, c.rp};
    for (int m = 0; m < 4; ++m) {
      std::string op = fmt::format("{}.{}.f64", c.op, suffix(kDirs[m]));
      OpShape shape{64, std::vector<unsigned>(c.in.size(), 64)};
      EXPECT_EQ(run_one(op, shape, c.in), f64(want[m])) << op;
    }
  }
}

// Random operands whose exact sum, product or fma fits in long double's 64-bit significand
// (a TwoSum in long double confirms it), rounded here by round_exact().
struct ExactOp {
  const char* name;
  int bits_ab;  // significant bits of a and b
  int bits_c;
  int range;  // exponents in [-range, range]
};

template <typename T>
void check_exact_ops(std::initializer_list<ExactOp> ops) {
  Lcg rng;
  const char* type = sizeof(T) == 4 ? "f32" : "f64";
  unsigned width = sizeof(T) * 8;
  for (const ExactOp& e : ops) {
    std::string name = e.name;
    std::vector<std::vector<std::uint64_t>> inputs;
    std::vector<long double> exact;
    while (inputs.size() < 64) {
      T a = static_cast<T>(rng.value(e.bits_ab, e.range));
      T b = static_cast<T>(rng.value(e.bits_ab, e.range));
      T c = static_cast<T>(rng.value(e.bits_c, e.range));
      long double x = a;  // the two addends of the final, possibly inexact, addition
      long double y = name == "sub" ? -static_cast<long double>(b) : b;
      if (name == "mul") y = 0;
      if (name == "mul" || name == "fma") x = static_cast<long double>(a) * b;  // exact
      if (name == "fma") y = c;
      long double s = x + y;
      long double bb = s - x;
      if ((x - (s - bb)) + (y - bb) != 0) continue;
      inputs.push_back({bits_of(a), bits_of(b), bits_of(c)});
      exact.push_back(s);
    }
    OpShape shape{width, std::vector<unsigned>(name == "fma" ? 3 : 2, width)};
    for (Dir d : kDirs) {
      std::string op = fmt::format("{}.{}.{}", name, suffix(d), type);
      std::vector<std::uint64_t> got = run_op(op, shape, inputs);
      for (std::size_t i = 0; i < inputs.size(); ++i) {
        EXPECT_EQ(got[i], bits_of(round_exact<T>(exact[i], d))) << op << " case " << i;
      }
    }
  }
}

TEST(FloatRounding, F32RandomExactReferences) {
  check_exact_ops<float>(
      {{"add", 24, 24, 20}, {"sub", 24, 24, 20}, {"mul", 24, 24, 20}, {"fma", 24, 24, 12}});
}
TEST(FloatRounding, F64RandomExactReferences) {
  check_exact_ops<double>(
      {{"add", 53, 53, 5}, {"sub", 53, 53, 5}, {"mul", 30, 30, 30}, {"fma", 26, 30, 3}});
}

// Division and square root: the residual a - q*b (or x - s*s), exact by fma, says on which side
// of the round-to-nearest result the exact value lies.
template <typename T>
void check_div_sqrt() {
  Lcg rng;
  const char* type = sizeof(T) == 4 ? "f32" : "f64";
  unsigned width = sizeof(T) * 8;
  int bits = sizeof(T) == 4 ? 24 : 53;
  std::vector<std::vector<std::uint64_t>> div_in, sqrt_in;
  std::vector<T> div_rn, div_res, sqrt_rn, sqrt_res;
  for (int i = 0; i < 64; ++i) {
    T a = static_cast<T>(rng.value(bits, 30));
    T b = static_cast<T>(rng.value(bits, 30));
    T q = a / b;
    div_in.push_back({bits_of(a), bits_of(b)});
    div_rn.push_back(q);
    div_res.push_back(std::fma(-q, b, a) * (b < 0 ? -1 : 1));
    T x = std::fabs(a);
    T s = std::sqrt(x);
    sqrt_in.push_back({bits_of(x)});
    sqrt_rn.push_back(s);
    sqrt_res.push_back(std::fma(-s, s, x));
  }
  for (Dir d : kDirs) {
    std::vector<std::uint64_t> got =
        run_op(fmt::format("div.{}.{}", suffix(d), type), {width, {width, width}}, div_in);
    for (std::size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i], bits_of(from_nearest(div_rn[i], div_res[i], d))) << suffix(d) << " " << i;
    }
    got = run_op(fmt::format("sqrt.{}.{}", suffix(d), type), {width, {width}}, sqrt_in);
    for (std::size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i], bits_of(from_nearest(sqrt_rn[i], sqrt_res[i], d))) << suffix(d) << i;
    }
  }
}

TEST(FloatRounding, F32DivSqrtAllModes) { check_div_sqrt<float>(); }
TEST(FloatRounding, F64DivSqrtAllModes) { check_div_sqrt<double>(); }

TEST(FloatRounding, LeavesHostRoundingModeAlone) {
  run_one("add.rp.f32", kF32x2, {f32(1.0f), f32(0x1p-30f)});
  run_one("fma.rm.f64", kF64x3, {f64(1.0), f64(3.0), f64(0x1p-60)});
  EXPECT_EQ(std::fegetround(), FE_TONEAREST);
}

}  // namespace
}  // namespace warpsim::func::testing
