// The float operations the softmax kernels (softmax.cu) and their CPU reference (driver.cc)
// share, so that the reference repeats the kernels' arithmetic bit for bit: each operation is
// one correctly rounded IEEE operation (the PTX's add.rn / sub.rn / mul.rn / div.rn / fma.rn /
// cvt.rni, written with the __f*_rn intrinsics so that nvcc cannot contract or reorder them; on
// the host the rounded_* helpers of workload/rounded.h and std::fmaf).
//
// softmax_exp is our own exp(), not CUDA's expf (whose ex2.approx the host cannot repeat):
// Cody and Waite's range reduction x = k ln2 + r with k = rint(x log2(e)) and ln2 split in a
// high part with 12 significant bits (k ln2_hi is exact for |k| <= 2^11) and a low part, a
// degree-7 Taylor polynomial of e^r on |r| <= ln2 / 2 (truncation below 2^-24 relative) in
// Horner form with fused multiply-adds, and a multiplication by 2^k built from its exponent
// bits. Arguments below -87 are raised to -87 so that 2^k stays a normal number (e^-87 is about
// 1.6e-38; softmax arguments are x - max <= 0 and far above this for the inputs used here).
// Accuracy is a few ulp, ample for a softmax; the check does not depend on it, only on the
// kernel and the reference doing the same operations.

#ifndef WARPSIM_WORKLOADS_CNN_SOFTMAX_SOFTMAX_MATH_H
#define WARPSIM_WORKLOADS_CNN_SOFTMAX_SOFTMAX_MATH_H

#ifdef __CUDACC__
#define SMX_FN __device__ __forceinline__
#define SMX_ADD(a, b) __fadd_rn((a), (b))
#define SMX_SUB(a, b) __fsub_rn((a), (b))
#define SMX_MUL(a, b) __fmul_rn((a), (b))
#define SMX_DIV(a, b) __fdiv_rn((a), (b))
#define SMX_FMA(a, b, c) __fmaf_rn((a), (b), (c))
#define SMX_RINT(a) rintf(a)
#define SMX_MAX(a, b) fmaxf((a), (b))
#define SMX_FLOAT_FROM_BITS(i) __int_as_float(i)
#else
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

#include "workload/rounded.h"
#define SMX_FN inline
#define SMX_ADD(a, b) ::warpsim::workload::rounded_add((a), (b))
#define SMX_SUB(a, b) ::warpsim::workload::rounded_sub((a), (b))
#define SMX_MUL(a, b) ::warpsim::workload::rounded_mul((a), (b))
#define SMX_DIV(a, b) ::warpsim::workload::rounded_div((a), (b))
#define SMX_FMA(a, b, c) std::fmaf((a), (b), (c))
#define SMX_RINT(a) std::nearbyint(a)  // round half to even, as cvt.rni.f32.f32
#define SMX_MAX(a, b) std::fmax((a), (b))
#define SMX_FLOAT_FROM_BITS(i) std::bit_cast<float>(static_cast<std::int32_t>(i))
#endif

SMX_FN float softmax_exp(float x) {
  const float kLog2e = 1.44269502926f;         // log2(e), rounded to float
  const float kLn2Hi = 0.693145751953125f;     // ln 2, its first 12 significant bits
  const float kLn2Lo = 1.428606765330187e-6f;  // ln 2 - kLn2Hi, rounded to float
  x = SMX_MAX(x, -87.0f);
  const float k = SMX_RINT(SMX_MUL(x, kLog2e));
  float r = SMX_FMA(-k, kLn2Hi, x);
  r = SMX_FMA(-k, kLn2Lo, r);
  // e^r ~ sum r^i / i!, i = 0..7.
  float p = 1.98412698e-4f;           // 1/5040
  p = SMX_FMA(p, r, 1.38888889e-3f);  // 1/720
  p = SMX_FMA(p, r, 8.33333333e-3f);  // 1/120
  p = SMX_FMA(p, r, 4.16666667e-2f);  // 1/24
  p = SMX_FMA(p, r, 1.66666667e-1f);  // 1/6
  p = SMX_FMA(p, r, 0.5f);
  p = SMX_FMA(p, r, 1.0f);
  p = SMX_FMA(p, r, 1.0f);
  // 2^k for -126 <= k <= 127 from its exponent field.
  const float scale = SMX_FLOAT_FROM_BITS((static_cast<int>(k) + 127) << 23);
  return SMX_MUL(p, scale);
}

#endif  // WARPSIM_WORKLOADS_CNN_SOFTMAX_SOFTMAX_MATH_H
