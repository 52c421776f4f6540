// double_math: the double-precision math library (libdevice code inlined into the PTX): sin,
// cos, tan (with huge arguments: the slow argument reduction), exp, exp2, exp10, expm1, log,
// log2, log10, log1p, pow, sqrt, rsqrt, cbrt, hypot, erf, erfc, atan, atan2, asin, acos, the
// hyperbolic functions and their inverses, lgamma, tgamma, fmod, remainder, fma and division.
// Each result is compared with the host libm within the CUDA Programming Guide's ulp bound plus
// the host library's own error; C99 Annex F special values are compared exactly.
// Usage: double_math [n]   (default n = 4096)
#include <cmath>
#include <cstring>
#include <vector>

static const char* kName = "double_math";
#include "test_util.h"

constexpr int kFuncs = 34;

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
// Function f reads its arguments from a[f * n + i] and b[f * n + i].
__global__ void math_f64_lib(const double* a, const double* b, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
#define A(f) a[(f)*n + i]
#define B(f) b[(f)*n + i]
  double* o = out + i;
  o[0 * n] = sin(A(0));
  o[1 * n] = cos(A(1));
  o[2 * n] = tan(A(2));
  o[3 * n] = exp(A(3));
  o[4 * n] = exp2(A(4));
  o[5 * n] = exp10(A(5));
  o[6 * n] = expm1(A(6));
  o[7 * n] = log(A(7));
  o[8 * n] = log2(A(8));
  o[9 * n] = log10(A(9));
  o[10 * n] = log1p(A(10));
  o[11 * n] = pow(A(11), B(11));
  o[12 * n] = sqrt(A(12));
  o[13 * n] = rsqrt(A(13));
  o[14 * n] = cbrt(A(14));
  o[15 * n] = hypot(A(15), B(15));
  o[16 * n] = erf(A(16));
  o[17 * n] = erfc(A(17));
  o[18 * n] = atan(A(18));
  o[19 * n] = atan2(A(19), B(19));
  o[20 * n] = asin(A(20));
  o[21 * n] = acos(A(21));
  o[22 * n] = sinh(A(22));
  o[23 * n] = cosh(A(23));
  o[24 * n] = tanh(A(24));
  o[25 * n] = asinh(A(25));
  o[26 * n] = acosh(A(26));
  o[27 * n] = atanh(A(27));
  o[28 * n] = lgamma(A(28));
  o[29 * n] = tgamma(A(29));
  o[30 * n] = fmod(A(30), B(30));
  o[31 * n] = remainder(A(31), B(31));
  o[32 * n] = fma(A(32), B(32), 1.0 / 3.0);
  o[33 * n] = A(33) / B(33);
#undef A
#undef B
}

// Special operands, one function per element (k = the function's number in main's table).
__global__ void math_f64_special(const int* fn, const double* a, const double* b, double* out,
                                 int count) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= count) return;
  double x = a[k], y = b[k], r = 0.0;
  // clang-format off
  switch (fn[k]) {
    case 0: r = sqrt(x); break;
    case 1: r = log(x); break;
    case 2: r = exp(x); break;
    case 3: r = pow(x, y); break;
    case 4: r = sin(x); break;
    case 5: r = atan2(x, y); break;
    case 6: r = erf(x); break;
    case 7: r = erfc(x); break;
    case 8: r = tgamma(x); break;
    case 9: r = lgamma(x); break;
    case 10: r = hypot(x, y); break;
    case 11: r = fmod(x, y); break;
    case 12: r = log1p(x); break;
    case 13: r = expm1(x); break;
    case 14: r = tanh(x); break;
    default: r = -1.0;
  }
  // clang-format on
  out[k] = r;
}
#endif  // __CUDACC__

struct Func {
  const char* name;
  int device_ulp;  // CUDA Programming Guide bound
  int host_ulp;    // allowance for the host libm
};

static const Func kTable[kFuncs] = {
    {"sin", 2, 1},   {"cos", 2, 1},       {"tan", 2, 2},   {"exp", 1, 1},    {"exp2", 1, 1},
    {"exp10", 1, 2}, {"expm1", 1, 1},     {"log", 1, 1},   {"log2", 1, 1},   {"log10", 1, 2},
    {"log1p", 1, 1}, {"pow", 2, 1},       {"sqrt", 0, 0},  {"rsqrt", 1, 1},  {"cbrt", 1, 4},
    {"hypot", 2, 1}, {"erf", 2, 1},       {"erfc", 5, 5},  {"atan", 2, 1},   {"atan2", 2, 2},
    {"asin", 2, 1},  {"acos", 2, 1},      {"sinh", 2, 2},  {"cosh", 2, 2},   {"tanh", 2, 2},
    {"asinh", 3, 2}, {"acosh", 3, 2},     {"atanh", 2, 2}, {"lgamma", 4, 5}, {"tgamma", 10, 10},
    {"fmod", 0, 0},  {"remainder", 0, 0}, {"fma", 0, 0},   {"div", 0, 0}};

