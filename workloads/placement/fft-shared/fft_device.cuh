// The 1024-point radix-16/16/4 FFT of one thread block, shared by placement/fft-shared and
// placement/fft-dcache (seed 000 Ch. 2's FFT case study). Only where the exchange buffers live
// differs: shared memory, or a per-block region of global memory (the D-cache version).
//
// The algorithm follows the on-chip-optimized FFT of Volkov and Kazian ("Fitting FFT onto the
// G80 architecture", 2008): 64 threads per 1024-point transform, each holding 16 points in
// registers, radix-16 passes computed in registers, and the data exchanged between passes through
// a padded on-chip buffer. The decomposition is ours, from the Cooley-Tukey identity
// (W_N = exp(-2 pi i / N), forward transform):
//   n = t + 64 j, k = k1 + 16 k2:  X[k1 + 16 k2] = sum_t W64^(t k2) W1024^(t k1) A_t[k1],
//     A_t = FFT16 over j of x[t + 64 j]                                  (pass 1, thread t)
//   t = r + 4 s, k2 = m + 16 q:    the 64-point DFT over t of each k1 is
//     sum_r W4^(r q) W64^(r m) B_{k1,r}[m],  B_{k1,r} = FFT16 over s     (pass 2, thread k1 + 16 r)
//   X[k1 + 16 m + 256 q] = FFT4 over r                                   (pass 3, 4 per thread)
// FFT16 is two radix-4 stages with the W16 twiddles in between (its outputs in digit-reversed
// order, v[4 (k % 4) + k / 4] = X[k]).
//
// Exchange buffers: real and imaginary parts in two float arrays of 1088 words each (8.5 KB, as
// the original's 8.5 KB per block that limits Fermi to 5 blocks per SM). Layouts, chosen so that
// every warp access hits 32 distinct banks of 32 (one transaction, no conflicts):
//   pass 1 -> 2: A_t[k1] at t + 66 k1  (stores: consecutive t; loads: banks r + 2 k1 + 4 s)
//   pass 2 -> 3: B_{k1,r}[m] at k1 + 16 m + 272 r  (stores: banks k1 + 16 (m + r); loads:
//                consecutive lanes)
// On an L1D the pass-2 loads touch 16 cache lines per warp instead of one bank each.
//
// Twiddles: `base` holds W1024^j for j = 0..63 (rounded from double on the host). Thread t
// needs W1024^(t k1), k1 = 1..15, and W64^(r m) = W1024^(16 r m), m = 1..15: it loads the base
// power W1024^t (resp. W1024^(16 r)) and forms the others by repeated complex multiplication,
// where the original evaluates sin and cos on the fly. All products are written with the
// correctly rounded intrinsics, so the compiler fuses nothing of its own and the host reference
// (fft_host.h) repeats the same float operations exactly.

#define FFT_N 1024
#define FFT_THREADS 64
#define FFT_EXCHANGE_WORDS 1088  // per part (real, imaginary)

__device__ __forceinline__ float2 c_add(float2 a, float2 b) {
  return make_float2(__fadd_rn(a.x, b.x), __fadd_rn(a.y, b.y));
}
__device__ __forceinline__ float2 c_sub(float2 a, float2 b) {
  return make_float2(__fsub_rn(a.x, b.x), __fsub_rn(a.y, b.y));
}
// (a.x + i a.y)(w.x + i w.y): re = fma(a.x, w.x, -(a.y w.y)), im = fma(a.x, w.y, a.y w.x).
__device__ __forceinline__ float2 c_mul(float2 a, float2 w) {
  return make_float2(__fmaf_rn(a.x, w.x, -__fmul_rn(a.y, w.y)),
                     __fmaf_rn(a.x, w.y, __fmul_rn(a.y, w.x)));
}

// In-place 4-point DFT, natural order in and out.
__device__ __forceinline__ void fft4(float2& v0, float2& v1, float2& v2, float2& v3) {
  const float2 s02 = c_add(v0, v2);
  const float2 d02 = c_sub(v0, v2);
  const float2 s13 = c_add(v1, v3);
  const float2 d13 = c_sub(v1, v3);
  v0 = c_add(s02, s13);
  v2 = c_sub(s02, s13);
  // -i d13 = (d13.y, -d13.x)
  v1 = make_float2(__fadd_rn(d02.x, d13.y), __fsub_rn(d02.y, d13.x));
  v3 = make_float2(__fsub_rn(d02.x, d13.y), __fadd_rn(d02.y, d13.x));
}

