// The software rounding core of the floating-point family (func/ops/float/rounding.h), tested
// directly: exhaustive decoding of the 16- and 8-bit formats, every f16 midpoint in every mode,
// round-to-odd stickiness, and random doubles to f32 against the host's own conversion.

#include "func/ops/float/rounding.h"

#include <cmath>

#include <gtest/gtest.h>

#include "float_test_util.h"

namespace warpsim::func::testing {
namespace {

Round to_round(Dir d) {
  switch (d) {
    case Dir::kRz:
      return Round::kZero;
    case Dir::kRm:
      return Round::kDown;
    case Dir::kRp:
      return Round::kUp;
    default:
      return Round::kNearestEven;
  }
}

TEST(FloatRoundingCore, DecodesEvery16BitPattern) {
  for (std::uint64_t b = 0; b < 0x10000; ++b) {
    double h = decode_float(b, kF16Format);
    double want = value_of(b, 10, 5);
    if (std::isnan(want)) {
      EXPECT_TRUE(std::isnan(h)) << b;
    } else {
      EXPECT_EQ(h, want) << b;
    }
    float bf = f32_of(b << 16);  // bf16 is the top half of an f32
    if (std::isnan(bf)) {
      EXPECT_TRUE(std::isnan(decode_float(b, kBf16Format))) << b;
    } else {
      EXPECT_EQ(decode_float(b, kBf16Format), bf) << b;
    }
  }
}

TEST(FloatRoundingCore, EightBitFormatsRoundTrip) {
  for (std::uint64_t b = 0; b < 0x100; ++b) {
    double e4 = decode_float(b, kE4m3Format);
    bool e4_nan = (b & 0x7f) == 0x7f;
    EXPECT_EQ(std::isnan(e4), e4_nan) << b;
    if (!e4_nan) {
      EXPECT_EQ(e4, value_of(b, 3, 4, false)) << b;  // all-ones exponents are finite
      EXPECT_EQ(round_double(e4, kE4m3Format, Round::kNearestEven), b) << b;
    }
    double e5 = decode_float(b, kE5m2Format);
    double want = value_of(b, 2, 5);
    if (std::isnan(want)) {
      EXPECT_TRUE(std::isnan(e5)) << b;
    } else {
      EXPECT_EQ(e5, want) << b;
      EXPECT_EQ(round_double(e5, kE5m2Format, Round::kNearestEven), b) << b;
    }
  }
  EXPECT_EQ(decode_float(0x7e, kE4m3Format), 448.0);
  EXPECT_EQ(round_double(464.0, kE4m3Format, Round::kNearestEven), 0x7eu);  // tie to 448
  EXPECT_EQ(round_double(465.0, kE4m3Format, Round::kNearestEven), 0x7fu);  // overflow: NaN
  EXPECT_EQ(round_double(465.0, kE4m3Format, Round::kNearestEven, true), 0x7eu);
}

TEST(FloatRoundingCore, EveryF16MidpointInEveryMode) {
  for (std::uint64_t b = 0; b < 0x7bff; ++b) {
    double lo = value_of(b, 10, 5);
    double hi = value_of(b + 1, 10, 5);
    double mid = (lo + hi) / 2;
    for (double x : {mid, std::nextafter(mid, 0.0), std::nextafter(mid, 1e9), -mid}) {
      for (Dir d : kDirs) {
        std::uint64_t got = round_double(x, kF16Format, to_round(d));
        ASSERT_EQ(value_of(got, 10, 5), ref_round(x, 10, -14, 65504, d)) << x << suffix(d);
      }
    }
  }
}

TEST(FloatRoundingCore, RandomDoublesToF32MatchTheHost) {
  std::uint64_t state = 7;
  for (int i = 0; i < 20000; ++i) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    // Exponents around the f32 range, including subnormal results and overflow.
    std::uint64_t bits = (state & 0x800fffffffffffffULL) | ((0x350 + (state >> 52) % 0x160) << 52);
    double x = f64_of(bits);
    for (Dir d : kDirs) {
      std::uint64_t got = round_double(x, kF32Format, to_round(d));
      ASSERT_EQ(got, bits_of(round_exact<float>(x, d))) << x << " " << suffix(d);
    }
  }
}

TEST(FloatRoundingCore, RoundToOddKeepsTheStickyBit) {
  // 1 - 2^-100 and 1 + 2^-100 are not doubles; to_odd keeps which side of 1.0 they are on.
  double below = to_odd(1.0, -0x1p-100);
  double above = to_odd(1.0, 0x1p-100);
  EXPECT_EQ(round_double(below, kBf16Format, Round::kZero), 0x3f7fu);
  EXPECT_EQ(round_double(below, kBf16Format, Round::kNearestEven), 0x3f80u);
  EXPECT_EQ(round_double(above, kBf16Format, Round::kUp), 0x3f81u);
  EXPECT_EQ(round_double(above, kBf16Format, Round::kDown), 0x3f80u);
  EXPECT_EQ(to_odd(1.5, 0.0), 1.5);
  EXPECT_EQ(two_sum_error(1.0, 0x1p-60, 1.0), 0x1p-60);
}

TEST(FloatRoundingCore, IntegersToEveryWidth) {
  const std::uint64_t max = ~std::uint64_t{0};
  EXPECT_EQ(round_pack(false, max, 0, kF32Format, Round::kNearestEven), 0x5f800000u);
  EXPECT_EQ(round_pack(false, max, 0, kF32Format, Round::kZero), 0x5f7fffffu);
  EXPECT_EQ(round_pack(true, max, 0, kF64Format, Round::kDown), bits_of(-0x1p64));
  EXPECT_EQ(round_pack(true, max, 0, kF64Format, Round::kUp), bits_of(-0x1.fffffffffffffp63));
  EXPECT_EQ(round_pack(false, 0, 0, kF16Format, Round::kUp), 0u);
  EXPECT_EQ(round_pack(true, 0, 0, kF16Format, Round::kUp), 0x8000u);
  EXPECT_EQ(round_pack(false, 3, -26, kF16Format, Round::kNearestEven), 0x0001u);  // 0.75 ulp
  EXPECT_EQ(round_pack(false, 1, -200, kF16Format, Round::kUp), 0x0001u);
  EXPECT_EQ(round_pack(false, 1, -200, kF16Format, Round::kNearestEven), 0x0000u);
  EXPECT_EQ(round_pack(false, 1, 30, kF16Format, Round::kZero), 0x7bffu);
  EXPECT_EQ(round_pack(false, 1, 30, kE4m3Format, Round::kNearestEven), 0x7fu);
}

TEST(FloatRoundingCore, IntegralRounding) {
  EXPECT_EQ(round_integral(2.5, Round::kNearestEven), 2.0);
  EXPECT_EQ(round_integral(3.5, Round::kNearestEven), 4.0);
  EXPECT_EQ(round_integral(-2.5, Round::kNearestAway), -3.0);
  EXPECT_TRUE(std::signbit(round_integral(-0.4, Round::kNearestEven)));
  EXPECT_TRUE(std::signbit(round_integral(-0.4, Round::kUp)));
  EXPECT_EQ(round_integral(0x1p60, Round::kDown), 0x1p60);
}

}  // namespace
}  // namespace warpsim::func::testing