static double host_eval(int f, double x, double y) {
  // clang-format off
  switch (f) {
    case 0: return std::sin(x);
    case 1: return std::cos(x);
    case 2: return std::tan(x);
    case 3: return std::exp(x);
    case 4: return std::exp2(x);
    case 5: return std::pow(10.0, x);
    case 6: return std::expm1(x);
    case 7: return std::log(x);
    case 8: return std::log2(x);
    case 9: return std::log10(x);
    case 10: return std::log1p(x);
    case 11: return std::pow(x, y);
    case 12: return std::sqrt(x);
    case 13: return 1.0 / std::sqrt(x);  // two roundings: within the host allowance
    case 14: return std::cbrt(x);
    case 15: return std::hypot(x, y);
    case 16: return std::erf(x);
    case 17: return std::erfc(x);
    case 18: return std::atan(x);
    case 19: return std::atan2(x, y);
    case 20: return std::asin(x);
    case 21: return std::acos(x);
    case 22: return std::sinh(x);
    case 23: return std::cosh(x);
    case 24: return std::tanh(x);
    case 25: return std::asinh(x);
    case 26: return std::acosh(x);
    case 27: return std::atanh(x);
    case 28: return std::lgamma(x);
    case 29: return std::tgamma(x);
    case 30: return std::fmod(x, y);
    case 31: return std::remainder(x, y);
    case 32: return std::fma(x, y, 1.0 / 3.0);
    default: return x / y;
  }
  // clang-format on
}

// Distance in representable doubles (0 for equal values and for two NaNs; huge for one NaN).
static double ulp_distance(double got, double want) {
  if (std::isnan(got) || std::isnan(want)) return std::isnan(got) && std::isnan(want) ? 0 : 1e30;
  // Map the bit patterns to integers that order like the values (-0 and +0 adjacent).
  auto ordered = [](double v) {
    unsigned long long u;
    memcpy(&u, &v, 8);
    return (u >> 63) != 0 ? ~u : u | 0x8000000000000000ull;
  };
  const unsigned long long g = ordered(got), w = ordered(want);
  return static_cast<double>(g > w ? g - w : w - g);
}

static double uniform(Lcg& rng, double lo, double hi) {
  return lo + (hi - lo) * ((rng.next() + 0.5) / 4294967296.0);
}
// Magnitude log-uniform in [10^lo, 10^hi], random sign when `signed_values`.
static double log_uniform(Lcg& rng, double lo, double hi, bool signed_values) {
  double v = std::pow(10.0, uniform(rng, lo, hi));
  return signed_values && (rng.next() & 1) ? -v : v;
}

// Arguments for function f: mostly its interesting range, some far out.
static void arguments(int f, Lcg& rng, double& x, double& y) {
  const bool wide = rng.next() % 4 == 0;
  y = 0.0;
  // clang-format off
  switch (f) {
    case 0: case 1: case 2:
      x = wide ? log_uniform(rng, 3, 15, true) : uniform(rng, -10, 10);
      break;
    case 3: x = wide ? uniform(rng, -745, 709) : uniform(rng, -20, 20); break;
    case 4: x = wide ? uniform(rng, -1074, 1023) : uniform(rng, -30, 30); break;
    case 5: x = uniform(rng, -300, 300); break;
    case 6: x = wide ? uniform(rng, -40, 700) : uniform(rng, -1, 1); break;
    case 7: case 8: case 9: case 12: case 13:
      x = wide ? log_uniform(rng, -300, 300, false) : uniform(rng, 0.5, 2);
      break;
    case 10: x = wide ? log_uniform(rng, -10, 10, false) : uniform(rng, -0.999, 1); break;
    case 11: x = uniform(rng, 0.01, 100); y = uniform(rng, -50, 50); break;
    case 14: x = log_uniform(rng, -100, 100, true); break;
    case 15: x = log_uniform(rng, -10, 10, true); y = log_uniform(rng, -10, 10, true); break;
    case 16: x = uniform(rng, -6, 6); break;
    case 17: x = uniform(rng, -5, 26); break;
    case 18: x = wide ? log_uniform(rng, -6, 6, true) : uniform(rng, -2, 2); break;
    case 19: x = uniform(rng, -100, 100); y = uniform(rng, -100, 100); break;
    case 20: case 21: case 27: x = uniform(rng, -0.999, 0.999); break;
    case 22: case 23: x = wide ? uniform(rng, -700, 700) : uniform(rng, -5, 5); break;
    case 24: x = uniform(rng, -20, 20); break;
    case 25: x = log_uniform(rng, -5, 10, true); break;
    case 26: x = 1.0 + log_uniform(rng, -5, 10, false); break;
    case 28: x = wide ? uniform(rng, 0.05, 0.9) : uniform(rng, 2.5, 100); break;
    case 29: x = wide ? uniform(rng, 0.05, 0.9) : uniform(rng, 1.1, 170); break;
    case 30: case 31:
      x = uniform(rng, -1e6, 1e6);
      y = log_uniform(rng, -1, 2, true);
      break;
    case 32: x = uniform(rng, -1e3, 1e3); y = uniform(rng, -1e3, 1e3); break;
    default: x = log_uniform(rng, -50, 50, true); y = log_uniform(rng, -50, 50, true);
  }
  // clang-format on
}