// W16^e for the exponents a c (a, c = 1..3) of the FFT16's inner twiddles.
__device__ __forceinline__ float2 w16(int e) {
  const float c8 = 0.923879532511286756f;  // cos(pi / 8)
  const float s8 = 0.382683432365089772f;  // sin(pi / 8)
  const float r2 = 0.707106781186547524f;  // sqrt(1 / 2)
  switch (e) {
    case 1:
      return make_float2(c8, -s8);
    case 2:
      return make_float2(r2, -r2);
    case 3:
      return make_float2(s8, -c8);
    case 4:
      return make_float2(0.0f, -1.0f);
    case 6:
      return make_float2(-r2, -r2);
    default:
      return make_float2(-c8, s8);  // 9
  }
}

// In-place 16-point DFT of v[0..15]; X[k] ends in v[4 (k % 4) + k / 4].
__device__ __forceinline__ void fft16(float2* v) {
#pragma unroll
  for (int a = 0; a < 4; ++a) fft4(v[a], v[a + 4], v[a + 8], v[a + 12]);
#pragma unroll
  for (int a = 1; a < 4; ++a) {
#pragma unroll
    for (int c = 1; c < 4; ++c) v[a + 4 * c] = c_mul(v[a + 4 * c], w16(a * c));
  }
#pragma unroll
  for (int c = 0; c < 4; ++c) fft4(v[4 * c], v[4 * c + 1], v[4 * c + 2], v[4 * c + 3]);
}

__device__ __forceinline__ int fft16_slot(int k) { return 4 * (k & 3) + (k >> 2); }

// Multiplies output k of an FFT16 (k = 1..15) by w^k.
__device__ __forceinline__ void twiddle16(float2* v, float2 w) {
  float2 wk = w;
#pragma unroll
  for (int k = 1; k < 16; ++k) {
    v[fft16_slot(k)] = c_mul(v[fft16_slot(k)], wk);
    if (k < 15) wk = c_mul(wk, w);
  }
}

// One block's transform of in[0..1023] into out[0..1023], 64 threads, exchanging through
// re[0..1087] and im[0..1087] (shared or global memory; the caller's pointers).
// (No __restrict__: the loads stay plain ld.global, through the L1D as on Fermi, rather than
// the read-only path.)
__device__ __forceinline__ void fft1024_block(const float2* in, float2* out, const float2* base,
                                              float* re, float* im) {
  const int t = threadIdx.x;
  float2 v[16];
  // Pass 1: thread t transforms x[t + 64 j] (coalesced loads), then twiddles by W1024^(t k1).
#pragma unroll
  for (int j = 0; j < 16; ++j) v[j] = in[t + 64 * j];
  fft16(v);
  twiddle16(v, base[t]);
#pragma unroll
  for (int k1 = 0; k1 < 16; ++k1) {
    re[t + 66 * k1] = v[fft16_slot(k1)].x;
    im[t + 66 * k1] = v[fft16_slot(k1)].y;
  }
  __syncthreads();
  // Pass 2: thread (k1, r) = (t % 16, t / 16) transforms A_{r + 4 s}[k1] over s, then twiddles
  // by W64^(r m).
  const int k1 = t & 15;
  const int r = t >> 4;
#pragma unroll
  for (int s = 0; s < 16; ++s) v[s] = make_float2(re[r + 4 * s + 66 * k1], im[r + 4 * s + 66 * k1]);
  fft16(v);
  twiddle16(v, base[16 * r]);
  __syncthreads();  // every thread has read its pass-2 inputs before they are overwritten
#pragma unroll
  for (int m = 0; m < 16; ++m) {
    re[k1 + 16 * m + 272 * r] = v[fft16_slot(m)].x;
    im[k1 + 16 * m + 272 * r] = v[fft16_slot(m)].y;
  }
  __syncthreads();
  // Pass 3: thread t does the 4-point DFTs over r of (k1, m) = (t % 16, t / 16 + 4 i), i = 0..3,
  // and writes X[k1 + 16 m + 256 q] = out[t + 64 i + 256 q] (coalesced stores).
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const int at = t + 64 * i;  // k1 + 16 m
    float2 w[4];
#pragma unroll
    for (int rr = 0; rr < 4; ++rr) w[rr] = make_float2(re[at + 272 * rr], im[at + 272 * rr]);
    fft4(w[0], w[1], w[2], w[3]);
#pragma unroll
    for (int q = 0; q < 4; ++q) out[at + 256 * q] = w[q];
  }
}
