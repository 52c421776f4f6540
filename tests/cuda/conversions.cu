// conversions: __float2int/uint/ll and __double2int with rn/rz/ru/rd, int/ll->float, double->float
// in all rounding modes, __saturatef, cvt saturation and NaN rules, cuda_fp16 (__half, half2,
// __hadd/__hmul/__hfma) and cuda_bf16 (rn/rz conversion, add/mul/fma; emulated on sm_75).
// Usage: conversions [n]   (default n = 4096)
#include <cmath>
#include <cstring>
#include <vector>

#ifdef __CUDACC__
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#endif

static const char* kName = "conversions";
#include "test_util.h"

#ifdef __CUDACC__  // device code; the functional-mode build runs its PTX instead
__global__ void float_int_conv(const float* f, const double* d, const int* iv, const long long* lv,
                               unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = f[i];
  double y = d[i];
  int k = iv[i];
  long long l = lv[i];
  unsigned* o = out + 24 * i;
  o[0] = static_cast<unsigned>(__float2int_rn(x));
  o[1] = static_cast<unsigned>(__float2int_rz(x));
  o[2] = static_cast<unsigned>(__float2int_ru(x));
  o[3] = static_cast<unsigned>(__float2int_rd(x));
  o[4] = __float2uint_rn(x);
  o[5] = static_cast<unsigned>(__double2int_rn(y));
  o[6] = static_cast<unsigned>(__double2int_rd(y));
  long long ll = __float2ll_rn(x);
  o[7] = static_cast<unsigned>(ll);
  o[8] = static_cast<unsigned>(static_cast<unsigned long long>(ll) >> 32);
  o[9] = __float_as_uint(__int2float_rn(k));
  o[10] = __float_as_uint(__int2float_rz(k));
  o[11] = __float_as_uint(__int2float_ru(k));
  o[12] = __float_as_uint(__int2float_rd(k));
  o[13] = __float_as_uint(__uint2float_rn(static_cast<unsigned>(k)));
  o[14] = __float_as_uint(__ll2float_rn(l));
  o[15] = __float_as_uint(__double2float_rn(y));
  o[16] = __float_as_uint(__double2float_rz(y));
  o[17] = __float_as_uint(__double2float_ru(y));
  o[18] = __float_as_uint(__double2float_rd(y));
  unsigned long long lb = static_cast<unsigned long long>(__double_as_longlong(__ll2double_rn(l)));
  o[19] = static_cast<unsigned>(lb);
  o[20] = static_cast<unsigned>(lb >> 32);
  o[21] = __float_as_uint(__saturatef(x));
  o[22] = __float_as_uint(static_cast<float>(y));  // plain C++ conversion: cvt.rn.f32.f64
  o[23] = static_cast<unsigned>(static_cast<int>(x * 0.5f));  // plain C++ truncation: cvt.rzi
}

__global__ void half_kernel(const float* f, const float* a, const float* b, const float* c,
                            unsigned short* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half ha = __float2half(a[i]), hb = __float2half(b[i]), hc = __float2half(c[i]);
  unsigned short* o = out + 12 * i;
  o[0] = __half_as_ushort(__float2half(f[i]));
  o[1] = __half_as_ushort(__hadd(ha, hb));
  o[2] = __half_as_ushort(__hsub(ha, hb));
  o[3] = __half_as_ushort(__hmul(ha, hb));
  o[4] = __half_as_ushort(__hfma(ha, hb, hc));
  __half2 p = __floats2half2_rn(a[i], b[i]);
  __half2 q = __floats2half2_rn(c[i], a[i]);
  __half2 s = __hadd2(p, q);
  __half2 m = __hmul2(p, q);
  __half2 fm = __hfma2(p, q, p);
  o[5] = __half_as_ushort(__low2half(s));
  o[6] = __half_as_ushort(__high2half(s));
  o[7] = __half_as_ushort(__low2half(m));
  o[8] = __half_as_ushort(__high2half(m));
  o[9] = __half_as_ushort(__low2half(fm));
  o[10] = __half_as_ushort(__high2half(fm));
  o[11] = static_cast<unsigned short>(__hlt(ha, hb)) |
          static_cast<unsigned short>(__float_as_uint(__half2float(hc)) >> 16 << 1);
}

