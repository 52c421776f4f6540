// f32/f64 instructions other than the rounding modes: .ftz, .sat, NaN results, min/max, abs,
// neg, copysign, testp, the approximate functions (within the PTX ISA's bounds) and per-lane
// execution under a partial mask.

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "float_test_util.h"

namespace warpsim::func::testing {
namespace {

std::uint64_t f32(float f) { return bits_of(f); }
std::uint64_t f64(double d) { return bits_of(d); }
constexpr std::uint64_t kNaN32 = 0x7fffffff;
constexpr std::uint64_t kNaN64 = 0x7fffffffffffffffULL;
const float kSub = 0x1p-140f;  // an f32 subnormal

TEST(FloatOps, FtzFlushesSubnormalInputsAndResults) {
  EXPECT_EQ(run_one("add.f32", kF32x2, {f32(kSub), f32(0.0f)}), f32(kSub));
  EXPECT_EQ(run_one("add.ftz.f32", kF32x2, {f32(kSub), f32(0.0f)}), f32(0.0f));
  EXPECT_EQ(run_one("add.ftz.f32", kF32x2, {f32(-kSub), f32(-0.0f)}), f32(-0.0f));
  EXPECT_EQ(run_one("mul.rn.f32", kF32x2, {f32(0x1p-100f), f32(0x1p-40f)}), f32(0x1p-140f));
  EXPECT_EQ(run_one("mul.rn.ftz.f32", kF32x2, {f32(-0x1p-100f), f32(0x1p-40f)}), f32(-0.0f));
  EXPECT_EQ(run_one("fma.rn.ftz.f32", kF32x3, {f32(kSub), f32(0x1p100f), f32(1.0f)}), f32(1.0f));
  EXPECT_EQ(run_one("fma.rn.f32", kF32x3, {f32(kSub), f32(0x1p100f), f32(0.0f)}), f32(0x1p-40f));
  // Directed rounding sees the flushed input: 1 + 0 is exact, 1 + 2^-140 rounds up.
  EXPECT_EQ(run_one("add.rp.ftz.f32", kF32x2, {f32(kSub), f32(1.0f)}), f32(1.0f));
  EXPECT_EQ(run_one("add.rp.f32", kF32x2, {f32(kSub), f32(1.0f)}), f32(1 + 0x1p-23f));
  EXPECT_EQ(run_one("div.rn.ftz.f32", kF32x2, {f32(1.0f), f32(kSub)}), f32(INFINITY));
  EXPECT_EQ(run_one("sqrt.rn.ftz.f32", kF32x1, {f32(-kSub)}), f32(-0.0f));
  // f64 has no .ftz on IEEE ops: subnormals always survive.
  EXPECT_EQ(run_one("mul.rn.f64", kF64x2, {f64(0x1p-1000), f64(0x1p-40)}), f64(0x1p-1040));
}

TEST(FloatOps, SatClampsToUnitIntervalAndNaNToZero) {
  EXPECT_EQ(run_one("add.sat.f32", kF32x2, {f32(0.75f), f32(0.5f)}), f32(1.0f));
  EXPECT_EQ(run_one("add.sat.f32", kF32x2, {f32(0.25f), f32(0.5f)}), f32(0.75f));
  EXPECT_EQ(run_one("sub.sat.f32", kF32x2, {f32(0.25f), f32(3.0f)}), f32(0.0f));
  EXPECT_EQ(run_one("mul.sat.f32", kF32x2, {f32(INFINITY), f32(0.0f)}), f32(0.0f));
  EXPECT_EQ(run_one("fma.rn.sat.f32", kF32x3, {f32(2.0f), f32(2.0f), f32(-3.5f)}), f32(0.5f));
  EXPECT_EQ(run_one("mad.rn.ftz.sat.f32", kF32x3, {f32(-1.0f), f32(kSub), f32(-0.0f)}), f32(0.0f));
}

TEST(FloatOps, NaNResultsAreCanonical) {
  EXPECT_EQ(run_one("add.f32", kF32x2, {f32(INFINITY), f32(-INFINITY)}), kNaN32);
  EXPECT_EQ(run_one("mul.rz.f32", kF32x2, {0xffc00123, f32(2.0f)}), kNaN32);
  EXPECT_EQ(run_one("sqrt.rn.f32", kF32x1, {f32(-1.0f)}), kNaN32);
  EXPECT_EQ(run_one("div.rn.f64", kF64x2, {f64(0.0), f64(0.0)}), kNaN64);
  EXPECT_EQ(run_one("fma.rp.f64", kF64x3, {0xfff0000000000001ULL, f64(1.0), f64(1.0)}), kNaN64);
}

TEST(FloatOps, MadWithoutRoundingIsFused) {
  // (1 + 2^-12)^2 - 1 needs the unrounded product; a separate mul would lose 2^-24.
  EXPECT_EQ(run_one("mad.f32", kF32x3, {f32(1 + 0x1p-12f), f32(1 + 0x1p-12f), f32(-1.0f)}),
            f32(0x1p-11f + 0x1p-24f));
  EXPECT_EQ(run_one("mad.rn.f64", kF64x3, {f64(1 + 0x1p-27), f64(1 + 0x1p-27), f64(-1.0)}),
            f64(0x1p-26 + 0x1p-54));
}

TEST(FloatOps, MinMaxNaNAndSignedZeroRules) {
  struct Case {
    const char* op;
    float a, b;
    std::uint64_t want;
  };
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const Case cases[] = {
      {"min.f32", 1.0f, 2.0f, f32(1.0f)},
      {"max.f32", 1.0f, 2.0f, f32(2.0f)},
      {"min.f32", nan, 2.0f, f32(2.0f)},
      {"max.f32", 2.0f, nan, f32(2.0f)},
      {"min.f32", nan, nan, kNaN32},
      {"min.NaN.f32", nan, 2.0f, kNaN32},
      {"max.NaN.f32", 2.0f, nan, kNaN32},
      {"min.f32", -0.0f, 0.0f, f32(-0.0f)},
      {"min.f32", 0.0f, -0.0f, f32(-0.0f)},
      {"max.f32", -0.0f, 0.0f, f32(0.0f)},
      {"max.f32", 0.0f, -0.0f, f32(0.0f)},
      {"min.ftz.f32", kSub, 1.0f, f32(0.0f)},
      {"min.f32", kSub, 1.0f, f32(kSub)},
      {"min.xorsign.abs.f32", -5.0f, 3.0f, f32(-3.0f)},
      {"max.xorsign.abs.f32", -5.0f, -3.0f, f32(5.0f)},
      {"max.xorsign.abs.f32", -5.0f, 3.0f, f32(-5.0f)},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(run_one(c.op, kF32x2, {f32(c.a), f32(c.b)}), c.want) << c.op << " " << c.a;
  }
  EXPECT_EQ(run_one("min.f32", kF32x3, {f32(3.0f), f32(1.0f), f32(2.0f)}), f32(1.0f));
  EXPECT_EQ(run_one("max.f32", kF32x3, {f32(3.0f), f32(nan), f32(4.0f)}), f32(4.0f));
  EXPECT_EQ(run_one("min.f64", kF64x2, {f64(-1e300), f64(1.0)}), f64(-1e300));
  EXPECT_EQ(run_one("max.f64", kF64x2, {f64(0.0), f64(-0.0)}), f64(0.0));
  EXPECT_EQ(run_one("max.f64", kF64x2, {kNaN64, f64(-2.0)}), f64(-2.0));
}

TEST(FloatOps, AbsNegCopysignAreSignBitOperations) {
  EXPECT_EQ(run_one("abs.f32", kF32x1, {f32(-0.0f)}), f32(0.0f));
  EXPECT_EQ(run_one("neg.f32", kF32x1, {f32(0.0f)}), f32(-0.0f));
  EXPECT_EQ(run_one("abs.f32", kF32x1, {0xffc00001}), 0x7fc00001u);  // payload kept
  EXPECT_EQ(run_one("neg.f32", kF32x1, {f32(kSub)}), f32(-kSub));
  EXPECT_EQ(run_one("neg.ftz.f32", kF32x1, {f32(kSub)}), f32(-0.0f));
  EXPECT_EQ(run_one("abs.ftz.f32", kF32x1, {f32(-kSub)}), f32(0.0f));
  EXPECT_EQ(run_one("abs.f64", kF64x1, {f64(-2.5)}), f64(2.5));
  EXPECT_EQ(run_one("neg.f64", kF64x1, {f64(-2.5)}), f64(2.5));
  // copysign d, a, b: the sign of a on the magnitude of b.
  EXPECT_EQ(run_one("copysign.f32", kF32x2, {f32(-1.0f), f32(2.0f)}), f32(-2.0f));
  EXPECT_EQ(run_one("copysign.f32", kF32x2, {f32(0.0f), f32(-INFINITY)}), f32(INFINITY));
  EXPECT_EQ(run_one("copysign.f64", kF64x2, {f64(-0.0), f64(3.0)}), f64(-3.0));
}

TEST(FloatOps, TestpClassifiesEachValue) {
  const float values[] = {1.0f, 0.0f, kSub, INFINITY, std::numeric_limits<float>::quiet_NaN()};
  struct Class {
    const char* name;
    bool want[5];  // for each of `values`
  };
  const Class classes[] = {
      {"finite", {true, true, true, false, false}},
      {"infinite", {false, false, false, true, false}},
      {"number", {true, true, true, true, false}},
      {"notanumber", {false, false, false, false, true}},
      {"normal", {true, false, false, false, false}},
      {"subnormal", {false, false, true, false, false}},
  };
  for (const Class& c : classes) {
    std::vector<std::vector<std::uint64_t>> in32, in64;
    for (float v : values) {
      in32.push_back({f32(v)});
      in64.push_back({f64(v == kSub ? 0x1p-1060 : static_cast<double>(v))});
    }
    std::vector<std::uint64_t> got32 = run_op(fmt::format("testp.{}.f32", c.name), {1, {32}}, in32);
    std::vector<std::uint64_t> got64 = run_op(fmt::format("testp.{}.f64", c.name), {1, {64}}, in64);
    for (int i = 0; i < 5; ++i) {
      EXPECT_EQ(got32[i], c.want[i] ? 1u : 0u) << c.name << " f32 value " << i;
      EXPECT_EQ(got64[i], c.want[i] ? 1u : 0u) << c.name << " f64 value " << i;
    }
  }
}

// Relative error of an f32 result against a double reference, in units of 2^-k.
double rel_error(std::uint64_t got, double want) {
  return std::fabs(static_cast<double>(f32_of(got)) - want) / std::fabs(want);
}

TEST(FloatOps, ApproximateFunctionsWithinIsaBounds) {
  std::vector<std::vector<std::uint64_t>> in;
  std::vector<double> xs;
  for (int i = -40; i <= 40; ++i) {
    double x = i * 7.77 + 0.123;  // spans [-300, 300], inside sin/cos's +-100*pi
    xs.push_back(x);
    in.push_back({f32(static_cast<float>(x))});
  }
  std::vector<std::uint64_t> s = run_op("sin.approx.f32", kF32x1, in);
  std::vector<std::uint64_t> c = run_op("cos.approx.ftz.f32", kF32x1, in);
  for (std::size_t i = 0; i < xs.size(); ++i) {
    double x = static_cast<float>(xs[i]);
    EXPECT_LE(std::fabs(f32_of(s[i]) - std::sin(x)), std::exp2(-20.5)) << x;
    EXPECT_LE(std::fabs(f32_of(c[i]) - std::cos(x)), std::exp2(-20.5)) << x;
  }
  std::vector<std::vector<std::uint64_t>> pos;
  for (int i = 1; i <= 60; ++i)
    pos.push_back({f32(static_cast<float>(std::ldexp(1.37 * i, i - 30)))});
  std::vector<std::uint64_t> lg = run_op("lg2.approx.f32", kF32x1, pos);
  std::vector<std::uint64_t> rs = run_op("rsqrt.approx.f32", kF32x1, pos);
  std::vector<std::uint64_t> rc = run_op("rcp.approx.f32", kF32x1, pos);
  std::vector<std::uint64_t> sq = run_op("sqrt.approx.f32", kF32x1, pos);
  for (std::size_t i = 0; i < pos.size(); ++i) {
    double x = f32_of(pos[i][0]);
    EXPECT_LE(std::fabs(f32_of(lg[i]) - std::log2(x)),
              std::exp2(-22.6) * std::fmax(1, std::fabs(std::log2(x))));
    EXPECT_LE(rel_error(rs[i], 1 / std::sqrt(x)), std::exp2(-22.9));
    EXPECT_LE(rel_error(rc[i], 1 / x), std::exp2(-23));
    EXPECT_LE(rel_error(sq[i], std::sqrt(x)), std::exp2(-23));
  }
  std::vector<std::vector<std::uint64_t>> e_in;
  for (int i = -80; i <= 80; ++i) e_in.push_back({f32(i * 1.55f)});
  std::vector<std::uint64_t> ex = run_op("ex2.approx.ftz.f32", kF32x1, e_in);
  std::vector<std::uint64_t> th = run_op("tanh.approx.f32", kF32x1, e_in);
  for (std::size_t i = 0; i < e_in.size(); ++i) {
    double x = f32_of(e_in[i][0]);
    EXPECT_LE(rel_error(ex[i], std::exp2(x)), std::exp2(-22));
    if (x != 0) {
      EXPECT_LE(rel_error(th[i], std::tanh(x)), std::exp2(-10.9));
    }
  }
}

TEST(FloatOps, ApproximateFunctionSpecialValues) {
  EXPECT_EQ(run_one("ex2.approx.f32", kF32x1, {f32(-INFINITY)}), f32(0.0f));
  EXPECT_EQ(run_one("ex2.approx.f32", kF32x1, {f32(INFINITY)}), f32(INFINITY));
  EXPECT_EQ(run_one("lg2.approx.f32", kF32x1, {f32(0.0f)}), f32(-INFINITY));
  EXPECT_EQ(run_one("lg2.approx.f32", kF32x1, {f32(-1.0f)}), kNaN32);
  EXPECT_EQ(run_one("lg2.approx.ftz.f32", kF32x1, {f32(kSub)}), f32(-INFINITY));
  EXPECT_EQ(run_one("rsqrt.approx.f32", kF32x1, {f32(-0.0f)}), f32(-INFINITY));
  EXPECT_EQ(run_one("rsqrt.approx.f32", kF32x1, {f32(INFINITY)}), f32(0.0f));
  EXPECT_EQ(run_one("sin.approx.f32", kF32x1, {f32(INFINITY)}), kNaN32);
  EXPECT_EQ(run_one("rcp.approx.ftz.f64", kF64x1, {f64(-0x1p-1060)}), f64(-INFINITY));
  EXPECT_EQ(run_one("rcp.approx.ftz.f64", kF64x1, {f64(4.0)}), f64(0.25));
  std::uint64_t r = run_one("rsqrt.approx.f64", kF64x1, {f64(2.0)});
  EXPECT_NEAR(f64_of(r), 1 / std::sqrt(2.0), 1e-15);
}

TEST(FloatOps, DivApproxAndFull) {
  std::vector<std::vector<std::uint64_t>> in;
  for (int i = 1; i <= 50; ++i) {
    in.push_back({f32(static_cast<float>(i * 3.3 - 80)),
                  f32(static_cast<float>(std::ldexp(1.1 * i, i - 25)))});
  }
  std::vector<std::uint64_t> ap = run_op("div.approx.f32", kF32x2, in);
  std::vector<std::uint64_t> fu = run_op("div.full.ftz.f32", kF32x2, in);
  for (std::size_t i = 0; i < in.size(); ++i) {
    double want = static_cast<double>(f32_of(in[i][0])) / f32_of(in[i][1]);
    double ulp = std::ldexp(1.0, std::ilogb(want) - 23);
    EXPECT_LE(std::fabs(f32_of(ap[i]) - want), 2 * ulp) << i;
    EXPECT_LE(std::fabs(f32_of(fu[i]) - want), 2 * ulp) << i;
  }
  // For 2^126 < |b| < 2^128 div.approx gives 0, or NaN for an infinite dividend.
  EXPECT_EQ(run_one("div.approx.f32", kF32x2, {f32(1.0f), f32(0x1p127f)}), f32(0.0f));
  EXPECT_EQ(run_one("div.approx.f32", kF32x2, {f32(INFINITY), f32(0x1p127f)}), kNaN32);
  EXPECT_EQ(run_one("div.full.f32", kF32x2, {f32(1.0f), f32(0x1p127f)}), f32(0x1p-127f));
}

// Each lane computes on its own operands; lanes outside the guard keep their old value.
TEST(FloatOps, LanesAreIndependentUnderAPartialMask) {
  std::string body = R"(
    .reg .pred %p<2>;
    .reg .b32 %r<8>;
    .reg .f32 %f<4>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd0, [out];
    mov.u32 %r1, %tid.x;
    cvt.rn.f32.u32 %f1, %r1;
    mov.f32 %f2, 0f3F000000;
    testp.normal.f32 %p1, %f1;
    @%p1 fma.rn.f32 %f2, %f1, %f1, 0f3E800000;
    mul.wide.u32 %rd1, %r1, 4;
    add.s64 %rd2, %rd0, %rd1;
    st.global.f32 [%rd2], %f2;
  )";
  FuncRunner r(kernel_ptx("k", ".param .u64 out", body));
  Addr out = r.alloc<float>(32);
  r.launch("k", {1, 1, 1}, {32, 1, 1}, out);
  std::vector<float> got = r.download<float>(out, 32);
  EXPECT_EQ(got[0], 0.5f);  // lane 0: 0.0 is not normal, so the fma did not run
  for (int l = 1; l < 32; ++l) EXPECT_EQ(got[l], static_cast<float>(l * l) + 0.25f) << l;
}

}  // namespace
}  // namespace warpsim::func::testing
