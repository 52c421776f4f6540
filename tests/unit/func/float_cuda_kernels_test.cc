// The conversion kernels of tests/cuda/conversions.cu, as nvcc compiled them (ptx, sm_90
// and sm_75), on the inputs that exercise the edge cases, against references written here from
// the PTX ISA's rules (saturation, NaN results, rounding modes).

#include <array>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

#include <gtest/gtest.h>

#include "float_test_util.h"

namespace warpsim::func::testing {
namespace {

std::string read_ptx(const std::string& arch) {
  std::ifstream in(std::string(WARPSIM_SOURCE_DIR) + "/ptx/" + arch +
                   "/tests__cuda__conversions.ptx");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A rounded float-to-integer result saturated to [lo, hi]; NaN gives `nan_value`.
long long saturate(double r, double lo, double hi, long long nan_value) {
  if (std::isnan(r)) return nan_value;
  if (r <= lo) return static_cast<long long>(lo);
  if (r >= hi) return hi >= 9.2e18 ? 0x7fffffffffffffffLL : static_cast<long long>(hi);
  return static_cast<long long>(r);
}

std::uint32_t u32(long long v) { return static_cast<std::uint32_t>(v); }
std::uint32_t fb(float f) { return static_cast<std::uint32_t>(bits_of(f)); }

// The 24 results float_int_conv stores for one element.
std::array<std::uint32_t, 24> expected_conv(float xf, double y, int k, long long l) {
  const double lo = -2147483648.0, hi = 2147483647.0;
  double x = xf;
  long long ll = saturate(std::nearbyint(x), -9223372036854775808.0, 9.3e18, 1LL << 63);
  std::uint64_t lb = bits_of(static_cast<double>(l));
  float satf = std::isnan(xf) ? 0.0f : std::fmin(std::fmax(xf, 0.0f), 1.0f);
  return {
      u32(saturate(std::nearbyint(x), lo, hi, 0)),
      u32(saturate(std::trunc(x), lo, hi, 0)),
      u32(saturate(std::ceil(x), lo, hi, 0)),
      u32(saturate(std::floor(x), lo, hi, 0)),
      u32(saturate(std::nearbyint(x), 0, 4294967295.0, 0)),
      u32(saturate(std::nearbyint(y), lo, hi, -2147483648LL)),  // NaN from f64: MININT
      u32(saturate(std::floor(y), lo, hi, -2147483648LL)),
      u32(ll),
      u32(ll >> 32),
      fb(round_exact<float>(k, Dir::kRn)),
      fb(round_exact<float>(k, Dir::kRz)),
      fb(round_exact<float>(k, Dir::kRp)),
      fb(round_exact<float>(k, Dir::kRm)),
      fb(round_exact<float>(static_cast<std::uint32_t>(k), Dir::kRn)),
      fb(round_exact<float>(l, Dir::kRn)),
      fb(round_exact<float>(y, Dir::kRn)),
      fb(round_exact<float>(y, Dir::kRz)),
      fb(round_exact<float>(y, Dir::kRp)),
      fb(round_exact<float>(y, Dir::kRm)),
      u32(static_cast<long long>(lb)),
      u32(static_cast<long long>(lb >> 32)),
      fb(satf),
      fb(static_cast<float>(y)),
      u32(saturate(std::trunc(xf * 0.5f), lo, hi, 0)),
  };
}

class ConversionKernels : public ::testing::TestWithParam<const char*> {};

TEST_P(ConversionKernels, FloatIntConvMatchesPtxRules) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> f = {
      0.5f,  1.5f,   2.5f, -0.5f,    -1.5f,     -2.5f,  0.0f,  -0.0f,         3e9f,   -3e9f,
      1e20f, -1e20f, nan,  INFINITY, -INFINITY, 4.5e9f, -0.3f, 2147483520.0f, 1e-40f, 0.99999994f};
  const std::vector<double> d = {0.5,
                                 -0.5,
                                 2.5,
                                 -2.5,
                                 3e9,
                                 -3e9,
                                 std::nan(""),
                                 1e39,
                                 -1e39,
                                 1e-40,
                                 -1e-40,
                                 1e-50,
                                 -1e-50,
                                 3.4028235677973366e38,
                                 1.0000000596046448,
                                 1.0000000894069672,
                                 -1.0000000596046448,
                                 INFINITY,
                                 -0.0,
                                 2147483647.5};
  std::vector<int> iv(20);
  std::vector<long long> lv(20);
  for (int i = 0; i < 20; ++i) {
    std::uint32_t u = static_cast<std::uint32_t>(i) * 1103515245u + 12345u;
    iv[i] = static_cast<int>(u ^ (u << 27));
    std::uint64_t w = (static_cast<std::uint64_t>(u) << 31) ^ (i * 0x9e3779b97f4a7c15ULL);
    lv[i] = static_cast<long long>(w >> (i % 40));
  }
  iv[0] = 16777217;
  iv[1] = -16777219;
  iv[2] = 0x7fffffff;
  iv[3] = -0x7fffffff - 1;
  const int n = 20;
  FuncRunner r(read_ptx(GetParam()));
  Addr df = r.upload(f), dd = r.upload(d), di = r.upload(iv), dl = r.upload(lv);
  Addr out = r.alloc<std::uint32_t>(24 * n);
  r.launch("_Z14float_int_convPKfPKdPKiPKxPji", {1, 1, 1}, {32, 1, 1}, df, dd, di, dl, out, n);
  std::vector<std::uint32_t> got = r.download<std::uint32_t>(out, 24 * n);
  for (int i = 0; i < n; ++i) {
    std::array<std::uint32_t, 24> want = expected_conv(f[i], d[i], iv[i], lv[i]);
    for (int k = 0; k < 24; ++k) {
      std::uint32_t g = got[24 * i + k];
      bool nan_ok = std::isnan(f32_of(want[k])) && std::isnan(f32_of(g)) && k >= 9 && k != 19;
      bool zero_ok = k == 21 && (g & 0x7fffffff) == 0 && (want[k] & 0x7fffffff) == 0;
      EXPECT_TRUE(g == want[k] || nan_ok || zero_ok)
          << GetParam() << " element " << i << " result " << k << ": got " << std::hex << g
          << " want " << want[k];
    }
  }
}

std::uint16_t to_bf16(float f, bool rz) {
  std::uint32_t u = fb(f);
  if (std::isnan(f)) return 0x7fff;
  if (!rz) u += 0x7fffu + ((u >> 16) & 1u);
  return static_cast<std::uint16_t>(u >> 16);
}

TEST_P(ConversionKernels, Bf16KernelRoundsOnce) {
  const int n = 32;
  std::vector<float> f(n), a(n), b(n), c(n);
  const float special[] = {
      65504.0f,  65519.0f, 1.00048828125f, -2049.0f,    std::numeric_limits<float>::quiet_NaN(),
      -INFINITY, 3e-5f,    1.00390625f,    1.01171875f, -1.00390625f};
  for (int i = 0; i < n; ++i) {
    f[i] = i < 10 ? special[i] : std::ldexp(1.0f + i / 37.0f, i - 16);
    a[i] = ((i * 37) % 511 - 255) / 16.0f;  // exact in bf16
    b[i] = ((i * 101 + 7) % 511 - 255) / 16.0f;
    c[i] = ((i * 53 + 11) % 511 - 255) / 16.0f;
  }
  FuncRunner r(read_ptx(GetParam()));
  Addr df = r.upload(f), da = r.upload(a), db = r.upload(b), dc = r.upload(c);
  Addr out = r.alloc<std::uint16_t>(6 * n);
  r.launch("_Z11bf16_kernelPKfS0_S0_S0_Pti", {1, 1, 1}, {32, 1, 1}, df, da, db, dc, out, n);
  std::vector<std::uint16_t> got = r.download<std::uint16_t>(out, 6 * n);
  for (int i = 0; i < n; ++i) {
    const std::uint16_t want[6] = {
        to_bf16(f[i], false),
        to_bf16(f[i], true),
        to_bf16(a[i] + b[i], false),
        to_bf16(a[i] * b[i], false),
        to_bf16(static_cast<float>(static_cast<double>(a[i]) * b[i] + c[i]), false),
        static_cast<std::uint16_t>(fb(c[i]) >> 16),
    };
    for (int k = 0; k < 6; ++k) {
      std::uint16_t g = got[6 * i + k];
      bool g_nan = (g & 0x7f80) == 0x7f80 && (g & 0x7f) != 0;
      EXPECT_TRUE(g == want[k] || (g_nan && want[k] == 0x7fff))
          << GetParam() << " element " << i << " result " << k << ": got " << std::hex << g
          << " want " << want[k];
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Arch, ConversionKernels, ::testing::Values("sm_90", "sm_75"));

}  // namespace
}  // namespace warpsim::func::testing