__global__ void bf16_kernel(const float* f, const float* a, const float* b, const float* c,
                            unsigned short* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __nv_bfloat16 ba = __float2bfloat16(a[i]), bb = __float2bfloat16(b[i]),
                bc = __float2bfloat16(c[i]);
  unsigned short* o = out + 6 * i;
  o[0] = __bfloat16_as_ushort(__float2bfloat16(f[i]));
  o[1] = __bfloat16_as_ushort(__float2bfloat16_rz(f[i]));
  o[2] = __bfloat16_as_ushort(__hadd(ba, bb));
  o[3] = __bfloat16_as_ushort(__hmul(ba, bb));
#if __CUDA_ARCH__ >= 800
  o[4] = __bfloat16_as_ushort(__hfma(ba, bb, bc));  // fma.rn.bf16
#else
  // No bf16 fma before sm_80; the product and sum are exact in float, so this rounds once too.
  o[4] = __bfloat16_as_ushort(
      __float2bfloat16(fmaf(__bfloat162float(ba), __bfloat162float(bb), __bfloat162float(bc))));
#endif
  o[5] = static_cast<unsigned short>(__float_as_uint(__bfloat162float(bc)) >> 16);
}
#endif  // __CUDACC__

// ---- host references ----
static unsigned fbits(float f) {
  unsigned u;
  memcpy(&u, &f, 4);
  return u;
}
static bool same_float(unsigned got, float want) {
  float g;
  memcpy(&g, &got, 4);
  return got == fbits(want) || (std::isnan(g) && std::isnan(want));
}
// Saturating conversion of an already-integral value; NaN gives `nan_value` (PTX cvt rules).
static long long sat(double r, double lo, double hi, long long nan_value) {
  if (std::isnan(r)) return nan_value;
  if (r <= lo) return static_cast<long long>(lo);
  if (r >= hi) return static_cast<long long>(hi);
  return static_cast<long long>(r);
}
// Float to s64: clamps; NaN gives MININT (the PTX rule for 64-bit destinations).
static long long sat_i64(double r) {
  if (std::isnan(r) || r <= -9223372036854775808.0) return static_cast<long long>(1ull << 63);
  if (r >= 9223372036854775808.0) return 0x7fffffffffffffffLL;
  return static_cast<long long>(r);
}
enum Mode { kRn, kRz, kRu, kRd };
static double round_int(double x, Mode m) {
  switch (m) {
    case kRn:
      return std::nearbyint(x);  // default environment: ties to even
    case kRz:
      return std::trunc(x);
    case kRu:
      return std::ceil(x);
    default:
      return std::floor(x);
  }
}
// Round a value exactly representable in double (or long double) to float in mode m.
static float to_float(long double exact, Mode m) {
  float f = static_cast<float>(exact);  // round to nearest even
  if (std::isnan(f) || static_cast<long double>(f) == exact) return f;
  if (m == kRz && std::fabs(static_cast<long double>(f)) > std::fabs(exact))
    f = std::nextafter(f, 0.0f);
  if (m == kRu && static_cast<long double>(f) < exact) f = std::nextafter(f, INFINITY);
  if (m == kRd && static_cast<long double>(f) > exact) f = std::nextafter(f, -INFINITY);
  return f;
}
// Round a double to IEEE binary16, nearest even.
static unsigned short to_half(double x) {
  unsigned short sign = std::signbit(x) ? 0x8000 : 0;
  if (std::isnan(x)) return 0x7fff;
  x = std::fabs(x);
  if (x >= 65520.0) return sign | 0x7c00;
  int e;
  std::frexp(x, &e);  // x = m * 2^e, m in [0.5, 1)
  if (x == 0.0 || e - 1 < -14) {
    double q = std::nearbyint(std::ldexp(x, 24));  // subnormal quantum 2^-24
    return sign | static_cast<unsigned short>(q);
  }
  double q = std::nearbyint(std::ldexp(x, 10 - (e - 1)));  // in [1024, 2048]
  if (q == 2048.0) {
    q = 1024.0;
    ++e;
  }
  int biased = e - 1 + 15;
  if (biased >= 31) return sign | 0x7c00;
  return sign | static_cast<unsigned short>((biased << 10) | (static_cast<int>(q) - 1024));
}
static unsigned short to_bf16(float f, bool rz) {
  unsigned u = fbits(f);
  if (std::isnan(f)) return 0x7fff;
  if (!rz) u += 0x7fffu + ((u >> 16) & 1u);
  return static_cast<unsigned short>(u >> 16);
}
static bool same_half(unsigned short got, unsigned short want) {
  bool got_nan = (got & 0x7c00) == 0x7c00 && (got & 0x3ff) != 0;
  return got == want || (got_nan && want == 0x7fff);
}

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 4096;
  if (n < 64) n = 64;
  Lcg rng(13);
  std::vector<float> hf(n);
  std::vector<double> hd(n);
  std::vector<int> hi(n);
  std::vector<long long> hl(n);
  const float fspecial[] = {0.5f,      1.5f,   2.5f,  -0.5f,         -1.5f,  -2.5f,      0.0f,
                            -0.0f,     3e9f,   -3e9f, 1e20f,         -1e20f, NAN,        INFINITY,
                            -INFINITY, 4.5e9f, -0.3f, 2147483520.0f, 1e-40f, 0.99999994f};
  const double dspecial[] = {0.5,
                             -0.5,
                             2.5,
                             -2.5,
                             3e9,
                             -3e9,
                             NAN,
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
  const int nfs = sizeof fspecial / sizeof fspecial[0];
  const int nds = sizeof dspecial / sizeof dspecial[0];
  for (int i = 0; i < n; ++i) {
    double u = static_cast<double>(rng.next()) / 2147483648.0;  // [0, 1)
    double sgn = rng.next() % 2 ? -1.0 : 1.0;
    switch (i % 4) {
      case 0:
        hf[i] = static_cast<float>(sgn * u * 1000.0);
        break;
      case 1:
        hf[i] = static_cast<float>(sgn * (static_cast<int>(rng.next() % 2000) + 0.5));
        break;
      case 2:
        hf[i] =
            static_cast<float>(sgn * std::ldexp(u + 1.0, static_cast<int>(rng.next() % 70) - 20));
        break;
      default:
        hf[i] = static_cast<float>(sgn * u * 4.0);
        break;
    }
    hd[i] = sgn * std::ldexp(u + 1.0, static_cast<int>(rng.next() % 300) - 150) +
            (i % 3 == 0 ? 0.5 : 0.0);
    hi[i] = static_cast<int>((rng.next() << 1) ^ rng.next());
    hl[i] = static_cast<long long>((static_cast<unsigned long long>(rng.next()) << 33) ^
                                   (static_cast<unsigned long long>(rng.next()) << 2));
    if (i % 2 == 0) hl[i] >>= rng.next() % 40;
  }
  for (int k = 0; k < nfs; ++k) hf[k] = fspecial[k];
  for (int k = 0; k < nds; ++k) hd[k] = dspecial[k];
  hi[0] = 16777217;  // needs rounding to float
  hi[1] = -16777219;
  hi[2] = 0x7fffffff;
  hi[3] = static_cast<int>(0x80000000u);

  float* df;
  double* dd;
  int* di;
  long long* dl;
  unsigned* dout;
  CUDA_CHECK(cudaMalloc(&df, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dd, n * sizeof(double)));
  CUDA_CHECK(cudaMalloc(&di, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&dl, n * sizeof(long long)));
  CUDA_CHECK(cudaMalloc(&dout, 24 * n * sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(df, hf.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dd, hd.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(di, hi.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dl, hl.data(), n * sizeof(long long), cudaMemcpyHostToDevice));
  const int block = 128, grid = (n + block - 1) / block;
  LAUNCH(float_int_conv, grid, block)(df, dd, di, dl, dout, n);
  CUDA_CHECK(cudaGetLastError());
  std::vector<unsigned> out(24 * n);
  CUDA_CHECK(cudaMemcpy(out.data(), dout, 24 * n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  const double i32lo = -2147483648.0, i32hi = 2147483647.0;
  const long long i32nan_f64 = -2147483647LL - 1;  // NaN from an f64 source: MININT
  for (int i = 0; i < n; ++i) {
    float x = hf[i];
    double y = hd[i];
    long long ll = sat_i64(round_int(x, kRn));
    unsigned long long lb;
    double l2d = static_cast<double>(hl[i]);
    memcpy(&lb, &l2d, 8);
    unsigned want[24] = {
        static_cast<unsigned>(sat(round_int(x, kRn), i32lo, i32hi, 0)),
        static_cast<unsigned>(sat(round_int(x, kRz), i32lo, i32hi, 0)),
        static_cast<unsigned>(sat(round_int(x, kRu), i32lo, i32hi, 0)),
        static_cast<unsigned>(sat(round_int(x, kRd), i32lo, i32hi, 0)),
        static_cast<unsigned>(sat(round_int(x, kRn), 0.0, 4294967295.0, 0)),
        static_cast<unsigned>(sat(round_int(y, kRn), i32lo, i32hi, i32nan_f64)),
        static_cast<unsigned>(sat(round_int(y, kRd), i32lo, i32hi, i32nan_f64)),
        static_cast<unsigned>(ll),
        static_cast<unsigned>(static_cast<unsigned long long>(ll) >> 32),
        fbits(to_float(hi[i], kRn)),
        fbits(to_float(hi[i], kRz)),
        fbits(to_float(hi[i], kRu)),
        fbits(to_float(hi[i], kRd)),
        fbits(to_float(static_cast<unsigned>(hi[i]), kRn)),
        fbits(static_cast<float>(hl[i])),
        fbits(to_float(y, kRn)),
        fbits(to_float(y, kRz)),
        fbits(to_float(y, kRu)),
        fbits(to_float(y, kRd)),
        static_cast<unsigned>(lb),
        static_cast<unsigned>(lb >> 32),
        fbits(std::isnan(x) ? 0.0f : (x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x))),
        fbits(static_cast<float>(y)),
        static_cast<unsigned>(sat(round_int(x * 0.5f, kRz), i32lo, i32hi, 0)),
    };
    // clang-format off
    static const bool is_float[24] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1,
                                      1, 1, 1, 0, 0, 1, 1, 0};
    // clang-format on
    for (int k = 0; k < 24; ++k) {
      unsigned got = out[24 * i + k];
      bool ok = got == want[k];
      if (!ok && is_float[k]) {
        float wf;
        memcpy(&wf, &want[k], 4);
        ok = same_float(got, wf);
        if (k == 21) ok = ok || ((got & 0x7fffffffu) == 0 && wf == 0.0f);  // sign of zero
      }
      if (!ok)
        mismatch("float_int_conv[%d] result %d (f=%a d=%a i=%d) = %08x want %08x", i, k, x, y,
                 hi[i], got, want[k]);
    }
  }

  // ---- half and bfloat16 ----
  std::vector<float> ha(n), hb(n), hc(n), hbf(n);
  for (int i = 0; i < n; ++i) {
    ha[i] = (static_cast<int>(rng.next() % 1025) - 512) / 64.0f;  // exact in half
    hb[i] = (static_cast<int>(rng.next() % 1025) - 512) / 64.0f;
    hc[i] = (static_cast<int>(rng.next() % 1025) - 512) / 64.0f;
    hbf[i] = (static_cast<int>(rng.next() % 511) - 255) / 16.0f;  // exact in bfloat16
  }
  // Conversion inputs for half: ties, subnormal halves, overflow, NaN.
  const float hspecial[] = {65504.0f,       65519.0f,       65520.0f, 1e-7f, 6e-8f,     2.98e-8f,
                            1.00048828125f, 1.00146484375f, -2049.0f, NAN,   -INFINITY, 3e-5f};
  for (int k = 0; k < static_cast<int>(sizeof hspecial / sizeof hspecial[0]); ++k)
    hf[k + nfs] = hspecial[k];
  float *da, *db, *dc, *dbf;
  unsigned short* dh;
  CUDA_CHECK(cudaMalloc(&da, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&db, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dc, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dbf, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&dh, 12 * n * sizeof(unsigned short)));
  CUDA_CHECK(cudaMemcpy(df, hf.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(da, ha.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(db, hb.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dc, hc.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dbf, hbf.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  LAUNCH(half_kernel, grid, block)(df, da, db, dc, dh, n);
  CUDA_CHECK(cudaGetLastError());
  std::vector<unsigned short> hout(12 * n);
  CUDA_CHECK(cudaMemcpy(hout.data(), dh, 12 * n * sizeof(unsigned short), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    double a = ha[i], b = hb[i], c = hc[i];
    unsigned short want[12] = {to_half(hf[i]),     to_half(a + b),     to_half(a - b),
                               to_half(a * b),     to_half(a * b + c), to_half(a + c),
                               to_half(b + a),     to_half(a * c),     to_half(b * a),
                               to_half(a * c + a), to_half(b * a + b), 0};
    want[11] = static_cast<unsigned short>((a < b ? 1 : 0) | (fbits(hc[i]) >> 16 << 1));
    for (int k = 0; k < 12; ++k)
      if (!same_half(hout[12 * i + k], want[k]))
        mismatch("half_kernel[%d] result %d = %04x want %04x", i, k, hout[12 * i + k], want[k]);
  }

  // bfloat16: conversion inputs are the float inputs; arithmetic on exact values.
  for (int i = 0; i < n; ++i)
    if (std::fpclassify(hf[i]) == FP_SUBNORMAL) hf[i] = 1.0f;  // keep bf16 away from subnormals
  CUDA_CHECK(cudaMemcpy(df, hf.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(da, hbf.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  std::vector<float> hbf2(n), hbf3(n);
  for (int i = 0; i < n; ++i) {
    hbf2[i] = hbf[(i * 7 + 3) % n];
    hbf3[i] = hbf[(i * 13 + 5) % n];
  }
  CUDA_CHECK(cudaMemcpy(db, hbf2.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dc, hbf3.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  LAUNCH(bf16_kernel, grid, block)(df, da, db, dc, dh, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(hout.data(), dh, 6 * n * sizeof(unsigned short), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    float a = hbf[i], b = hbf2[i], c = hbf3[i];
    unsigned short want[6] = {to_bf16(hf[i], false),
                              to_bf16(hf[i], true),
                              to_bf16(a + b, false),
                              to_bf16(a * b, false),
                              to_bf16(static_cast<float>(static_cast<double>(a) * b + c), false),
                              static_cast<unsigned short>(fbits(c) >> 16)};
    for (int k = 0; k < 6; ++k) {
      unsigned short got = hout[6 * i + k];
      bool got_nan = (got & 0x7f80) == 0x7f80 && (got & 0x7f) != 0;
      if (got != want[k] && !(got_nan && want[k] == 0x7fff))
        mismatch("bf16_kernel[%d] result %d (f=%a) = %04x want %04x", i, k, hf[i], got, want[k]);
    }
  }

  CUDA_CHECK(cudaDeviceSynchronize());
  cudaFree(df);
  cudaFree(dd);
  cudaFree(di);
  cudaFree(dl);
  cudaFree(dout);
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  cudaFree(dbf);
  cudaFree(dh);
  return finish();
}
