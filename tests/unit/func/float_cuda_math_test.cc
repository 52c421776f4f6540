// The math kernels of tests/cuda/math.cu as nvcc compiled them (ptx, sm_90 and sm_75): the
// CUDA math library's own instruction sequences (argument reduction, Newton steps seeded by
// rcp.approx, polynomial evaluation with fma) must give IEEE-exact results where CUDA promises
// them and stay within the documented error elsewhere.

#include <array>
#include <cmath>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "float_test_util.h"

namespace warpsim::func::testing {
namespace {

constexpr int kN = 256;
constexpr int kF = 24;
constexpr int kD = 12;

std::string read_math_ptx(const std::string& arch) {
  std::ifstream in(std::string(WARPSIM_SOURCE_DIR) + "/ptx/" + arch +
                   "/tests__cuda__math.ptx");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool close(double got, double want, double abs_tol, double rel_tol) {
  if (std::isnan(want)) return std::isnan(got);
  if (std::isinf(want)) return got == want;
  return std::fabs(got - want) <= abs_tol + rel_tol * std::fabs(want);
}
bool same(double got, double want) {
  return (got == want && std::signbit(got) == std::signbit(want)) ||
         (std::isnan(got) && std::isnan(want));
}

struct Inputs {
  std::vector<float> x, y, z, s, t, a;
  std::vector<double> dx, dy, dz, ds, da;
};

Inputs make_inputs() {
  Inputs in;
  std::uint64_t state = 14;
  auto uni = [&](double lo, double hi) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return lo + (hi - lo) * static_cast<double>(state >> 11) * 0x1p-53;
  };
  for (int i = 0; i < kN; ++i) {
    double big = i % 8 == 0 ? 1e6 : (i % 97 == 1 ? 1e30 : 100.0);
    in.x.push_back(static_cast<float>(uni(-big, big)));
    in.y.push_back(static_cast<float>(uni(0.1, 100.0) * (i % 2 ? -1.0 : 1.0)));
    in.z.push_back(
        static_cast<float>(i % 5 == 0 ? std::round(uni(-50, 50)) + 0.5 : uni(-100, 100)));
    in.s.push_back(static_cast<float>(uni(-20.0, 20.0)));
    in.t.push_back(static_cast<float>(uni(-3.14159, 3.14159)));
    in.a.push_back(static_cast<float>(uni(1e-3, i % 3 == 0 ? 1e6 : 10.0)));
    double dbig = i % 8 == 0 ? 1e9 : (i % 97 == 1 ? 1e22 : 100.0);
    in.dx.push_back(uni(-dbig, dbig) + uni(0, 1) * 1e-9);
    in.dy.push_back(uni(0.1, 100.0) * (i % 3 ? -1.0 : 1.0) + uni(0, 1) * 1e-12);
    in.dz.push_back(i % 5 == 0 ? std::round(uni(-50, 50)) + 0.5 : uni(-100, 100));
    in.ds.push_back(uni(-100.0, 100.0));
    in.da.push_back(uni(1e-3, i % 3 == 0 ? 1e12 : 10.0));
  }
  return in;
}

// One element of math_f32: exact results compared bit for bit, the rest within tolerance.
void check_f32(const Inputs& in, int i, const float* got) {
  const float x = in.x[i], y = in.y[i], z = in.z[i], s = in.s[i], t = in.t[i], a = in.a[i];
  const double X = x, Y = y, S = s, T = t, A = a;
  const std::array<float, kF> exact = {std::sqrt(a),
                                       0,
                                       x / y,
                                       0,
                                       0,
                                       0,
                                       0,
                                       0,
                                       0,
                                       0,
                                       0,
                                       0,
                                       std::fma(x, y, z),
                                       std::floor(z),
                                       std::ceil(z),
                                       std::trunc(z),
                                       std::round(z),
                                       std::rint(z),
                                       std::fmin(x, z),
                                       std::fmax(x, z),
                                       std::copysign(y, z),
                                       std::fabs(x),
                                       0,
                                       0};
  const std::array<double, kF> ref = {0,
                                      1.0 / std::sqrt(A),
                                      0,
                                      X / Y,
                                      std::exp(S),
                                      std::log(A),
                                      std::sin(X),
                                      std::cos(X),
                                      std::sin(T),
                                      std::cos(T),
                                      std::exp(S),
                                      std::log(A),
                                      0,
                                      0,
                                      0,
                                      0,
                                      0,
                                      0,
                                      0,
                                      0,
                                      0,
                                      0,
                                      std::exp2(S) + std::log2(A),
                                      std::pow(A, S * 0.25)};
  const double abs_tol[kF] = {0, 0, 0, 0, 0, 1e-6, 1e-6, 1e-6, 1e-5, 1e-5, 0,    1e-5,
                              0, 0, 0, 0, 0, 0,    0,    0,    0,    0,    1e-5, 0};
  const double rel_tol[kF] = {0, 1e-6, 0, 1e-6, 1e-6, 1e-6, 1e-6, 1e-6, 0, 0, 1e-4, 1e-4,
                              0, 0,    0, 0,    0,    0,    0,    0,    0, 0, 1e-6, 1e-5};
  const bool is_exact[kF] = {1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                             1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0};
  for (int k = 0; k < kF; ++k) {
    bool ok = is_exact[k] ? same(got[k], exact[k]) : close(got[k], ref[k], abs_tol[k], rel_tol[k]);
    EXPECT_TRUE(ok) << "math_f32[" << i << "] result " << k << " = " << got[k] << " want "
                    << (is_exact[k] ? exact[k] : ref[k]);
  }
}

void check_f64(const Inputs& in, int i, const double* got) {
  const double x = in.dx[i], y = in.dy[i], z = in.dz[i], s = in.ds[i], a = in.da[i];
  const std::array<double, kD> want = {std::sqrt(a),
                                       x / y,
                                       std::fma(x, y, z),
                                       1.0 / y,
                                       std::exp(s),
                                       std::log(a),
                                       std::sin(x),
                                       std::cos(x),
                                       std::pow(a, s * 0.125),
                                       std::floor(z) + std::rint(z),
                                       std::fmin(x, z) - std::fmax(y, z),
                                       std::fabs(x) + std::copysign(1.0, z)};
  const bool is_exact[kD] = {1, 1, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1};
  for (int k = 0; k < kD; ++k) {
    bool ok = is_exact[k] ? same(got[k], want[k]) : close(got[k], want[k], 1e-15, 1e-14);
    EXPECT_TRUE(ok) << "math_f64[" << i << "] result " << k << " = " << got[k] << " want "
                    << want[k];
  }
}

class MathKernels : public ::testing::TestWithParam<const char*> {};

TEST_P(MathKernels, MatchIeeeResultsAndDocumentedBounds) {
  Inputs in = make_inputs();
  FuncRunner r(read_math_ptx(GetParam()));
  Addr fo = r.alloc<float>(kF * kN);
  Addr po = r.alloc<double>(kD * kN);
  r.launch("_Z8math_f32PKfS0_S0_S0_S0_S0_Pfi", {kN / 128, 1, 1}, {128, 1, 1}, r.upload(in.x),
           r.upload(in.y), r.upload(in.z), r.upload(in.s), r.upload(in.t), r.upload(in.a), fo, kN);
  r.launch("_Z8math_f64PKdS0_S0_S0_S0_Pdi", {kN / 128, 1, 1}, {128, 1, 1}, r.upload(in.dx),
           r.upload(in.dy), r.upload(in.dz), r.upload(in.ds), r.upload(in.da), po, kN);
  std::vector<float> fout = r.download<float>(fo, kF * kN);
  std::vector<double> dout = r.download<double>(po, kD * kN);
  for (int i = 0; i < kN; ++i) {
    check_f32(in, i, &fout[kF * i]);
    check_f64(in, i, &dout[kD * i]);
  }
}

INSTANTIATE_TEST_SUITE_P(Arch, MathKernels, ::testing::Values("sm_90", "sm_75"));

}  // namespace
}  // namespace warpsim::func::testing
