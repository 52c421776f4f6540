#pragma once

// The model evaluation of rodinia/myocyte, compiled both by nvcc (into myocyte.cu's kernel) and
// by the host compiler (myocyte_host.h's CPU reference), so that the reference performs the same
// float operations in the same order as the kernel. Every operation is written as a correctly
// rounded intrinsic on the device (__fadd_rn, __fsub_rn, __fmul_rn, __fmaf_rn, __fdiv_rn: the
// compiler may neither fuse nor reorder them) and as the same IEEE operation on the host
// (a single float +, -, *, / or std::fma in its own function call); floorf is exact on both.
//
// Structure after Rodinia 3.x's Myocyte (CUDA, mode 0: kernel_ecc.cu, kernel_cam.cu): 91 state
// variables, EQUATIONS = 91, laid out as the original's initvalu / finavalu arrays: the
// excitation-contraction coupling (ECC) module in 0..45, three calmodulin (CaM) modules for the
// dyad, subsarcolemmal (SL) and cytosolic compartments in 46..60, 61..75 and 76..90. The ECC
// module reads its 46 states (and the stimulus period from the parameters) and writes 46 rates;
// each CaM module reads 5 parameters (offsets 0, 5, 10), its 15 states and its compartment's Ca
// (initvalu[35], [36], [37] x 1e3, mM -> uM, read by the caller), writes 15 rates and one Ca flux
// into com[0..2], which the host's finishing step (myocyte_host.h, kernel_fin in the original)
// uses. The equations themselves are NOT Saucerman and Bers' published ones: they are our own
// smooth, stable equations of the same sizes (relaxation, neighbour coupling and rational
// saturation terms for ECC, a 15-species Ca binding chain for each CaM module) with about as
// many supporting equations as the original's ~480 (see support()), see
// /tmp/ch2-docs/myocyte.md and docs/workloads-rodinia.md.

#ifdef __CUDACC__
#define MYO_FN __device__ __forceinline__
#define MYO_FLOOR floorf
#else
#include <cmath>
#define MYO_FN inline
#define MYO_FLOOR std::floor
#endif

