#pragma once

// The column physics of sdk/wp, compiled both by nvcc (into wp.cu's kernel, one thread per
// column) and by the host compiler (driver.cc's CPU reference, a loop over the columns), so that
// the reference performs the same float operations in the same order as the kernel and the
// check can demand identical bits. Every operation is a correctly rounded intrinsic on the
// device (__fadd_rn, __fsub_rn, __fmul_rn, __fdiv_rn, __fmaf_rn, __fsqrt_rn: nvcc neither fuses
// nor reorders them) and the same IEEE operation on the host (rounded_* of workload/rounded.h,
// std::fma, std::sqrt: single correctly rounded operations that the host compiler cannot
// contract). exp, log and pow are our own (wp_exp, wp_log, wp_pow below), built from those
// operations and integer bit manipulation, so no math library enters either side.
//
// What it computes: a simplified single-moment 5-class cloud microphysics step after the WRF
// Single-Moment 5-class scheme, WSM5 (Hong, Dudhia and Chen, Mon. Wea. Rev. 132, 2004; WRF's
// module_mp_wsm5), the routine the GPGPU-Sim ISPASS-2009 suite's WP benchmark runs as
// Michalakes and Vachharajani's GPU port: one thread per (i, j) column, loops over the vertical
// levels, no shared memory. Classes: water vapour q, cloud water qc, cloud ice qi, rain qr,
// snow qs; and the temperature t. The phases follow the scheme and the GPU port's layout:
//   0  once per call: negative amounts clipped; air density and its fall-speed factor;
// then per microphysics sub-step (loops = max(int(dt / 120 s + 1/2), 1), WSM5's dtcldcr):
//   A  (level loop) prescribed dynamical forcing of t (our stand-in for the model's dynamics),
//      moist heat capacity, latent heat, saturation mixing ratios over water and ice (WSM5's
//      fpvs: Clausius-Clapeyron with temperature-dependent latent heat);
//   B  (level loop) snow intercept factor, size-distribution slopes of rain and snow
//      (Marshall-Palmer), fall rates, the sedimentation sub-step count mstep (CFL), ice number;
//   C  sedimentation of rain and snow together in mstep upstream sub-steps (level loop from the
//      top), each followed by a level loop melting the snow in levels above 0 C (psmlt, with
//      the ventilation factor); then ice (its own sub-step count, mass-diameter fall speed);
//      the surface accumulations;
//   D  the physics loop, one long body per level: instantaneous melting of ice (pimlt),
//      homogeneous (pihmf) and Bigg (pihtf) freezing of cloud water, freezing of rain to snow
//      (psfrz); slopes again; the Ab denominators and ventilation; warm processes:
//      autoconversion (praut), accretion by rain (pracw), rain evaporation / condensation
//      (prevp); accretion of cloud water by snow (psacw); below 0 C accretion of ice by snow
//      (psaci), deposition / sublimation of ice (pidep) and snow (psdep) and ice nucleation
//      (pigen), chained by the scheme's saturation limit (ifsat), ice-to-snow autoconversion
//      (psaut); above 0 C evaporation of melting snow (psevp); the mass-conservation limits of
//      each class's sinks; the update of the five classes and t with the latent heats; the
//      saturation mixing ratio at the new t and the saturation adjustment of cloud water
//      (pcond); removal of amounts below qmin;
// and once after the sub-steps
//   E  (level loop) diagnostics: radar reflectivity and the effective radii of cloud water, ice
//      and snow (after WRF's refl_10cm and effectRad_wsm5, simplified).
// Constants are WSM5's (derived ones precomputed, the formula beside each).
// Simplified with respect to WSM5: the forcing in A; air density is derived from p, t and q
// once per call (WRF passes it in); the sedimentation is the GPU port's plain upstream flux form
// (WRF 3.x's CPU code uses a semi-Lagrangian scheme); psevp is computed from the snow
// ventilation term; the limits of the conservation step are ours; E's forms are ours. The
// per-level quantities passed between phases (density, heat capacity, latent heat, saturation
// mixing ratios, slopes, fall rates, ice number) live in a global scratch array laid out like
// the state ([slot][level][column], column fastest), as the port keeps them in per-level work
// arrays. Code size (seed 000 Ch. 6 classes WP as instruction-cache bound): every function is
// inlined into the one kernel; pow is computed to about one ulp, as CUDA's powf is, with an
// extended-precision logarithm (about 70 instructions each; exp about 20, log about 25). The
// committed sm_75 PTX has about 3,460 instructions (27.7 KB at 8 bytes each), of which D's
// level loop is about 1,750 (14 KB) and the sub-step loop around A to D about 2,950.

#ifdef __CUDACC__
#define WP_FN __device__ __forceinline__
#define WP_UNROLL_NONE _Pragma("unroll 1")
#else
#include <bit>
#include <cmath>
#include <cstdint>

#include "workload/rounded.h"
#define WP_FN inline
#define WP_UNROLL_NONE
#endif

