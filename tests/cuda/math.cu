// math: IEEE-exact float/double ops (sqrt, div, fma, rounding, fmin/fmax...) compared bit-exactly;
// library and fast functions (rsqrtf, __fdividef, exp/log/sin/cos incl. slow-path reduction,
// __sinf/__expf, exp2f, log2f, pow) compared within their documented error bounds.
// Usage: math [n]   (default n = 4096)
#include <cmath>
#include <cstring>
#include <vector>

static const char* kName = "math";
#include "test_util.h"

constexpr int kF = 24;  // float results per element
constexpr int kD = 12;  // double results per element

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__global__ void math_f32(const float* xs, const float* ys, const float* zs, const float* ss,
                         const float* ts, const float* as, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = xs[i], y = ys[i], z = zs[i], s = ss[i], t = ts[i], a = as[i];
  float* o = out + kF * i;
  o[0] = sqrtf(a);
  o[1] = rsqrtf(a);
  o[2] = x / y;
  o[3] = __fdividef(x, y);
  o[4] = expf(s);
  o[5] = logf(a);
  o[6] = sinf(x);
  o[7] = cosf(x);
  o[8] = __sinf(t);
  o[9] = __cosf(t);
  o[10] = __expf(s);
  o[11] = __logf(a);
  o[12] = fmaf(x, y, z);
  o[13] = floorf(z);
  o[14] = ceilf(z);
  o[15] = truncf(z);
  o[16] = roundf(z);
  o[17] = rintf(z);
  o[18] = fminf(x, z);
  o[19] = fmaxf(x, z);
  o[20] = copysignf(y, z);
  o[21] = fabsf(x);
  o[22] = exp2f(s) + log2f(a);
  o[23] = powf(a, s * 0.25f);
}

__global__ void math_f64(const double* xs, const double* ys, const double* zs, const double* ss,
                         const double* as, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = xs[i], y = ys[i], z = zs[i], s = ss[i], a = as[i];
  double* o = out + kD * i;
  o[0] = sqrt(a);
  o[1] = x / y;
  o[2] = fma(x, y, z);
  o[3] = 1.0 / y;
  o[4] = exp(s);
  o[5] = log(a);
  o[6] = sin(x);
  o[7] = cos(x);
  o[8] = pow(a, s * 0.125);
  o[9] = floor(z) + rint(z);
  o[10] = fmin(x, z) - fmax(y, z);
  o[11] = fabs(x) + copysign(1.0, z);
}
#endif  // __CUDACC__