namespace myo {

inline constexpr int kEquations = 91;
inline constexpr int kParameters = 16;
inline constexpr int kEcc = 46;  // ECC states 0..45
inline constexpr int kCam = 15;  // states per CaM module

#ifdef __CUDACC__
MYO_FN float add(float a, float b) { return __fadd_rn(a, b); }
MYO_FN float sub(float a, float b) { return __fsub_rn(a, b); }
MYO_FN float mul(float a, float b) { return __fmul_rn(a, b); }
MYO_FN float fma(float a, float b, float c) { return __fmaf_rn(a, b, c); }
MYO_FN float div(float a, float b) { return __fdiv_rn(a, b); }
#else
// Not inlined, so that the host compiler cannot contract a product and a sum into an fma the
// kernel does not perform.
[[gnu::noinline]] inline float add(float a, float b) { return a + b; }
[[gnu::noinline]] inline float sub(float a, float b) { return a - b; }
[[gnu::noinline]] inline float mul(float a, float b) { return a * b; }
[[gnu::noinline]] inline float fma(float a, float b, float c) { return std::fma(a, b, c); }
[[gnu::noinline]] inline float div(float a, float b) { return a / b; }
#endif

// v / (1 + v^2): a smooth, bounded saturation term (no transcendental functions).
MYO_FN float sat(float v) { return div(v, fma(v, v, 1.f)); }

// The supporting equations of ECC equation i: kSupport saturating terms of other states,
// sat(a s[idx] + b), weighted +-1/256 and summed. The original evaluates about 480 supporting
// equations (rate constants, gating variables, currents, fluxes) around its 91 ODEs, most of
// them in the ECC module; 8 per ECC equation (368) plus the other terms here and in cam() give
// our model about as many, so that the kernel's work per loaded state is of the same order.
inline constexpr int kSupport = 8;
MYO_FN float support(const float* s, int i) {
  float acc = 0.f;
#ifdef __CUDACC__
#pragma unroll
#endif
  for (int m = 0; m < kSupport; ++m) {
    const int idx = (3 * i + 11 * m + 1) % kEcc;
    const float a = static_cast<float>(1 + (i + m) % 4) * 0.25f;
    const float b = static_cast<float>(m % 3 - 1) * 0.125f;
    const float w = (m % 2 != 0 ? -1.f : 1.f) * (1.f / 256);
    acc = fma(w, sat(fma(a, s[idx], b)), acc);
  }
  return acc;
}

// ECC module: reads initvalu[off .. off+45] once each (into registers) and params[15], writes
// finavalu[off .. off+45] once each. All coefficients are small dyadic rationals (exact in float).
MYO_FN void ecc(int timeinst, const float* initvalu, float* finavalu, int off,
                const float* params) {
  float s[kEcc];
#ifdef __CUDACC__
#pragma unroll
#endif
  for (int i = 0; i < kEcc; ++i) s[i] = initvalu[off + i];
  // Stimulus: a parabolic pulse over the first 5 ms of each cycle of params[15] ms, as the
  // original's stimulus current depends on the time within the pacing cycle.
  const float t = static_cast<float>(timeinst);
  const float cl = params[15];
  const float phase = sub(t, mul(cl, MYO_FLOOR(div(t, cl))));
  const float stim = phase < 5.f ? mul(mul(phase, sub(5.f, phase)), 0.125f) : 0.f;
  const float gv = sat(s[39]);  // a "membrane voltage" gate shared by the Ca equations
#ifdef __CUDACC__
#pragma unroll
#endif
  for (int i = 0; i < kEcc; ++i) {
    const float k = static_cast<float>(8 + i % 7) * (1.f / 128);  // decay rate, 1/ms
    float d;
    if (i >= 35 && i <= 37) {
      // Ca of the dyad, SL and cytosol (mM, ~1e-4): relaxation toward a stimulus- and
      // voltage-dependent level.
      const float tgt = mul(1e-4f, add(fma(0.25f, gv, fma(0.5f, stim, 1.f)), support(s, i)));
      d = mul(k, sub(tgt, s[i]));
    } else {
      const int l = (i + kEcc - 1) % kEcc;
      const int r = (i + 1) % kEcc;
      const int j = (5 * i + 3) % kEcc;
      const float c = static_cast<float>(1 + i % 5) * (1.f / 64);  // neighbour coupling
      const float tgt = static_cast<float>(1 + i % 3) * 0.25f;     // resting level
      const float e = static_cast<float>(i % 4) * (1.f / 16);      // stimulus gain
      d = mul(k, sub(tgt, s[i]));
      d = fma(c, sub(add(s[l], s[r]), add(s[i], s[i])), d);
      d = fma(e, stim, d);
      d = fma(0.0625f, sat(s[j]), d);
      d = add(d, support(s, i));
    }
    finavalu[off + i] = d;
  }
}

// CaM module: parameters params[poff .. poff+4] (Ca half-saturation in uM, on rate, off rate,
// return rate, flux scale), states initvalu[voff .. voff+14], rates finavalu[voff .. voff+14],
// Ca flux com[coff]. A chain of 14 reversible binding steps driven by the Ca occupancy
// ca / (ca + kd), closed by a slow return from the last species to the first (conservative).
MYO_FN void cam(int timeinst, const float* initvalu, float* finavalu, int voff, const float* params,
                int poff, float* com, int coff, float ca) {
  (void)timeinst;
  const float kd = params[poff];
  const float kon = params[poff + 1];
  const float koff = params[poff + 2];
  const float kback = params[poff + 3];
  const float scale = params[poff + 4];
  float q[kCam];
  float d[kCam];
#ifdef __CUDACC__
#pragma unroll
#endif
  for (int j = 0; j < kCam; ++j) {
    q[j] = initvalu[voff + j];
    d[j] = 0.f;
  }
  const float fon = mul(kon, div(ca, add(ca, kd)));
  float jsum = 0.f;
#ifdef __CUDACC__
#pragma unroll
#endif
  for (int j = 0; j < kCam - 1; ++j) {
    // Per-step off rate (a supporting equation per binding step).
    const float koff_j = mul(koff, static_cast<float>(16 + j % 5) * (1.f / 16));
    const float flux = sub(mul(fon, q[j]), mul(koff_j, q[j + 1]));
    d[j] = sub(d[j], flux);
    d[j + 1] = add(d[j + 1], flux);
    jsum = add(jsum, flux);
  }
  const float back = mul(kback, q[kCam - 1]);
  d[kCam - 1] = sub(d[kCam - 1], back);
  d[0] = add(d[0], back);
#ifdef __CUDACC__
#pragma unroll
#endif
  for (int j = 0; j < kCam; ++j) finavalu[voff + j] = d[j];
  com[coff] = mul(scale, jsum);
}

}  // namespace myo