namespace wp {

// ---- Correctly rounded single operations ----
#ifdef __CUDACC__
WP_FN float add(float a, float b) { return __fadd_rn(a, b); }
WP_FN float sub(float a, float b) { return __fsub_rn(a, b); }
WP_FN float mul(float a, float b) { return __fmul_rn(a, b); }
WP_FN float div(float a, float b) { return __fdiv_rn(a, b); }
WP_FN float fma(float a, float b, float c) { return __fmaf_rn(a, b, c); }
WP_FN float root(float a) { return __fsqrt_rn(a); }
WP_FN int bits_of(float a) { return __float_as_int(a); }
WP_FN float float_of(int a) { return __int_as_float(a); }
WP_FN int round_to_int(float a) { return __float2int_rn(a); }  // cvt.rni: ties to even
#else
WP_FN float add(float a, float b) { return ::warpsim::workload::rounded_add(a, b); }
WP_FN float sub(float a, float b) { return ::warpsim::workload::rounded_sub(a, b); }
WP_FN float mul(float a, float b) { return ::warpsim::workload::rounded_mul(a, b); }
WP_FN float div(float a, float b) { return ::warpsim::workload::rounded_div(a, b); }
WP_FN float fma(float a, float b, float c) { return std::fma(a, b, c); }
WP_FN float root(float a) { return std::sqrt(a); }
WP_FN int bits_of(float a) { return std::bit_cast<std::int32_t>(a); }
WP_FN float float_of(int a) { return std::bit_cast<float>(static_cast<std::int32_t>(a)); }
WP_FN int round_to_int(float a) { return static_cast<int>(std::nearbyint(a)); }  // to even
#endif
// Selections by comparison (not fminf / fmaxf), identical on both sides.
WP_FN float fmax2(float a, float b) { return a > b ? a : b; }
WP_FN float fmin2(float a, float b) { return a < b ? a : b; }
WP_FN float fabs1(float a) { return a < 0.f ? -a : a; }

// ---- Constants (WSM5's values; SI units) ----
constexpr float kT0c = 273.15f;           // melting point
constexpr float kTtp = 273.16f;           // triple point (fpvs)
constexpr float kRd = 287.f;              // gas constant, dry air
constexpr float kRv = 461.6f;             // gas constant, vapour
constexpr float kCpd = 1004.5f;           // heat capacity, dry air (7 rd / 2)
constexpr float kCpv = 1846.4f;           // heat capacity, vapour (4 rv)
constexpr float kEp1 = 0.6083624f;        // rv / rd - 1
constexpr float kEp2 = 0.6217504f;        // rd / rv
constexpr float kXlv0 = 2.5e6f;           // latent heat of vaporization at 0 C
constexpr float kXlv1 = 2370.f;           // its temperature dependence
constexpr float kXls = 2.836e6f;          // latent heat of sublimation
constexpr float kXlf0 = 3.5e5f;           // latent heat of fusion
constexpr float kPsat = 610.78f;          // saturation vapour pressure at the triple point
constexpr float kXa = 5.077123f;          // -(cpv - cliq) / rv, cliq = 4190
constexpr float kXb = 24.90413f;          // xa + xlv0 / (rv ttp)
constexpr float kXai = 0.5623917f;        // -(cpv - cice) / rv, cice = 2106
constexpr float kXbi = 23.05415f;         // xai + xls / (rv ttp)
constexpr float kQmin = 1e-15f;           // smallest mixing ratio kept
constexpr float kQcrmin = 1e-9f;          // smallest rain / snow mixing ratio for the slopes
constexpr float kDen0 = 1.28f;            // reference air density
constexpr float kDenr = 1000.f;           // density of rain
constexpr float kAlpha = 0.12f;           // n0s = n0s0 exp(alpha (t0c - t))
constexpr float kN0sMaxRatio = 5e4f;      // n0smax / n0s = 1e11 / 2e6
constexpr float kBvtr = 0.8f;             // rain fall speed exponent
constexpr float kBvts = 0.41f;            // snow fall speed exponent
constexpr float kPidn0r = 2.5132741e10f;  // pi denr n0r, n0r = 8e6
constexpr float kPidn0s = 6.2831853e8f;   // pi dens n0s, dens = 100
constexpr float kPvtr = 2502.9493f;       // avtr gamma(4 + bvtr) / 6, avtr = 841.9
constexpr float kPvts = 20.071289f;       // avts gamma(4 + bvts) / 6, avts = 11.72
constexpr float kPacrr = 2.4831307e10f;   // pi n0r avtr gamma(3 + bvtr) / 4
constexpr float kPacrs = 5.5474324e7f;    // pi n0s avts gamma(3 + bvts) / 4
constexpr float kPrecr1 = 3.9207076e7f;   // 2 pi n0r 0.78
constexpr float kPrecr2 = 8.2619916e8f;   // 2 pi n0r 0.31 avtr^0.5 gamma((5 + bvtr) / 2)
constexpr float kPrecs1 = 5.2e6f;         // 4 n0s 0.65
constexpr float kPrecs2 = 1.8688707e7f;   // 4 n0s 0.44 avts^0.5 gamma((5 + bvts) / 2)
constexpr float kQc0 = 5.0265482e-4f;     // 4/3 pi denr r0^3 xncr / den0, r0 = 8e-6
constexpr float kQck1 = 6.7738954f;       // 0.104 g peaut / (xncr denr)^(1/3) / xmyu den0^(4/3)
constexpr float kRoqimax = 8.125e-5f;     // 2.08e22 dimax^8
constexpr float kDicon = 11.9f;           // ice diameter from mass
constexpr float kDimax = 500e-6f;         // largest ice diameter
constexpr float kPfrz1 = 100.f;           // Bigg freezing
constexpr float kPfrz2 = 0.66f;
constexpr float kPsfrz = 1.5791367e14f;        // 20 pi^2 pfrz1 n0r denr (freezing of rain)
constexpr float kXncr = 3e8f;                  // cloud droplet number
constexpr float kRslopeRMax = 1.25e-5f;        // 1 / lamdarmax, lamdarmax = 8e4
constexpr float kRslopeBRMax = 1.1954406e-4f;  // rslopermax^bvtr
constexpr float kRslopeSMax = 1e-5f;           // 1 / lamdasmax, lamdasmax = 1e5
constexpr float kRslopeBSMax = 8.9125094e-3f;  // rslopesmax^bvts
constexpr float kDtcldcr = 120.f;              // longest microphysics sub-step
constexpr int kMaxFallSteps = 64;

// ---- exp, log, pow from correctly rounded operations ----
constexpr float kLog2e = 1.44269504f;
constexpr float kLn2Hi = 0.693145751953125f;  // ln 2, upper bits (exact products with n)
constexpr float kLn2Lo = 1.42860677e-6f;      // ln 2 - kLn2Hi

// e^(x + xl) for x clamped to [-87, 88] and a small correction xl: x = n ln2 + r,
// |r| <= ln2 / 2 (Cody-Waite), e^r by its Taylor polynomial to r^7 (Horner, fused), times 2^n
// built in the exponent field.
WP_FN float exp_split(float x, float xl) {
  x = fmin2(fmax2(x, -87.f), 88.f);
  const int n = round_to_int(mul(x, kLog2e));
  const float fn = static_cast<float>(n);
  float r = fma(-fn, kLn2Hi, x);
  r = fma(-fn, kLn2Lo, r);
  r = add(r, xl);
  float p = 1.98412698e-4f;  // 1/7!
  p = fma(p, r, 1.38888889e-3f);
  p = fma(p, r, 8.33333333e-3f);
  p = fma(p, r, 4.16666667e-2f);
  p = fma(p, r, 1.66666667e-1f);
  p = fma(p, r, 0.5f);
  p = fma(p, r, 1.f);
  p = fma(p, r, 1.f);
  return mul(p, float_of((n + 127) << 23));
}
WP_FN float wp_exp(float x) { return exp_split(x, 0.f); }

// x = m 2^e with m in [sqrt(1/2), sqrt(2)) for x > 0 (clamped below at 1e-30, a normal float).
struct Mantissa {
  float m;
  int e;
};
WP_FN Mantissa split(float x) {
  const int bits = bits_of(fmax2(x, 1e-30f));
  Mantissa r{float_of((bits & 0x007fffff) | 0x3f800000), (bits >> 23) - 127};
  if (r.m > 1.41421356f) {
    r.m = mul(r.m, 0.5f);
    r.e += 1;
  }
  return r;
}

// ln x: ln m = 2 atanh(s), s = (m - 1) / (m + 1), series to s^9.
WP_FN float wp_log(float x) {
  const Mantissa sp = split(x);
  const float s = div(sub(sp.m, 1.f), add(sp.m, 1.f));
  const float z = mul(s, s);
  float p = 0.222222222f;  // 2/9
  p = fma(p, z, 0.285714286f);
  p = fma(p, z, 0.4f);
  p = fma(p, z, 0.666666667f);
  p = fma(p, z, 2.f);
  const float fe = static_cast<float>(sp.e);
  return fma(fe, kLn2Hi, fma(fe, kLn2Lo, mul(s, p)));
}

// a^b for a > 0 (0 otherwise) to about one ulp: ln a as an unevaluated sum hi + lo (the
// quotient s and m + 1 with their rounding errors, e ln2 + 2 s by an exact two-sum), b ln a
// with the product's error from an fma, then e^(hi + lo).
WP_FN float wp_pow(float a, float b) {
  if (!(a > 0.f)) return 0.f;
  const Mantissa sp = split(a);
  const float f = sub(sp.m, 1.f);  // exact
  const float g = add(sp.m, 1.f);
  const float g_lo = sub(sp.m, sub(g, 1.f));  // m + 1 - g, exact
  const float s = div(f, g);
  const float s_lo = div(fma(-s, g_lo, fma(-s, g, f)), g);
  const float z = mul(s, s);
  float p = 0.181818182f;  // 2/11
  p = fma(p, z, 0.222222222f);
  p = fma(p, z, 0.285714286f);
  p = fma(p, z, 0.4f);
  p = fma(p, z, 0.666666667f);
  const float tail = mul(mul(s, z), p);  // ln m - 2 s
  const float fe = static_cast<float>(sp.e);
  const float e_hi = mul(fe, kLn2Hi);  // exact
  const float two_s = add(s, s);       // exact
  const float hi = add(e_hi, two_s);
  const float bv = sub(hi, e_hi);
  const float err = add(sub(e_hi, sub(hi, bv)), sub(two_s, bv));
  const float lo = add(add(err, fma(fe, kLn2Lo, tail)), add(s_lo, s_lo));
  const float lh = add(hi, lo);
  const float ll = sub(lo, sub(lh, hi));
  const float yh = mul(b, lh);
  const float yl = fma(b, ll, fma(b, lh, -yh));
  return exp_split(yh, yl);
}

// ---- Thermodynamic functions (WSM5's statement functions) ----
// Saturation vapour pressure over water and over ice (fpvs).
WP_FN float fpvs_water(float t) {
  const float tr = div(kTtp, t);
  return mul(mul(kPsat, wp_exp(mul(wp_log(tr), kXa))), wp_exp(mul(kXb, sub(1.f, tr))));
}
WP_FN float fpvs_ice(float t) {
  const float tr = div(kTtp, t);
  return mul(mul(kPsat, wp_exp(mul(wp_log(tr), kXai))), wp_exp(mul(kXbi, sub(1.f, tr))));
}
// Saturation mixing ratio for vapour pressure es at pressure p.
WP_FN float qsat(float es, float p) {
  es = fmin2(es, mul(0.99f, p));
  return fmax2(div(mul(kEp2, es), sub(p, es)), kQmin);
}
// Moist heat capacity (cpmcal) and latent heat of vaporization (xlcal).
WP_FN float cpmcal(float q) {
  const float qq = fmax2(q, kQmin);
  return fma(qq, kCpv, mul(kCpd, sub(1.f, qq)));
}
WP_FN float xlcal(float t) { return sub(kXlv0, mul(kXlv1, sub(t, kT0c))); }
// Vapour diffusivity, kinematic viscosity, thermal conductivity of air; the Ab denominator of
// deposition / evaporation for latent heat xl and saturation ratio qsx; the ventilation factor
// (diffus, viscos, xka, diffac, venfac).
WP_FN float diffus(float t, float p) { return div(mul(8.794e-5f, wp_pow(t, 1.81f)), p); }
WP_FN float viscos(float t, float den) {
  return div(div(mul(1.496e-6f, mul(t, root(t))), add(t, 120.f)), den);
}
WP_FN float xka(float t, float den) { return mul(mul(1.414e3f, viscos(t, den)), den); }
WP_FN float diffac(float xl, float p, float t, float den, float qsx) {
  const float heat = div(mul(mul(den, xl), xl), mul(mul(mul(xka(t, den), kRv), t), t));
  return add(heat, div(1.f, mul(qsx, diffus(t, p))));
}
WP_FN float venfac(float p, float t, float den) {
  const float v = viscos(t, den);
  const float sc = wp_pow(div(v, diffus(t, p)), 0.33333333f);
  return mul(div(sc, root(v)), root(root(div(kDen0, den))));
}

// Slope of a size distribution and its powers (slope_wsm5): rslope = 1 / lamda,
// lamda = (pidn0 / (q den))^(1/4).
struct Slope {
  float r, b, r2, r3;
};
WP_FN Slope slope_rain(float qr, float den) {
  Slope s;
  if (qr <= kQcrmin) {
    s.r = kRslopeRMax;
    s.b = kRslopeBRMax;
    s.r2 = 1.5625e-10f;
    s.r3 = 1.953125e-15f;
  } else {
    s.r = div(1.f, root(root(div(kPidn0r, mul(qr, den)))));
    s.b = wp_pow(s.r, kBvtr);
    s.r2 = mul(s.r, s.r);
    s.r3 = mul(s.r2, s.r);
  }
  return s;
}
WP_FN Slope slope_snow(float qs, float den, float n0sfac) {
  Slope s;
  if (qs <= kQcrmin) {
    s.r = kRslopeSMax;
    s.b = kRslopeBSMax;
    s.r2 = 1e-10f;
    s.r3 = 1e-15f;
  } else {
    s.r = div(1.f, root(root(div(mul(kPidn0s, n0sfac), mul(qs, den)))));
    s.b = wp_pow(s.r, kBvts);
    s.r2 = mul(s.r, s.r);
    s.r3 = mul(s.r2, s.r);
  }
  return s;
}
// n0s's temperature factor, exp(alpha (t0c - t)) within [1, n0smax / n0s].
WP_FN float n0s_factor(float supcol) {
  return fmax2(fmin2(wp_exp(mul(kAlpha, supcol)), kN0sMaxRatio), 1.f);
}
// Ice crystal number (per m^3) from the ice content, 5.38e7 (den qi)^0.75 within [1e3, 1e6].
WP_FN float ice_number(float den, float qi) {
  return fmin2(fmax2(mul(5.38e7f, wp_pow(mul(den, fmax2(qi, kQmin)), 0.75f)), 1e3f), 1e6f);
}

// ---- The arrays of one call ----
// Fields are [level][column] with the column index fastest (WRF's i fastest), level 0 at the
// bottom. scratch holds kSlots such fields, diag kDiags.
struct Arrays {
  float* t;
  float* q;
  float* qc;
  float* qi;
  float* qr;
  float* qs;
  const float* p;     // pressure (Pa)
  const float* delz;  // layer thickness (m)
  const float* forc;  // prescribed temperature tendency (K/s)
  float* rain;        // per column: accumulated rain at the surface (kg m^-2)
  float* snow;        // per column: accumulated snow and ice at the surface (kg m^-2)
  float* scratch;
  float* diag;
  int ncol;
  int nk;
  float dt;
};
enum Slot {
  kDen,      // air density
  kDenfac,   // sqrt(den0 / den)
  kCpm,      // moist heat capacity
  kXl,       // latent heat of vaporization
  kQs1,      // saturation mixing ratio over water
  kQs2,      // over ice below the triple point
  kW1,       // fall rate of rain (1/s): speed / delz
  kW2,       // of snow
  kXni,      // ice number
  kRsloper,  // rain slope
  kRslopes,  // snow slope and its powers, intercept factor (for melting while falling)
  kRslopebs,
  kRslope2s,
  kN0sfac,
  kSlots
};
enum Diag { kRefl, kReCloud, kReIce, kReSnow, kDiags };

// The physics of one level (phase D): returns nothing, updates the state at index i.
WP_FN void level_physics(const Arrays& a, int i, int slot, float dtcld) {
  const float* scr = a.scratch;
  float t = a.t[i];
  float q = a.q[i];
  float qc = a.qc[i];
  float qi = a.qi[i];
  float qr = a.qr[i];
  float qs = a.qs[i];
  const float p = a.p[i];
  const float den = scr[kDen * slot + i];
  const float denfac = scr[kDenfac * slot + i];
  const float cpm = scr[kCpm * slot + i];
  const float xl = scr[kXl * slot + i];
  float qs1 = scr[kQs1 * slot + i];
  const float qs2 = scr[kQs2 * slot + i];
  const float rdtcld = div(1.f, dtcld);

  // Instantaneous phase changes.
  const float supcol = sub(kT0c, t);
  const float xlf = supcol < 0.f ? kXlf0 : sub(kXls, xl);
  if (supcol < 0.f && qi > 0.f) {  // pimlt: all ice melts above 0 C
    qc = add(qc, qi);
    t = sub(t, mul(div(xlf, cpm), qi));
    qi = 0.f;
  }
  if (supcol > 40.f && qc > 0.f) {  // pihmf: homogeneous freezing below -40 C
    qi = add(qi, qc);
    t = add(t, mul(div(xlf, cpm), qc));
    qc = 0.f;
  }
  if (supcol > 0.f && qc > 0.f) {  // pihtf: heterogeneous (Bigg) freezing of cloud water
    const float rate =
        mul(mul(kPfrz1, sub(wp_exp(mul(kPfrz2, supcol)), 1.f)), div(den, mul(kDenr, kXncr)));
    const float frz = fmin2(mul(mul(mul(rate, qc), qc), dtcld), qc);
    qi = add(qi, frz);
    t = add(t, mul(div(xlf, cpm), frz));
    qc = sub(qc, frz);
  }
  if (supcol > 0.f && qr > 0.f) {  // psfrz: freezing of rain into snow, rslope^7 of B
    const float r = scr[kRsloper * slot + i];
    const float r3 = mul(mul(r, r), r);
    const float r7 = mul(mul(r3, r3), r);
    const float frz = fmin2(
        mul(mul(mul(div(kPsfrz, den), sub(wp_exp(mul(kPfrz2, supcol)), 1.f)), r7), dtcld), qr);
    qs = add(qs, frz);
    t = add(t, mul(div(xlf, cpm), frz));
    qr = sub(qr, frz);
  }

  // Slopes from the current amounts; Ab denominators over water (w1) and ice (w2);
  // ventilation (w3).
  const float n0sfac = n0s_factor(supcol);
  const Slope sr = slope_rain(qr, den);
  const Slope ss = slope_snow(qs, den, n0sfac);
  const float w1 = diffac(xl, p, t, den, qs1);
  const float w2 = diffac(kXls, p, t, den, qs2);
  const float w3 = venfac(p, t, den);
  const float rh1 = fmax2(div(q, qs1), kQmin);
  const float rh2 = fmax2(div(q, qs2), kQmin);

  float praut = 0.f, pracw = 0.f, prevp = 0.f, psacw = 0.f, psaci = 0.f;
  float pidep = 0.f, psdep = 0.f, pigen = 0.f, psaut = 0.f, psevp = 0.f;

  // Warm-rain processes, at any temperature.
  float satdt = div(sub(fmax2(q, kQmin), qs1), dtcld);
  if (qc > kQc0) {  // praut: autoconversion, qck1 qc^(7/3)
    praut = fmin2(mul(kQck1, wp_pow(qc, 2.33333333f)), mul(qc, rdtcld));
  }
  if (qr > kQcrmin && qc > kQmin) {  // pracw: accretion of cloud water by rain
    pracw = fmin2(mul(mul(mul(mul(kPacrr, sr.r3), sr.b), qc), denfac), mul(qc, rdtcld));
  }
  if (qr > 0.f) {  // prevp: evaporation (< 0) or condensation (> 0) of rain
    const float coeres = mul(sr.r2, root(mul(sr.r, sr.b)));
    prevp = div(mul(sub(rh1, 1.f), fma(kPrecr1, sr.r2, mul(mul(kPrecr2, w3), coeres))), w1);
    if (prevp < 0.f) {
      prevp = fmax2(prevp, mul(-qr, rdtcld));
      prevp = fmax2(prevp, mul(satdt, 0.5f));
    } else {
      prevp = fmin2(prevp, mul(satdt, 0.5f));
    }
  }

  // Cold processes; the saturation terms are over ice.
  satdt = div(sub(fmax2(q, kQmin), qs2), dtcld);
  bool ifsat = false;
  const float xni = ice_number(den, qi);
  const float eacrs = wp_exp(mul(-0.07f, supcol));
  const float coeres_s = mul(ss.r2, root(mul(ss.r, ss.b)));
  const float vent_s = mul(fma(kPrecs1, ss.r2, mul(mul(kPrecs2, w3), coeres_s)), n0sfac);
  if (qs > kQcrmin && qc > kQmin) {  // psacw: accretion of cloud water by snow
    psacw =
        fmin2(mul(mul(mul(mul(mul(kPacrs, n0sfac), ss.r3), ss.b), qc), denfac), mul(qc, rdtcld));
  }
  if (supcol > 0.f) {
    if (qs > kQcrmin && qi > kQmin) {  // psaci: accretion of ice by snow
      const float diameter = fmin2(mul(kDicon, root(div(mul(den, qi), xni))), kDimax);
      const float vt2i = mul(1.49e4f, wp_pow(diameter, 1.31f));
      const float vt2s = mul(mul(kPvts, ss.b), denfac);
      const float acrfac =
          fma(mul(diameter, diameter), ss.r, fma(mul(2.f, diameter), ss.r2, mul(2.f, ss.r3)));
      // pi n0s / 4 = 1.5707963e6
      psaci =
          mul(mul(mul(mul(mul(1.5707963e6f, qi), eacrs), n0sfac), fabs1(sub(vt2s, vt2i))), acrfac);
    }
    if (qi > 0.f) {  // pidep: deposition (> 0) or sublimation (< 0) of ice
      const float diameter = mul(kDicon, root(div(mul(den, qi), xni)));
      pidep = div(mul(mul(mul(4.f, diameter), xni), sub(rh2, 1.f)), w2);
      const float supice = sub(satdt, prevp);
      if (pidep < 0.f) {
        pidep = fmax2(fmax2(pidep, mul(satdt, 0.5f)), supice);
        pidep = fmax2(pidep, mul(-qi, rdtcld));
      } else {
        pidep = fmin2(fmin2(pidep, mul(satdt, 0.5f)), supice);
      }
      if (fabs1(add(prevp, pidep)) >= fabs1(satdt)) ifsat = true;
    }
    if (qs > 0.f && !ifsat) {  // psdep: deposition (> 0) or sublimation (< 0) of snow
      psdep = div(mul(sub(rh2, 1.f), vent_s), w2);
      const float supice = sub(sub(satdt, prevp), pidep);
      if (psdep < 0.f) {
        psdep = fmax2(psdep, mul(-qs, rdtcld));
        psdep = fmax2(fmax2(psdep, mul(satdt, 0.5f)), supice);
      } else {
        psdep = fmin2(fmin2(psdep, mul(satdt, 0.5f)), supice);
      }
      if (fabs1(add(add(prevp, pidep), psdep)) >= fabs1(satdt)) ifsat = true;
    }
    if (satdt > 0.f && !ifsat) {  // pigen: nucleation of ice from vapour
      const float supice = sub(sub(sub(satdt, prevp), pidep), psdep);
      const float xni0 = mul(1e3f, wp_exp(mul(0.1f, supcol)));
      const float roqi0 = mul(4.92e-11f, wp_pow(xni0, 1.33f));
      pigen = fmax2(mul(sub(div(roqi0, den), fmax2(qi, 0.f)), rdtcld), 0.f);
      pigen = fmin2(fmin2(pigen, satdt), supice);
    }
    if (qi > 0.f) {  // psaut: ice to snow beyond qimax
      psaut = fmax2(mul(sub(qi, div(kRoqimax, den)), rdtcld), 0.f);
    }
  } else if (qs > 0.f && rh1 < 1.f) {  // psevp: evaporation of melting snow
    psevp = div(mul(sub(rh1, 1.f), vent_s), w1);
    psevp = fmin2(fmax2(psevp, mul(-qs, rdtcld)), 0.f);
  }

  // Mass conservation (no class loses more than it holds), then the update.
  {
    const float value = fmax2(kQmin, qc);
    const float source = mul(add(add(praut, pracw), psacw), dtcld);
    if (source > value) {
      const float f = div(value, source);
      praut = mul(praut, f);
      pracw = mul(pracw, f);
      psacw = mul(psacw, f);
    }
  }
  {
    const float value = fmax2(kQmin, qr);
    const float source = mul(-prevp, dtcld);
    if (source > value) prevp = mul(prevp, div(value, source));
  }
  if (t <= kT0c) {
    {
      const float value = fmax2(kQmin, qi);
      const float source = mul(sub(add(psaut, psaci), add(pigen, pidep)), dtcld);
      if (source > value) {
        const float f = div(value, source);
        psaut = mul(psaut, f);
        psaci = mul(psaci, f);
        pigen = mul(pigen, f);
        pidep = mul(pidep, f);
      }
    }
    {
      const float value = fmax2(kQmin, qs);
      const float source = mul(-psdep, dtcld);
      if (source > value) psdep = mul(psdep, div(value, source));
    }
    const float w = -add(add(prevp, psdep), add(pigen, pidep));
    q = fma(w, dtcld, q);
    qc = fmax2(sub(qc, mul(add(add(praut, pracw), psacw), dtcld)), 0.f);
    qr = fmax2(add(qr, mul(add(add(praut, pracw), prevp), dtcld)), 0.f);
    qi = fmax2(sub(qi, mul(sub(add(psaut, psaci), add(pigen, pidep)), dtcld)), 0.f);
    qs = fmax2(add(qs, mul(add(add(psdep, psaut), add(psaci, psacw)), dtcld)), 0.f);
    const float xlfw = sub(kXls, xl);
    const float heat = fma(kXls, add(add(psdep, pidep), pigen), fma(xl, prevp, mul(xlfw, psacw)));
    t = add(t, mul(div(heat, cpm), dtcld));
  } else {
    {
      const float value = fmax2(kQcrmin, qs);
      const float source = mul(-psevp, dtcld);
      if (source > value) psevp = mul(psevp, div(value, source));
    }
    const float w = -add(prevp, psevp);
    q = fma(w, dtcld, q);
    qc = fmax2(sub(qc, mul(add(add(praut, pracw), psacw), dtcld)), 0.f);
    qr = fmax2(add(qr, mul(add(add(praut, pracw), add(prevp, psacw)), dtcld)), 0.f);
    qs = fmax2(add(qs, mul(psevp, dtcld)), 0.f);
    t = add(t, mul(div(mul(xl, add(prevp, psevp)), cpm), dtcld));
  }

  // Saturation at the new temperature; pcond: condensation (> 0) or evaporation (< 0) of
  // cloud water toward saturation, linearized in t (conden).
  qs1 = qsat(fpvs_water(t), p);
  const float work1 = div(sub(fmax2(q, kQmin), qs1),
                          add(1.f, mul(div(mul(xl, xl), mul(kRv, cpm)), div(qs1, mul(t, t)))));
  float pcond = fmin2(fmax2(mul(work1, rdtcld), 0.f), mul(fmax2(q, 0.f), rdtcld));
  if (qc > 0.f && work1 < 0.f) pcond = mul(fmax2(work1, -qc), rdtcld);
  q = sub(q, mul(pcond, dtcld));
  qc = fmax2(add(qc, mul(pcond, dtcld)), 0.f);
  t = add(t, mul(div(mul(pcond, xl), cpm), dtcld));

  a.t[i] = t;
  a.q[i] = q;
  a.qc[i] = qc <= kQmin ? 0.f : qc;
  a.qi[i] = qi <= kQmin ? 0.f : qi;
  a.qr[i] = qr;
  a.qs[i] = qs;
  a.scratch[kQs1 * slot + i] = qs1;
}

// One column (WSM5's wsm52d for one i): the whole step.
WP_FN void column(const Arrays& a, int col) {
  const int n = a.ncol;
  const int nk = a.nk;
  const int slot = nk * n;
  float* const scr = a.scratch;

  // ---- 0: clip negative amounts; density ----
  WP_UNROLL_NONE
  for (int k = 0; k < nk; ++k) {
    const int i = k * n + col;
    a.qc[i] = fmax2(a.qc[i], 0.f);
    a.qi[i] = fmax2(a.qi[i], 0.f);
    a.qr[i] = fmax2(a.qr[i], 0.f);
    a.qs[i] = fmax2(a.qs[i], 0.f);
    const float den = div(a.p[i], mul(mul(kRd, a.t[i]), fma(kEp1, fmax2(a.q[i], 0.f), 1.f)));
    scr[kDen * slot + i] = den;
    scr[kDenfac * slot + i] = root(div(kDen0, den));
  }

  int loops = static_cast<int>(add(div(a.dt, kDtcldcr), 0.5f));
  if (loops < 1) loops = 1;
  const float dtcld = a.dt <= kDtcldcr ? a.dt : div(a.dt, static_cast<float>(loops));

  WP_UNROLL_NONE
  for (int loop = 0; loop < loops; ++loop) {
    // ---- A: forcing, heat capacity, latent heat, saturation ----
    WP_UNROLL_NONE
    for (int k = 0; k < nk; ++k) {
      const int i = k * n + col;
      const float t = fma(a.forc[i], dtcld, a.t[i]);
      const float p = a.p[i];
      a.t[i] = t;
      scr[kCpm * slot + i] = cpmcal(a.q[i]);
      scr[kXl * slot + i] = xlcal(t);
      const float qs1 = qsat(fpvs_water(t), p);
      scr[kQs1 * slot + i] = qs1;
      scr[kQs2 * slot + i] = t < kTtp ? qsat(fpvs_ice(t), p) : qs1;
    }

    // ---- B: slopes, fall rates, sedimentation sub-steps (CFL), ice number ----
    int mstep = 1;
    WP_UNROLL_NONE
    for (int k = 0; k < nk; ++k) {
      const int i = k * n + col;
      const float den = scr[kDen * slot + i];
      const float denfac = scr[kDenfac * slot + i];
      const float n0sfac = n0s_factor(sub(kT0c, a.t[i]));
      const Slope sr = slope_rain(a.qr[i], den);
      const Slope ss = slope_snow(a.qs[i], den, n0sfac);
      const float rdelz = div(1.f, a.delz[i]);
      const float w1 = mul(mul(mul(kPvtr, sr.b), denfac), rdelz);
      const float w2 = mul(mul(mul(kPvts, ss.b), denfac), rdelz);
      const int numdt = static_cast<int>(add(mul(fmax2(w1, w2), dtcld), 1.f));
      if (numdt > mstep) mstep = numdt;
      scr[kW1 * slot + i] = w1;
      scr[kW2 * slot + i] = w2;
      scr[kXni * slot + i] = ice_number(den, a.qi[i]);
      scr[kRsloper * slot + i] = sr.r;
      scr[kRslopes * slot + i] = ss.r;
      scr[kRslopebs * slot + i] = ss.b;
      scr[kRslope2s * slot + i] = ss.r2;
      scr[kN0sfac * slot + i] = n0sfac;
    }
    if (mstep > kMaxFallSteps) mstep = kMaxFallSteps;
    const float rmstep = div(1.f, static_cast<float>(mstep));

    // ---- C: sedimentation of rain and snow, melting of falling snow, then ice ----
    float rain_ground = 0.f;
    float snow_ground = 0.f;
    WP_UNROLL_NONE
    for (int step = 0; step < mstep; ++step) {
      float fr_above = 0.f;  // fluxes (kg m^-2 s^-1) into the level from above
      float fs_above = 0.f;
      WP_UNROLL_NONE
      for (int k = nk - 1; k >= 0; --k) {
        const int i = k * n + col;
        const float den = scr[kDen * slot + i];
        const float dz = a.delz[i];
        const float fr = mul(mul(mul(den, a.qr[i]), scr[kW1 * slot + i]), dz);
        const float fs = mul(mul(mul(den, a.qs[i]), scr[kW2 * slot + i]), dz);
        const float scale = div(mul(dtcld, rmstep), mul(den, dz));
        a.qr[i] = fmax2(fma(sub(fr_above, fr), scale, a.qr[i]), 0.f);
        a.qs[i] = fmax2(fma(sub(fs_above, fs), scale, a.qs[i]), 0.f);
        fr_above = fr;
        fs_above = fs;
      }
      rain_ground = fma(fr_above, mul(dtcld, rmstep), rain_ground);
      snow_ground = fma(fs_above, mul(dtcld, rmstep), snow_ground);
      // psmlt: melting of snow in levels above 0 C, with the slopes of B.
      WP_UNROLL_NONE
      for (int k = nk - 1; k >= 0; --k) {
        const int i = k * n + col;
        const float t = a.t[i];
        const float qs = a.qs[i];
        if (t > kT0c && qs > 0.f) {
          const float den = scr[kDen * slot + i];
          const float p = a.p[i];
          const float rs = scr[kRslopes * slot + i];
          const float r2s = scr[kRslope2s * slot + i];
          const float coeres = mul(r2s, root(mul(rs, scr[kRslopebs * slot + i])));
          const float vent = fma(kPrecs1, r2s, mul(mul(kPrecs2, venfac(p, t, den)), coeres));
          float psmlt = mul(mul(mul(div(xka(t, den), kXlf0), sub(kT0c, t)), 1.57079633f),
                            mul(scr[kN0sfac * slot + i], vent));
          psmlt = fmin2(fmax2(mul(mul(psmlt, dtcld), rmstep), mul(-qs, rmstep)), 0.f);
          a.qs[i] = add(qs, psmlt);
          a.qr[i] = sub(a.qr[i], psmlt);
          a.t[i] = add(t, mul(div(kXlf0, scr[kCpm * slot + i]), psmlt));
        }
      }
    }
    // Ice: fall speed 1.49e4 d^1.31 from the mass-diameter relation.
    int mstep_i = 1;
    WP_UNROLL_NONE
    for (int k = nk - 1; k >= 0; --k) {
      const int i = k * n + col;
      const float qi = a.qi[i];
      float w = 0.f;
      if (qi > 0.f) {
        const float den = scr[kDen * slot + i];
        const float diameter = fmax2(
            fmin2(mul(kDicon, root(div(mul(den, qi), scr[kXni * slot + i]))), kDimax), 1e-25f);
        w = div(mul(1.49e4f, wp_pow(diameter, 1.31f)), a.delz[i]);
      }
      scr[kW1 * slot + i] = w;
      const int numdt = static_cast<int>(add(mul(w, dtcld), 1.f));
      if (numdt > mstep_i) mstep_i = numdt;
    }
    if (mstep_i > kMaxFallSteps) mstep_i = kMaxFallSteps;
    const float rmstep_i = div(1.f, static_cast<float>(mstep_i));
    float ice_ground = 0.f;
    WP_UNROLL_NONE
    for (int step = 0; step < mstep_i; ++step) {
      float fi_above = 0.f;
      WP_UNROLL_NONE
      for (int k = nk - 1; k >= 0; --k) {
        const int i = k * n + col;
        const float den = scr[kDen * slot + i];
        const float dz = a.delz[i];
        const float fi = mul(mul(mul(den, a.qi[i]), scr[kW1 * slot + i]), dz);
        a.qi[i] =
            fmax2(fma(sub(fi_above, fi), div(mul(dtcld, rmstep_i), mul(den, dz)), a.qi[i]), 0.f);
        fi_above = fi;
      }
      ice_ground = fma(fi_above, mul(dtcld, rmstep_i), ice_ground);
    }
    a.rain[col] = add(a.rain[col], rain_ground);
    a.snow[col] = add(a.snow[col], add(snow_ground, ice_ground));

    // ---- D: the physics of every level ----
    WP_UNROLL_NONE
    for (int k = 0; k < nk; ++k) level_physics(a, k * n + col, slot, dtcld);
  }

  // ---- E: diagnostics of the final state: radar reflectivity and effective radii ----
  WP_UNROLL_NONE
  for (int k = 0; k < nk; ++k) {
    const int i = k * n + col;
    const float t = a.t[i];
    const float qc = a.qc[i];
    const float qi = a.qi[i];
    const float qr = a.qr[i];
    const float qs = a.qs[i];
    const float den = scr[kDen * slot + i];
    const float n0sfac = n0s_factor(sub(kT0c, t));
    // Reflectivity: the sixth moments of the exponential distributions, 720 n0 rslope^7
    // (m^6 m^-3, times 1e18 for mm^6 m^-3); snow as ice spheres of density dens,
    // (dens / denr)^2 times the dielectric ratio 0.176 / 0.93, or as water when melting.
    float z = 0.f;
    if (qr > kQcrmin) {
      const Slope sr = slope_rain(qr, den);
      z = mul(5.76e27f, mul(mul(sr.r3, sr.r3), sr.r));  // 720 n0r 1e18
    }
    if (qs > kQcrmin) {
      const Slope ss = slope_snow(qs, den, n0sfac);
      const float zs = mul(mul(1.44e27f, n0sfac), mul(mul(ss.r3, ss.r3), ss.r));  // 720 n0s 1e18
      z = fma(zs, t > kT0c ? 0.01f : 1.8924731e-3f, z);
    }
    a.diag[kRefl * slot + i] = mul(4.34294482f, wp_log(fmax2(z, 0.01f)));  // 10 log10
    // Cloud water: xncr drops per m^3, re = (3 den qc / (4 pi denr xncr))^(1/3).
    float re_c = 2.51e-6f;
    if (qc > kQmin) {
      re_c = wp_pow(div(mul(3.f, mul(den, qc)), mul(1.25663706e4f, kXncr)), 0.33333333f);
      re_c = fmin2(fmax2(re_c, 2.51e-6f), 50e-6f);
    }
    // Cloud ice: half the mass-diameter relation's diameter.
    float re_i = 10.01e-6f;
    if (qi > kQmin) {
      re_i = mul(0.5f, mul(kDicon, root(div(mul(den, qi), ice_number(den, qi)))));
      re_i = fmin2(fmax2(re_i, 10.01e-6f), 125e-6f);
    }
    // Snow: 3 / (2 lamda) for an exponential distribution.
    float re_s = 25e-6f;
    if (qs > kQcrmin) {
      re_s = mul(1.5f, slope_snow(qs, den, n0sfac).r);
      re_s = fmin2(fmax2(re_s, 25e-6f), 999e-6f);
    }
    a.diag[kReCloud * slot + i] = re_c;
    a.diag[kReIce * slot + i] = re_i;
    a.diag[kReSnow * slot + i] = re_s;
  }
}

}  // namespace wp