struct Special {
  int fn;
  double x, y, want;
};

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  if (n < 1) n = 1;
  Lcg rng(32);
  std::vector<double> ha(kFuncs * n), hb(kFuncs * n), hout(kFuncs * n);
  for (int f = 0; f < kFuncs; ++f)
    for (int i = 0; i < n; ++i) arguments(f, rng, ha[f * n + i], hb[f * n + i]);
  double *da, *db, *dout;
  CUDA_CHECK(cudaMalloc(&da, kFuncs * n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&db, kFuncs * n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&dout, kFuncs * n * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(da, ha.data(), kFuncs * n * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(db, hb.data(), kFuncs * n * sizeof(double), cudaMemcpyHostToDevice));
  LAUNCH(math_f64_lib, (n + 127) / 128, 128)(da, db, dout, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(hout.data(), dout, kFuncs * n * sizeof(double), cudaMemcpyDeviceToHost));
  for (int f = 0; f < kFuncs; ++f) {
    const double bound = kTable[f].device_ulp + kTable[f].host_ulp;
    for (int i = 0; i < n; ++i) {
      const double x = ha[f * n + i], y = hb[f * n + i], got = hout[f * n + i];
      const double want = host_eval(f, x, y);
      if (ulp_distance(got, want) > bound)
        mismatch("%s(%.17g, %.17g) = %.17g want %.17g (%.0f ulp, bound %.0f)", kTable[f].name, x, y,
                 got, want, ulp_distance(got, want), bound);
    }
  }

  // C99 Annex F special values, compared exactly (NaN matches any NaN).
  const double inf = HUGE_VAL, nan = std::nan("");
  const Special specials[] = {{0, -1.0, 0, nan},      {1, 0.0, 0, -inf},   {1, -1.0, 0, nan},
                              {2, -inf, 0, 0.0},      {2, inf, 0, inf},    {3, nan, 0.0, 1.0},
                              {3, 1.0, nan, 1.0},     {4, -0.0, 0, -0.0},  {5, 0.0, -0.0, M_PI},
                              {5, -0.0, -0.0, -M_PI}, {6, inf, 0, 1.0},    {7, inf, 0, 0.0},
                              {8, 0.0, 0, inf},       {9, 1.0, 0, 0.0},    {10, inf, nan, inf},
                              {11, 5.0, 0.0, nan},    {12, -1.0, 0, -inf}, {13, -inf, 0, -1.0},
                              {14, inf, 0, 1.0},      {2, 1000.0, 0, inf}, {2, -1000.0, 0, 0.0}};
  const int ns = sizeof specials / sizeof specials[0];
  std::vector<int> sfn(ns);
  std::vector<double> sa(ns), sb(ns), sout(ns);
  for (int k = 0; k < ns; ++k) {
    sfn[k] = specials[k].fn;
    sa[k] = specials[k].x;
    sb[k] = specials[k].y;
  }
  int* dfn;
  CUDA_CHECK(cudaMalloc(&dfn, ns * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(dfn, sfn.data(), ns * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(da, sa.data(), ns * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(db, sb.data(), ns * sizeof(double), cudaMemcpyHostToDevice));
  LAUNCH(math_f64_special, 1, 32)(dfn, da, db, dout, ns);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(sout.data(), dout, ns * sizeof(double), cudaMemcpyDeviceToHost));
  for (int k = 0; k < ns; ++k) {
    long long gb, wb;
    memcpy(&gb, &sout[k], 8);
    memcpy(&wb, &specials[k].want, 8);
    const bool both_nan = std::isnan(sout[k]) && std::isnan(specials[k].want);
    if (!both_nan && gb != wb)
      mismatch("special case %d (function %d of %g, %g) = %.17g want %.17g", k, specials[k].fn,
               specials[k].x, specials[k].y, sout[k], specials[k].want);
  }

  cudaFree(da);
  cudaFree(db);
  cudaFree(dout);
  cudaFree(dfn);
  return finish();
}