static bool close(double got, double want, double abs_tol, double rel_tol) {
  if (std::isnan(want)) return std::isnan(got);
  if (std::isinf(want)) return got == want;
  return std::fabs(got - want) <= abs_tol + rel_tol * std::fabs(want);
}
static bool same(double got, double want) {  // bit-exact (for the given precision)
  return got == want && std::signbit(got) == std::signbit(want);
}

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  if (n < 16) n = 16;
  Lcg rng(14);
  auto uni = [&](double lo, double hi) {
    return lo + (hi - lo) * (static_cast<double>(rng.next()) / 2147483648.0);
  };
  const double kPi = 3.14159265358979323846;
  std::vector<float> xs(n), ys(n), zs(n), ss(n), ts(n), as(n);
  std::vector<double> dx(n), dy(n), dz(n), ds(n), da(n);
  for (int i = 0; i < n; ++i) {
    double big = (i % 8 == 0) ? 1e6 : (i % 97 == 1 ? 1e30 : 100.0);
    xs[i] = static_cast<float>(uni(-big, big));
    ys[i] = static_cast<float>(uni(0.1, 100.0) * (rng.next() % 2 ? -1.0 : 1.0));
    zs[i] = static_cast<float>(i % 5 == 0 ? std::round(uni(-50, 50)) + 0.5 : uni(-100, 100));
    ss[i] = static_cast<float>(uni(-20.0, 20.0));
    ts[i] = static_cast<float>(uni(-kPi, kPi));
    as[i] = static_cast<float>(uni(1e-3, i % 3 == 0 ? 1e6 : 10.0));
    double dbig = (i % 8 == 0) ? 1e9 : (i % 97 == 1 ? 1e22 : 100.0);
    dx[i] = uni(-dbig, dbig) + uni(0, 1) * 1e-9;
    dy[i] = uni(0.1, 100.0) * (rng.next() % 2 ? -1.0 : 1.0) + uni(0, 1) * 1e-12;
    dz[i] = i % 5 == 0 ? std::round(uni(-50, 50)) + 0.5 : uni(-100, 100);
    ds[i] = uni(-100.0, 100.0);
    da[i] = uni(1e-3, i % 3 == 0 ? 1e12 : 10.0);
  }
  float *fx, *fy, *fz, *fs, *ft, *fa, *fo;
  double *px, *py, *pz, *ps, *pa, *po;
  CUDA_CHECK(cudaMalloc(&fx, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&fy, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&fz, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&fs, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&ft, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&fa, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&fo, kF * n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&px, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&py, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&pz, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&ps, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&pa, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&po, kD * n * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(fx, xs.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(fy, ys.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(fz, zs.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(fs, ss.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(ft, ts.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(fa, as.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(px, dx.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(py, dy.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(pz, dz.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(ps, ds.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(pa, da.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  const int block = 128, grid = (n + block - 1) / block;
  LAUNCH(math_f32, grid, block)(fx, fy, fz, fs, ft, fa, fo, n);
  CUDA_CHECK(cudaGetLastError());
  LAUNCH(math_f64, grid, block)(px, py, pz, ps, pa, po, n);
  CUDA_CHECK(cudaGetLastError());
  std::vector<float> fout(kF * n);
  std::vector<double> dout(kD * n);
  CUDA_CHECK(cudaMemcpy(fout.data(), fo, kF * n * sizeof(float), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(dout.data(), po, kD * n * sizeof(double), cudaMemcpyDeviceToHost));

  static const char* fnames[kF] = {
      "sqrtf",  "rsqrtf", "div",    "__fdividef", "expf",      "logf",   "sinf",        "cosf",
      "__sinf", "__cosf", "__expf", "__logf",     "fmaf",      "floorf", "ceilf",       "truncf",
      "roundf", "rintf",  "fminf",  "fmaxf",      "copysignf", "fabsf",  "exp2f+log2f", "powf"};
  for (int i = 0; i < n; ++i) {
    const float x = xs[i], y = ys[i], z = zs[i], s = ss[i], t = ts[i], a = as[i];
    const double X = x, Y = y, S = s, T = t, A = a;
    // clang-format off
    // Exact results (IEEE-rounded single-precision operations).
    const float exact[kF] = {std::sqrt(a), 0, x / y, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                             std::fma(x, y, z), std::floor(z), std::ceil(z), std::trunc(z),
                             std::round(z), std::rint(z), std::fmin(x, z), std::fmax(x, z),
                             std::copysign(y, z), std::fabs(x), 0, 0};
    // Approximate results: reference in double, tolerance (abs, rel).
    const double ref[kF] = {0, 1.0 / std::sqrt(A), 0, X / Y, std::exp(S), std::log(A),
                            std::sin(X), std::cos(X), std::sin(T), std::cos(T), std::exp(S),
                            std::log(A), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                            std::exp2(S) + std::log2(A), std::pow(A, S * 0.25)};
    const double abs_tol[kF] = {0, 0, 0, 0, 0, 1e-6, 1e-6, 1e-6, 1e-5, 1e-5, 0, 1e-5,
                                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1e-5, 0};
    const double rel_tol[kF] = {0, 1e-6, 0, 1e-6, 1e-6, 1e-6, 1e-6, 1e-6, 0, 0, 1e-4, 1e-4,
                                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1e-6, 1e-5};
    const bool is_exact[kF] = {1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                               1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0};
    // clang-format on
    for (int k = 0; k < kF; ++k) {
      float got = fout[kF * i + k];
      bool ok = is_exact[k] ? same(got, exact[k]) : close(got, ref[k], abs_tol[k], rel_tol[k]);
      if (!ok)
        mismatch("%s[%d] (x=%a y=%a z=%a s=%a t=%a a=%a) = %.9g want %.9g", fnames[k], i, x, y, z,
                 s, t, a, got, is_exact[k] ? exact[k] : ref[k]);
    }
  }

  static const char* dnames[kD] = {"sqrt", "div",        "fma",       "rcp",
                                   "exp",  "log",        "sin",       "cos",
                                   "pow",  "floor+rint", "fmin-fmax", "fabs+copysign"};
  for (int i = 0; i < n; ++i) {
    const double x = dx[i], y = dy[i], z = dz[i], s = ds[i], a = da[i];
    const double want[kD] = {std::sqrt(a),
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
      double got = dout[kD * i + k];
      bool ok = is_exact[k] ? same(got, want[k]) : close(got, want[k], 1e-15, 1e-14);
      if (!ok)
        mismatch("%s[%d] (x=%a y=%a z=%a s=%a a=%a) = %.17g want %.17g", dnames[k], i, x, y, z, s,
                 a, got, want[k]);
    }
  }

  CUDA_CHECK(cudaDeviceSynchronize());
  cudaFree(fx);
  cudaFree(fy);
  cudaFree(fz);
  cudaFree(fs);
  cudaFree(ft);
  cudaFree(fa);
  cudaFree(fo);
  cudaFree(px);
  cudaFree(py);
  cudaFree(pz);
  cudaFree(ps);
  cudaFree(pa);
  cudaFree(po);
  return finish();
}
