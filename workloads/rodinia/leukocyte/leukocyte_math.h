#pragma once

// The tracking stage's per-pixel arithmetic (IMGVF_kernel in leukocyte.cu), one source for the
// kernel (compiled by nvcc: every operation a correctly rounded intrinsic, __fadd_rn,
// __fmul_rn, __fmaf_rn, __fdiv_rn, which nvcc never contracts or reorders) and for the CPU
// reference (driver.cc: rounded_add / rounded_mul / rounded_div, each a double operation
// rounded once to float, and std::fmaf). So the reference computes the same bits, and the
// driver demands identical iteration counts and identical MGVF matrices.
//
// The motion gradient vector flow (Ray and Acton, IEEE TMI 23(12), 2004; Rodinia's
// track_ellipse) updates every pixel v of the field from its 8 neighbours n_k:
//   v' = v + (mu / lambda) sum_k H(c_k (n_k - v) / eps) (n_k - v)
//   v'' = v' - (1 / lambda) I (v' - I)
// with mu = 0.5, lambda = 8 mu + 1, I the cell's normalised gradient magnitude, c_k the motion
// direction's component along the neighbour's direction (from vx, vy: -vy up, vy down, -vx
// left, vx right, vx - vy up-right, vx + vy down-right, -vx - vy up-left, -vx + vy
// down-left) and H(z) = atan(z) / pi + 1/2, the regularised Heaviside step as Rodinia writes it.
//
// atan: CUDA's atanf is not correctly rounded and a host libm need not agree with it bit for
// bit, so lk_atan is our own: |x| > 1 folds to pi/2 - atan(1/|x|), r > tan(pi/12) to
// pi/6 + atan((sqrt(3) r - 1) / (r + sqrt(3))), both reductions done with one division
// (numerator and denominator selected first), leaving |t| <= tan(pi/12) = 0.268, where the
// Taylor series to t^11 is within 3e-9 of atan t. Written with selects (nvcc turns the
// tan(pi/12) case into a short branch). Checked on the host against double std::atan over 10^7
// arguments (10^6 uniform in [-4, 4], the rest log-uniform in +-[1e-12, 1e12]): within 1.4e-7
// absolute (about 1 ulp of pi/2).

#ifdef __CUDACC__
#define LK_FN __device__ __forceinline__
#define LK_ADD(a, b) __fadd_rn((a), (b))
#define LK_SUB(a, b) __fsub_rn((a), (b))
#define LK_MUL(a, b) __fmul_rn((a), (b))
#define LK_DIV(a, b) __fdiv_rn((a), (b))
#define LK_FMA(a, b, c) __fmaf_rn((a), (b), (c))
#define LK_ABS(a) fabsf(a)
#define LK_NAMESPACE_BEGIN
#define LK_NAMESPACE_END
#else
#include <cmath>

#include "workload/rounded.h"
#define LK_FN inline
#define LK_ADD(a, b) ::warpsim::workload::rounded_add((a), (b))
#define LK_SUB(a, b) ::warpsim::workload::rounded_sub((a), (b))
#define LK_MUL(a, b) ::warpsim::workload::rounded_mul((a), (b))
#define LK_DIV(a, b) ::warpsim::workload::rounded_div((a), (b))
#define LK_FMA(a, b, c) std::fmaf((a), (b), (c))
#define LK_ABS(a) std::fabs(a)
#define LK_NAMESPACE_BEGIN namespace warpsim::workload::leukocyte {
#define LK_NAMESPACE_END }
#endif

LK_NAMESPACE_BEGIN

// MU / LAMBDA and 1 / LAMBDA with Rodinia's MU = 0.5, LAMBDA = 8 MU + 1 = 5.
#define LK_MU_OVER_LAMBDA 0.1f
#define LK_ONE_OVER_LAMBDA 0.2f

// atan x for finite x (above).
LK_FN float lk_atan(float x) {
  const float a = LK_ABS(x);
  const bool big = a > 1.0f;
  const float num = big ? 1.0f : a;  // r = num / den in [0, 1]
  const float den = big ? a : 1.0f;
  const bool mid = num > LK_MUL(0.267949194f, den);  // r > tan(pi/12)
  // mid: t = (sqrt(3) r - 1) / (r + sqrt(3)) = (sqrt(3) num - den) / (num + sqrt(3) den).
  const float top = mid ? LK_FMA(1.73205081f, num, -den) : num;
  const float bottom = mid ? LK_FMA(1.73205081f, den, num) : den;
  const float t = LK_DIV(top, bottom);
  const float s = LK_MUL(t, t);
  float q = LK_FMA(s, -0.0909090936f, 0.111111112f);  // -1/11, 1/9
  q = LK_FMA(q, s, -0.142857149f);                    // -1/7
  q = LK_FMA(q, s, 0.200000003f);                     // 1/5
  q = LK_FMA(q, s, -0.333333343f);                    // -1/3
  float r = LK_FMA(LK_MUL(t, s), q, t);               // atan t
  r = mid ? LK_ADD(r, 0.523598790f) : r;              // + pi/6
  r = big ? LK_SUB(1.57079637f, r) : r;               // pi/2 - atan(1/a)
  return x < 0.0f ? -r : r;
}

// H(z) = atan(z) / pi + 1/2.
LK_FN float lk_heaviside(float z) { return LK_FMA(lk_atan(z), 0.318309873f, 0.5f); }

// The direction coefficients c_k of the eight neighbours, in the order up, down, left, right,
// up-right, down-right, up-left, down-left, from the motion direction (vx, vy).
struct LkDirections {
  float c[8];
};

LK_FN LkDirections lk_directions(float vx, float vy) {
  LkDirections d;
  d.c[0] = -vy;
  d.c[1] = vy;
  d.c[2] = -vx;
  d.c[3] = vx;
  d.c[4] = LK_SUB(vx, vy);
  d.c[5] = LK_ADD(vx, vy);
  d.c[6] = LK_SUB(-vx, vy);
  d.c[7] = LK_ADD(-vx, vy);
  return d;
}

// One pixel's new value from its old value v, its neighbours nb (the order of lk_directions),
// the image value vI and 1 / eps.
LK_FN float lk_imgvf_pixel(float v, const float (&nb)[8], float vI, const LkDirections& dir,
                           float one_over_e) {
  float sum = 0.0f;
#ifdef __CUDACC__
#pragma unroll
#endif
  for (int k = 0; k < 8; ++k) {
    const float diff = LK_SUB(nb[k], v);
    const float h = lk_heaviside(LK_MUL(LK_MUL(diff, dir.c[k]), one_over_e));
    sum = LK_FMA(h, diff, sum);
  }
  const float updated = LK_FMA(LK_MU_OVER_LAMBDA, sum, v);
  const float pull = LK_MUL(LK_ONE_OVER_LAMBDA, vI);
  return LK_FMA(-pull, LK_SUB(updated, vI), updated);
}

LK_NAMESPACE_END
