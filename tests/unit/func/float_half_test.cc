// f16/bf16 arithmetic (scalar and packed x2): results against exact double values rounded by the
// test's own ref_round(), plus .ftz, .sat, .relu, min/max rules, abs/neg and the approximations.

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "float_test_util.h"

namespace warpsim::func::testing {
namespace {

const OpShape kH1{16, {16}};
const OpShape kH2{16, {16, 16}};
const OpShape kH3{16, {16, 16, 16}};
const OpShape kX2{32, {32, 32}};

double f16_value(std::uint64_t b) { return value_of(b, 10, 5); }
double bf16_value(std::uint64_t b) { return value_of(b, 7, 8); }

class Lcg {
 public:
  std::uint64_t next() {
    state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
    return state_ >> 33;
  }
  // A random finite f16 (or bf16) with exponent field in [lo, hi].
  std::uint64_t half(int man, int lo, int hi) {
    std::uint64_t field = lo + next() % (hi - lo + 1);
    std::uint64_t frac = next() & ((1u << man) - 1);
    std::uint64_t sign = next() & 1;
    return (sign << 15) | (field << man) | frac;
  }

 private:
  std::uint64_t state_ = 99;
};

// add/sub/mul/fma on random values: each result must be the exact value rounded once.
void check_random(const char* type, int man, int emin, double max_finite, int lo, int hi) {
  auto value = [&](std::uint64_t b) { return man == 10 ? f16_value(b) : bf16_value(b); };
  Lcg rng;
  std::vector<std::vector<std::uint64_t>> in;
  for (int i = 0; i < 100; ++i) {
    in.push_back({rng.half(man, lo, hi), rng.half(man, lo, hi), rng.half(man, lo, hi)});
  }
  for (const char* op : {"add", "sub", "mul", "fma"}) {
    std::string name = op;
    bool fma = name == "fma";
    std::vector<std::uint64_t> got = run_op(fmt::format("{}.rn.{}", op, type), fma ? kH3 : kH2, in);
    for (std::size_t i = 0; i < in.size(); ++i) {
      long double a = value(in[i][0]), b = value(in[i][1]), c = value(in[i][2]);
      long double exact = name == "add" ? a + b : name == "sub" ? a - b : a * b;
      if (fma) exact += c;  // exact in long double for these exponent ranges
      double want = ref_round(static_cast<double>(exact), man, emin, max_finite, Dir::kRn);
      EXPECT_EQ(value(got[i]), want) << op << "." << type << " case " << i;
    }
  }
}

TEST(FloatHalf, F16ArithmeticRoundsOnce) { check_random("f16", 10, -14, 65504, 8, 22); }
TEST(FloatHalf, Bf16ArithmeticRoundsOnce) { check_random("bf16", 7, -126, 0x1.fep127, 120, 134); }

TEST(FloatHalf, TiesSubnormalsAndOverflow) {
  EXPECT_EQ(run_one("add.f16", kH2, {0x3c00, 0x1000}), 0x3c00u);  // 1 + 2^-11: tie to even
  EXPECT_EQ(run_one("add.f16", kH2, {0x3c01, 0x1000}), 0x3c02u);
  EXPECT_EQ(run_one("mul.f16", kH2, {0x0400, 0x3800}), 0x0200u);  // 2^-14 / 2: subnormal
  EXPECT_EQ(run_one("mul.ftz.f16", kH2, {0x0400, 0x3800}), 0x0000u);
  EXPECT_EQ(run_one("add.ftz.f16", kH2, {0x8001, 0x8000}), 0x8000u);
  EXPECT_EQ(run_one("add.f16", kH2, {0x8001, 0x8000}), 0x8001u);
  EXPECT_EQ(run_one("mul.f16", kH2, {0x7bff, 0x4000}), 0x7c00u);  // 65504 * 2 overflows
  EXPECT_EQ(run_one("add.f16", kH2, {0x7c00, 0xfc00}), 0x7fffu);  // inf - inf: canonical NaN
  // fma rounds once: (1 + 2^-10)^2 - 1 = 2^-9 + 2^-20 is a tie in f16 (to even: 2^-9).
  EXPECT_EQ(run_one("fma.rn.f16", kH3, {0x3c01, 0x3c01, 0xbc00}), 0x1800u);
  // bf16: 1 + 2^-100 rounds to 1; a sum needing more than a double's precision.
  EXPECT_EQ(run_one("add.rn.bf16", kH2, {0x3f80, 0x0d80}), 0x3f80u);
  EXPECT_EQ(run_one("fma.rn.bf16", kH3, {0x3f81, 0x3f80, 0x3b80}), 0x3f82u);  // 1.5 ulp: to even
}

TEST(FloatHalf, SatAndRelu) {
  EXPECT_EQ(run_one("add.sat.f16", kH2, {0x3a00, 0x3800}), 0x3c00u);  // 0.75 + 0.5
  EXPECT_EQ(run_one("sub.sat.f16", kH2, {0x3400, 0x3c00}), 0x0000u);  // 0.25 - 1
  EXPECT_EQ(run_one("mul.sat.f16", kH2, {0x7c00, 0x0000}), 0x0000u);  // NaN
  EXPECT_EQ(run_one("fma.rn.sat.f16", kH3, {0x3800, 0x3800, 0x0000}), 0x3400u);
  EXPECT_EQ(run_one("fma.rn.relu.f16", kH3, {0xbc00, 0x3c00, 0x0000}), 0x0000u);
  EXPECT_EQ(run_one("fma.rn.relu.bf16", kH3, {0x3f80, 0x4000, 0xbf80}), 0x3f80u);
  EXPECT_EQ(run_one("fma.rn.relu.bf16", kH3, {0x7fc1, 0x4000, 0xbf80}), 0x7fffu);
}

TEST(FloatHalf, PackedFormsWorkOnEachHalf) {
  // {hi, lo} = {1.0, 2.0} + {0.5, -3.0} = {1.5, -1.0}
  EXPECT_EQ(run_one("add.f16x2", kX2, {0x3c004000, 0x3800c200}), 0x3e00bc00u);
  EXPECT_EQ(run_one("mul.f16x2", kX2, {0x3c004000, 0x3800c200}), 0x3800c600u);
  EXPECT_EQ(run_one("fma.rn.f16x2", {32, {32, 32, 32}}, {0x3c004000, 0x3800c200, 0x3c003c00}),
            0x3e00c500u);
  EXPECT_EQ(run_one("sub.rn.bf16x2", kX2, {0x3f804000, 0x3f00c040}), 0x3f0040a0u);
  EXPECT_EQ(run_one("neg.f16x2", {32, {32}}, {0x3c00bc00}), 0xbc003c00u);
  EXPECT_EQ(run_one("abs.bf16x2", {32, {32}}, {0xbf80ff80}), 0x3f807f80u);
  EXPECT_EQ(run_one("max.f16x2", kX2, {0x3c007e00, 0xbc003800}), 0x3c003800u);
}

TEST(FloatHalf, MinMaxRules) {
  EXPECT_EQ(run_one("min.f16", kH2, {0x8000, 0x0000}), 0x8000u);
  EXPECT_EQ(run_one("max.f16", kH2, {0x8000, 0x0000}), 0x0000u);
  EXPECT_EQ(run_one("min.f16", kH2, {0x7e00, 0x3c00}), 0x3c00u);
  EXPECT_EQ(run_one("min.NaN.f16", kH2, {0x7e00, 0x3c00}), 0x7fffu);
  EXPECT_EQ(run_one("max.bf16", kH2, {0x7fc0, 0xff80}), 0xff80u);
  EXPECT_EQ(run_one("max.NaN.bf16", kH2, {0x3f80, 0xffc0}), 0x7fffu);
  EXPECT_EQ(run_one("min.xorsign.abs.f16", kH2, {0xc000, 0x3c00}), 0xbc00u);  // -|1|
  EXPECT_EQ(run_one("min.ftz.f16", kH2, {0x0001, 0x3c00}), 0x0000u);
}

TEST(FloatHalf, ApproximationsWithinBounds) {
  std::vector<std::vector<std::uint64_t>> in;
  for (std::uint64_t b = 0xc900; b <= 0xcb00; b += 0x11) in.push_back({b});  // -10 .. -14
  for (std::uint64_t b = 0x0000; b < 0x4a00; b += 0x97) in.push_back({b});   // 0 .. 12
  std::vector<std::uint64_t> ex = run_op("ex2.approx.f16", kH1, in);
  std::vector<std::uint64_t> th = run_op("tanh.approx.f16", kH1, in);
  for (std::size_t i = 0; i < in.size(); ++i) {
    double x = f16_value(in[i][0]);
    EXPECT_LE(std::fabs(f16_value(ex[i]) - std::exp2(x)), std::exp2(x) * std::exp2(-9.9)) << x;
    EXPECT_LE(std::fabs(f16_value(th[i]) - std::tanh(x)),
              std::fabs(std::tanh(x)) * 0x1p-10 + 0x1p-24)
        << x;
  }
  std::uint64_t b = run_one("ex2.approx.ftz.bf16", kH1, {0x4000});  // 2^2
  EXPECT_EQ(b, 0x4080u);
}

}  // namespace
}  // namespace warpsim::func::testing
