// cvt: float <-> integer (rounding, saturation, NaN rules), float <-> float in every rounding
// mode (f64, f32, f16, bf16, tf32, e4m3/e5m2 pairs), integer <-> integer, and cvt.pack. The
// references are computed here with the C library (nearbyint/trunc/floor/ceil on a scaled value),
// long double, and values worked out by hand.

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "float_test_util.h"

namespace warpsim::func::testing {
namespace {

std::uint64_t f32(float f) { return bits_of(f); }
std::uint64_t f64(double d) { return bits_of(d); }

// A float-to-integer reference: saturate, NaN to `nan_value`.
std::uint64_t to_int(double r, double lo, double hi, std::uint64_t nan_value, unsigned bits) {
  std::uint64_t mask = bits == 64 ? ~0ULL : (1ULL << bits) - 1;
  if (std::isnan(r)) return nan_value & mask;
  if (r <= lo) return static_cast<std::uint64_t>(static_cast<long long>(lo)) & mask;
  if (r >= hi) return (hi >= 1.8e19 ? ~0ULL : static_cast<std::uint64_t>(hi)) & mask;
  return static_cast<std::uint64_t>(static_cast<long long>(r)) & mask;
}

TEST(FloatConvert, FloatToIntRoundsSaturatesAndMapsNaN) {
  const double xs[] = {0.5,     1.5,   2.5,
                       -0.5,    -1.5,  -2.5,
                       3e9,     -3e9,  std::numeric_limits<double>::quiet_NaN(),
                       1e20,    -1e20, 2147483520.0,
                       -0.3,    1e-40, 65535.7,
                       -32768.9};
  struct Form {
    const char* op;
    unsigned dst_bits, src_bits;
    Dir d;
    double lo, hi;
    std::uint64_t nan_value;
  };
  const double i32lo = -2147483648.0, i32hi = 2147483647.0;
  const Form forms[] = {
      {"cvt.rni.s32.f32", 32, 32, Dir::kRn, i32lo, i32hi, 0},
      {"cvt.rzi.s32.f32", 32, 32, Dir::kRz, i32lo, i32hi, 0},
      {"cvt.rmi.s32.f32", 32, 32, Dir::kRm, i32lo, i32hi, 0},
      {"cvt.rpi.s32.f32", 32, 32, Dir::kRp, i32lo, i32hi, 0},
      {"cvt.rni.u32.f32", 32, 32, Dir::kRn, 0, 4294967295.0, 0},
      {"cvt.rzi.s16.f32", 16, 32, Dir::kRz, -32768, 32767, 0},
      {"cvt.rni.u16.f32", 16, 32, Dir::kRn, 0, 65535, 0},
      {"cvt.rni.s64.f32", 64, 32, Dir::kRn, -9223372036854775808.0, 9.3e18, 1ULL << 63},
      {"cvt.rzi.u64.f32", 64, 32, Dir::kRz, 0, 1.85e19, 1ULL << 63},
      {"cvt.rni.s32.f64", 32, 64, Dir::kRn, i32lo, i32hi, 0x80000000},
      {"cvt.rmi.s32.f64", 32, 64, Dir::kRm, i32lo, i32hi, 0x80000000},
      {"cvt.rpi.u32.f64", 32, 64, Dir::kRp, 0, 4294967295.0, 0x80000000},
  };
  for (const Form& f : forms) {
    std::vector<std::vector<std::uint64_t>> in;
    for (double x : xs) in.push_back({f.src_bits == 32 ? f32(static_cast<float>(x)) : f64(x)});
    std::vector<std::uint64_t> got = run_op(f.op, {f.dst_bits, {f.src_bits}}, in);
    for (std::size_t i = 0; i < got.size(); ++i) {
      double x = f.src_bits == 32 ? static_cast<double>(static_cast<float>(xs[i])) : xs[i];
      double hi = f.hi > 9.2e18 && f.hi < 1e19 ? 9223372036854775807.0 : f.hi;
      std::uint64_t want = to_int(round_int(x, f.d), f.lo, hi, f.nan_value, f.dst_bits);
      if (f.hi > 9.2e18 && f.hi < 1e19 && round_int(x, f.d) >= 9223372036854775807.0) {
        want = 0x7fffffffffffffffULL;  // 2^63 - 1 is not a double
      }
      EXPECT_EQ(got[i], want) << f.op << " of " << x;
    }
  }
  // .ftz flushes an f32 subnormal source before rounding up.
  EXPECT_EQ(run_one("cvt.rpi.s32.f32", {32, {32}}, {f32(1e-40f)}), 1u);
  EXPECT_EQ(run_one("cvt.rpi.ftz.s32.f32", {32, {32}}, {f32(1e-40f)}), 0u);
}

TEST(FloatConvert, IntToFloatInEveryMode) {
  const long long vals[] = {
      16777217,           -16777219,        0x7fffffff,      -0x7fffffffLL - 1,
      0x7fffffffffffffff, -0x7ffffffffffLL, 123456789012345, 3};
  for (Dir d : kDirs) {
    std::vector<std::vector<std::uint64_t>> in;
    for (long long v : vals) in.push_back({static_cast<std::uint64_t>(v)});
    std::string s = suffix(d);
    std::vector<std::uint64_t> f = run_op("cvt." + s + ".f32.s64", {32, {64}}, in);
    std::vector<std::uint64_t> g = run_op("cvt." + s + ".f64.s64", {64, {64}}, in);
    std::vector<std::uint64_t> u = run_op("cvt." + s + ".f32.u64", {32, {64}}, in);
    for (std::size_t i = 0; i < in.size(); ++i) {
      long double exact = vals[i];
      long double uexact = static_cast<unsigned long long>(vals[i]);
      EXPECT_EQ(f[i], f32(round_exact<float>(exact, d))) << s << " " << vals[i];
      EXPECT_EQ(g[i], f64(round_exact<double>(exact, d))) << s << " " << vals[i];
      EXPECT_EQ(u[i], f32(round_exact<float>(uexact, d))) << s << " " << vals[i];
    }
  }
  EXPECT_EQ(run_one("cvt.rn.f32.s32", {32, {32}}, {0x80000001}), f32(-2147483648.0f));
  EXPECT_EQ(run_one("cvt.rz.f32.u32", {32, {32}}, {0xffffffff}), f32(4294967040.0f));
  EXPECT_EQ(run_one("cvt.rn.f64.u64", {64, {64}}, {~0ULL}), f64(18446744073709551616.0));
  EXPECT_EQ(run_one("cvt.rn.f32.s16", {32, {16}}, {0x8000}), f32(-32768.0f));
  EXPECT_EQ(run_one("cvt.rn.sat.f32.s32", {32, {32}}, {5}), f32(1.0f));
  // f16: 65520 is the overflow threshold; 2049 is a tie between 2048 and 2050.
  EXPECT_EQ(run_one("cvt.rn.f16.s32", {16, {32}}, {65520}), 0x7c00u);
  EXPECT_EQ(run_one("cvt.rz.f16.s32", {16, {32}}, {65520}), 0x7bffu);
  EXPECT_EQ(run_one("cvt.rn.f16.u32", {16, {32}}, {2049}), 0x6800u);
  EXPECT_EQ(run_one("cvt.rp.f16.u32", {16, {32}}, {2049}), 0x6801u);
  EXPECT_EQ(run_one("cvt.rn.bf16.s32", {16, {32}}, {0xfffffeff}), 0xc380u);  // -256, a tie to even
}

void expect_same(double got, double want, const std::string& what) {
  if (std::isnan(want)) {
    EXPECT_TRUE(std::isnan(got)) << what;
  } else {
    EXPECT_EQ(got, want) << what;
    EXPECT_EQ(std::signbit(got), std::signbit(want)) << what;
  }
}

TEST(FloatConvert, NarrowingFloatConversionsInEveryMode) {
  std::vector<double> xs = {65504.0,
                            65519.0,
                            65520.0,
                            1e-7,
                            6e-8,
                            2.98e-8,
                            1.00048828125,
                            1.00146484375,
                            -2049.0,
                            -INFINITY,
                            3e-5,
                            -0.0,
                            1e39,
                            -1e-50,
                            1e-40,
                            3.4028235677973366e38,
                            1.0000000596046448,
                            -1.0000000894069672,
                            std::numeric_limits<double>::quiet_NaN(),
                            1 + 0x1p-11 + 0x1p-40};  // the last one would double-round via f32
  for (int i = 0; i < 40; ++i) xs.push_back(std::ldexp(1.0 + i * 0.0123456789, i % 41 - 20));
  std::vector<std::vector<std::uint64_t>> in64, in32;
  for (double x : xs) {
    in64.push_back({f64(x)});
    in32.push_back({f32(static_cast<float>(x))});
  }
  for (Dir d : kDirs) {
    std::string s = suffix(d);
    std::vector<std::uint64_t> to32 = run_op("cvt." + s + ".f32.f64", {32, {64}}, in64);
    std::vector<std::uint64_t> h64 = run_op("cvt." + s + ".f16.f64", {16, {64}}, in64);
    std::vector<std::uint64_t> h32 = run_op("cvt." + s + ".f16.f32", {16, {32}}, in32);
    std::vector<std::uint64_t> b32 = run_op("cvt." + s + ".bf16.f32", {16, {32}}, in32);
    for (std::size_t i = 0; i < xs.size(); ++i) {
      double x = xs[i];
      double x32 = static_cast<float>(x);
      std::string what = s + " of " + std::to_string(x);
      expect_same(f32_of(to32[i]), ref_round(x, 23, -126, 0x1.fffffep127, d), "f32 " + what);
      expect_same(value_of(h64[i], 10, 5), ref_round(x, 10, -14, 65504, d), "f16.f64 " + what);
      expect_same(value_of(h32[i], 10, 5), ref_round(x32, 10, -14, 65504, d), "f16.f32 " + what);
      expect_same(value_of(b32[i], 7, 8), ref_round(x32, 7, -126, 0x1.fep127, d), "bf16 " + what);
    }
  }
  EXPECT_EQ(run_one("cvt.rn.f16.f32", {16, {32}}, {f32(NAN)}), 0x7fffu);
  EXPECT_EQ(run_one("cvt.rn.f32.f64", {32, {64}}, {0xfff0000000000123ULL}), 0x7fffffffu);
  EXPECT_EQ(run_one("cvt.rn.ftz.f32.f64", {32, {64}}, {f64(-1e-40)}), f32(-0.0f));
  EXPECT_EQ(run_one("cvt.rn.f16.f64", {16, {64}}, {f64(1 + 0x1p-11 + 0x1p-40)}), 0x3c01u);
}

TEST(FloatConvert, WideningAndSameTypeConversions) {
  EXPECT_EQ(run_one("cvt.f64.f32", {64, {32}}, {f32(0.1f)}), f64(static_cast<double>(0.1f)));
  EXPECT_EQ(run_one("cvt.f64.f32", {64, {32}}, {f32(1e-40f)}), f64(static_cast<double>(1e-40f)));
  EXPECT_EQ(run_one("cvt.ftz.f64.f32", {64, {32}}, {f32(-1e-40f)}), f64(-0.0));
  EXPECT_EQ(run_one("cvt.f64.f32", {64, {32}}, {0xffc00001}), 0x7fffffffffffffffULL);
  EXPECT_EQ(run_one("cvt.f32.f16", {32, {16}}, {0x0001}), f32(0x1p-24f));
  EXPECT_EQ(run_one("cvt.f32.f16", {32, {16}}, {0xfbff}), f32(-65504.0f));
  EXPECT_EQ(run_one("cvt.f32.f16", {32, {16}}, {0x7e00}), 0x7fffffffu);
  EXPECT_EQ(run_one("cvt.f64.f16", {64, {16}}, {0x3555}), f64(0x1.554p-2));
  EXPECT_EQ(run_one("cvt.f32.bf16", {32, {16}}, {0xc2f7}), 0xc2f70000u);
  const float xs[] = {2.5f, -2.5f, -0.3f, 0.5f, 1e20f, 1.5f};
  const float rni[] = {2, -2, -0.0f, 0, 1e20f, 2}, rzi[] = {2, -2, -0.0f, 0, 1e20f, 1};
  const float rmi[] = {2, -3, -1, 0, 1e20f, 1}, rpi[] = {3, -2, -0.0f, 1, 1e20f, 2};
  for (int i = 0; i < 6; ++i) {
    std::vector<std::uint64_t> in = {f32(xs[i])};
    EXPECT_EQ(run_one("cvt.rni.f32.f32", kF32x1, in), f32(rni[i])) << xs[i];
    EXPECT_EQ(run_one("cvt.rzi.f32.f32", kF32x1, in), f32(rzi[i])) << xs[i];
    EXPECT_EQ(run_one("cvt.rmi.f32.f32", kF32x1, in), f32(rmi[i])) << xs[i];
    EXPECT_EQ(run_one("cvt.rpi.f32.f32", kF32x1, in), f32(rpi[i])) << xs[i];
    EXPECT_EQ(run_one("cvt.rmi.f64.f64", kF64x1, {f64(xs[i])}), f64(rmi[i])) << xs[i];
  }
  EXPECT_EQ(run_one("cvt.rni.f64.f64", kF64x1, {f64(4503599627370495.5)}), f64(4503599627370496.0));
  EXPECT_EQ(run_one("cvt.sat.f32.f32", kF32x1, {f32(1.5f)}), f32(1.0f));
  EXPECT_EQ(run_one("cvt.sat.f32.f32", kF32x1, {f32(-0.5f)}), f32(0.0f));
  EXPECT_EQ(run_one("cvt.sat.f32.f32", kF32x1, {f32(NAN)}), f32(0.0f));
  EXPECT_EQ(run_one("cvt.sat.f32.f32", kF32x1, {f32(0.25f)}), f32(0.25f));
  EXPECT_EQ(run_one("cvt.ftz.f32.f32", kF32x1, {f32(1e-40f)}), f32(0.0f));
}

TEST(FloatConvert, PackedAndSmallFormats) {
  EXPECT_EQ(run_one("cvt.rn.f16x2.f32", {32, {32, 32}}, {f32(1.0f), f32(2.0f)}), 0x3c004000u);
  EXPECT_EQ(run_one("cvt.rz.bf16x2.f32", {32, {32, 32}}, {f32(1.0f), f32(-2.0f)}), 0x3f80c000u);
  EXPECT_EQ(run_one("cvt.rn.relu.f16x2.f32", {32, {32, 32}}, {f32(-3.0f), f32(0.5f)}), 0x00003800u);
  EXPECT_EQ(run_one("cvt.rn.relu.f16.f32", {16, {32}}, {f32(-3.0f)}), 0u);
  EXPECT_EQ(run_one("cvt.rn.satfinite.f16.f32", {16, {32}}, {f32(1e6f)}), 0x7bffu);
  EXPECT_EQ(run_one("cvt.rn.satfinite.f16.f32", {16, {32}}, {f32(-INFINITY)}), 0xfbffu);
  EXPECT_EQ(run_one("cvt.rn.satfinite.f16.f32", {16, {32}}, {f32(NAN)}), 0x7fffu);
  // tf32 keeps 10 fraction bits; .rna breaks ties away from zero.
  EXPECT_EQ(run_one("cvt.rna.tf32.f32", {32, {32}}, {f32(1 + 0x1p-11f)}), 0x3f802000u);
  EXPECT_EQ(run_one("cvt.rna.tf32.f32", {32, {32}}, {f32(-(1 + 0x1p-12f))}), 0xbf800000u);
  // E4M3: bias 7, largest 448, no infinity; E5M2: bias 15, largest 57344.
  EXPECT_EQ(run_one("cvt.rn.satfinite.e4m3x2.f32", {16, {32, 32}}, {f32(1.0f), f32(448.0f)}),
            0x387eu);
  EXPECT_EQ(run_one("cvt.rn.satfinite.e4m3x2.f32", {16, {32, 32}}, {f32(1000.0f), f32(-0.5f)}),
            0x7eb0u);
  EXPECT_EQ(run_one("cvt.rn.satfinite.e4m3x2.f32", {16, {32, 32}}, {f32(0x1p-9f), f32(0x1p-10f)}),
            0x0100u);  // the smallest subnormal, and a tie that rounds to even zero
  EXPECT_EQ(run_one("cvt.rn.satfinite.e5m2x2.f32", {16, {32, 32}}, {f32(1.0f), f32(1e9f)}),
            0x3c7bu);
  EXPECT_EQ(run_one("cvt.rn.satfinite.e5m2x2.f16x2", {16, {32}}, {0x3c00c000}), 0x3cc0u);
  EXPECT_EQ(run_one("cvt.rn.f16x2.e4m3x2", {32, {16}}, {0x3878}), 0x3c005c00u);
  EXPECT_EQ(run_one("cvt.rn.f16x2.e5m2x2", {32, {16}}, {0x7cfe}),
            0x7c007fffu);  // inf, and a NaN made canonical
}

TEST(FloatConvert, IntegerToInteger) {
  struct Case {
    const char* op;
    unsigned dst, src;
    std::uint64_t in, want;
  };
  const Case cases[] = {
      {"cvt.u64.u32", 64, 32, 0xffffffff, 0xffffffff},
      {"cvt.s64.s32", 64, 32, 0x80000000, 0xffffffff80000000ULL},
      {"cvt.u32.u64", 32, 64, 0x123456789ULL, 0x23456789},
      {"cvt.u16.u32", 16, 32, 0x12345, 0x2345},
      {"cvt.u32.u16", 32, 16, 0xfffe, 0xfffe},
      {"cvt.s32.s16", 32, 16, 0x8001, 0xffff8001},
      {"cvt.s16.s8", 16, 16, 0x0080, 0xff80},
      {"cvt.sat.u8.s32", 16, 32, static_cast<std::uint32_t>(-5), 0},
      {"cvt.sat.u8.s32", 16, 32, 300, 255},
      {"cvt.sat.s8.s32", 16, 32, 200, 127},
      {"cvt.sat.s8.s32", 16, 32, static_cast<std::uint32_t>(-200), 0xff80},
      {"cvt.sat.s32.u32", 32, 32, 0xffffffff, 0x7fffffff},
      {"cvt.sat.u32.s64", 32, 64, ~0ULL, 0},
      {"cvt.sat.u32.s64", 32, 64, 0x100000000ULL, 0xffffffff},
      {"cvt.sat.s64.u64", 64, 64, ~0ULL, 0x7fffffffffffffffULL},
      {"cvt.sat.s16.s64", 16, 64, 0x8000000000000000ULL, 0x8000},
      {"cvt.s32.u32", 32, 32, 0xffffffff, 0xffffffff},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(run_one(c.op, {c.dst, {c.src}}, {c.in}), c.want) << c.op << " " << c.in;
  }
}

TEST(FloatConvert, CvtPackSaturatesAndPacks) {
  OpShape shape{32, {32, 32, 32}};
  EXPECT_EQ(
      run_one("cvt.pack.sat.s16.s32.b32", shape, {40000, static_cast<std::uint32_t>(-40000), 7}),
      0x7fff8000u);
  EXPECT_EQ(run_one("cvt.pack.sat.u16.s32.b32", shape, {static_cast<std::uint32_t>(-1), 65535, 0}),
            0x0000ffffu);
  EXPECT_EQ(
      run_one("cvt.pack.sat.u8.s32.b32", shape, {300, static_cast<std::uint32_t>(-1), 0x1234}),
      0x1234ff00u);
  EXPECT_EQ(run_one("cvt.pack.sat.s8.s32.b32", shape, {static_cast<std::uint32_t>(-3), 5, 0}),
            0x0000fd05u);
}

}  // namespace
}  // namespace warpsim::func::testing
