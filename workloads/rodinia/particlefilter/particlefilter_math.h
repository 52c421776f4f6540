#pragma once

// The particle filter's arithmetic, one source for the kernels (particlefilter.cu, compiled by
// nvcc: each operation a correctly rounded intrinsic, __dadd_rn, __fma_rn, ..., which nvcc
// never contracts or reorders) and for the CPU reference (driver.cc, compiled by the host
// compiler in ISO C++ mode, which does not contract a * b + c into an FMA, with std::fma for the
// fused ones). So the reference repeats the kernels' operations in the same order with the same
// roundings and the check demands identical results.
//
// Rodinia 3.x's "float" particle filter (ex_particle_CUDA_float_seq.cu) computes in double
// despite its name (its README: "float data types changed to double because of overflow
// issues"), and so does ours. Its random numbers come from its linear congruential generator
// (M = INT_MAX, A = 1103515245, C = 12345, one int seed per particle, randu = |seed / M| in
// double, randn by Box-Muller from two randu values). The LCG is integer and randu a correctly
// rounded double division, so both replicate exactly. Box-Muller needs log, cos and sqrt, and
// the likelihood weights exp: CUDA's library versions are not correctly rounded and a CPU libm
// need not agree with them bit for bit, so ours are short polynomials built only from correctly
// rounded operations (the reference repeats them exactly); sqrt is sqrt.rn.f64. They are
// accurate to about 1e-14 relative on the arguments the workload gives them (checked against
// libm), which is all a random-number transform and a weight need.

#ifdef __CUDACC__
#define PF_FN __device__ __forceinline__
#define PF_ADD(a, b) __dadd_rn((a), (b))
#define PF_SUB(a, b) __dsub_rn((a), (b))
#define PF_MUL(a, b) __dmul_rn((a), (b))
#define PF_DIV(a, b) __ddiv_rn((a), (b))
#define PF_FMA(a, b, c) __fma_rn((a), (b), (c))
#define PF_SQRT(a) __dsqrt_rn(a)
#define PF_RINT(a) __double2int_rn(a)  // round to nearest, ties to even (cvt.rni.s32.f64)
#define PF_AS_BITS(a) __double_as_longlong(a)
#define PF_AS_DOUBLE(a) __longlong_as_double(a)
#define PF_NAMESPACE_BEGIN
#define PF_NAMESPACE_END
#else
#include <bit>
#include <cmath>
#include <cstdint>
namespace warpsim::workload::particlefilter::ops {
inline double fma(double a, double b, double c) { return std::fma(a, b, c); }
inline double sqrt(double a) { return std::sqrt(a); }
inline int rint(double a) { return static_cast<int>(std::nearbyint(a)); }  // default: to even
inline long long as_bits(double a) { return std::bit_cast<std::int64_t>(a); }
inline double as_double(long long a) { return std::bit_cast<double>(static_cast<std::int64_t>(a)); }
}  // namespace warpsim::workload::particlefilter::ops
#define PF_FN inline
#define PF_ADD(a, b) ((a) + (b))
#define PF_SUB(a, b) ((a) - (b))
#define PF_MUL(a, b) ((a) * (b))
#define PF_DIV(a, b) ((a) / (b))
#define PF_FMA(a, b, c) ::warpsim::workload::particlefilter::ops::fma((a), (b), (c))
#define PF_SQRT(a) ::warpsim::workload::particlefilter::ops::sqrt(a)
#define PF_RINT(a) ::warpsim::workload::particlefilter::ops::rint(a)
#define PF_AS_BITS(a) ::warpsim::workload::particlefilter::ops::as_bits(a)
#define PF_AS_DOUBLE(a) ::warpsim::workload::particlefilter::ops::as_double(a)
#define PF_NAMESPACE_BEGIN namespace warpsim::workload::particlefilter {
#define PF_NAMESPACE_END }
#endif

PF_NAMESPACE_BEGIN

// Rodinia's LCG: seed = (A * seed + C) % M in 32-bit int arithmetic (the product wraps; the
// remainder takes the dividend's sign, as C's % and PTX's rem.s32 do). Unsigned arithmetic
// for the wrap, so that neither compiler meets signed overflow.
PF_FN int pf_lcg_next(int seed) {
  const unsigned num = 1103515245u * static_cast<unsigned>(seed) + 12345u;
  return static_cast<int>(num) % 2147483647;
}

// randu: |seed / M| for the updated seed.
PF_FN double pf_randu(int& seed) {
  seed = pf_lcg_next(seed);
  const double q = PF_DIV(static_cast<double>(seed), 2147483647.0);
  return q < 0 ? -q : q;
}

// Natural log of a positive normal double: x = m * 2^e with m in [sqrt(1/2), sqrt(2)),
// log m = 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.172, series to s^15.
PF_FN double pf_log(double x) {
  const long long bits = PF_AS_BITS(x);
  int e = static_cast<int>((bits >> 52) & 0x7ff) - 1023;
  double m = PF_AS_DOUBLE((bits & 0xfffffffffffffLL) | 0x3ff0000000000000LL);  // [1, 2)
  if (m > 1.4142135623730951) {
    m = PF_MUL(m, 0.5);
    e += 1;
  }
  const double s = PF_DIV(PF_SUB(m, 1.0), PF_ADD(m, 1.0));
  const double s2 = PF_MUL(s, s);
  double p = PF_FMA(s2, 0.06666666666666667, 0.07692307692307693);  // 1/15, 1/13
  p = PF_FMA(p, s2, 0.09090909090909091);                           // 1/11
  p = PF_FMA(p, s2, 0.1111111111111111);                            // 1/9
  p = PF_FMA(p, s2, 0.14285714285714285);                           // 1/7
  p = PF_FMA(p, s2, 0.2);                                           // 1/5
  p = PF_FMA(p, s2, 0.3333333333333333);                            // 1/3
  p = PF_FMA(p, s2, 1.0);
  const double log_m = PF_MUL(PF_MUL(2.0, s), p);
  return PF_FMA(static_cast<double>(e), 0.6931471805599453, log_m);  // + e ln 2
}

// cos(2 pi v): w = v - rint(v) in [-1/2, 1/2], a = |w|, folded to [0, 1/4] by
// cos(2 pi a) = -cos(2 pi (1/2 - a)); Taylor series of cos x to x^18 on x = 2 pi a <= pi/2.
PF_FN double pf_cos2pi(double v) {
  const double w = PF_SUB(v, static_cast<double>(PF_RINT(v)));
  double a = w < 0 ? -w : w;
  double sign = 1.0;
  if (a > 0.25) {
    a = PF_SUB(0.5, a);
    sign = -1.0;
  }
  const double x = PF_MUL(a, 6.283185307179586);
  const double z = PF_MUL(x, x);
  double p = PF_FMA(z, -1.5619206968586225e-16, 4.779477332387385e-14);  // -1/18!, 1/16!
  p = PF_FMA(p, z, -1.1470745597729725e-11);                             // -1/14!
  p = PF_FMA(p, z, 2.08767569878681e-09);                                // 1/12!
  p = PF_FMA(p, z, -2.755731922398589e-07);                              // -1/10!
  p = PF_FMA(p, z, 2.48015873015873e-05);                                // 1/8!
  p = PF_FMA(p, z, -0.001388888888888889);                               // -1/6!
  p = PF_FMA(p, z, 0.041666666666666664);                                // 1/4!
  p = PF_FMA(p, z, -0.5);                                                // -1/2!
  p = PF_FMA(p, z, 1.0);
  return PF_MUL(sign, p);
}

// exp x for |x| < 2000 ln 2: n = rint(x / ln 2), r = x - n ln 2 (ln 2 in two parts, the first
// exact in 32 bits, fdlibm's split), Taylor series of e^r to r^12 (|r| <= 0.347), then times
// 2^n as two exact powers of two, 2^floor(n/2) and 2^(n - floor(n/2)), each a normal double.
PF_FN double pf_exp(double x) {
  const int n = PF_RINT(PF_MUL(x, 1.4426950408889634));
  const double dn = static_cast<double>(n);
  double r = PF_FMA(-dn, 0.6931471803691238, x);
  r = PF_FMA(-dn, 1.9082149292705877e-10, r);
  double p = PF_FMA(r, 2.08767569878681e-09, 2.505210838544172e-08);  // 1/12!, 1/11!
  p = PF_FMA(p, r, 2.755731922398589e-07);                            // 1/10!
  p = PF_FMA(p, r, 2.7557319223985893e-06);                           // 1/9!
  p = PF_FMA(p, r, 2.48015873015873e-05);                             // 1/8!
  p = PF_FMA(p, r, 0.0001984126984126984);                            // 1/7!
  p = PF_FMA(p, r, 0.001388888888888889);                             // 1/6!
  p = PF_FMA(p, r, 0.008333333333333333);                             // 1/5!
  p = PF_FMA(p, r, 0.041666666666666664);                             // 1/4!
  p = PF_FMA(p, r, 0.16666666666666666);                              // 1/3!
  p = PF_FMA(p, r, 0.5);
  p = PF_FMA(p, r, 1.0);
  p = PF_FMA(p, r, 1.0);
  const int n1 = n >> 1;  // floor(n / 2)
  const int n2 = n - n1;
  p = PF_MUL(p, PF_AS_DOUBLE(static_cast<long long>(n1 + 1023) << 52));
  return PF_MUL(p, PF_AS_DOUBLE(static_cast<long long>(n2 + 1023) << 52));
}

// randn: Box-Muller, sqrt(-2 log u) cos(2 pi v) from two consecutive randu values of one seed,
// as Rodinia's d_randn.
PF_FN double pf_randn(int& seed) {
  const double u = pf_randu(seed);
  const double v = pf_randu(seed);
  const double cosine = pf_cos2pi(v);
  const double rt = PF_MUL(-2.0, pf_log(u));
  return PF_MUL(PF_SQRT(rt), cosine);
}

// The likelihood of one pixel value, Rodinia's ((p - 100)^2 - (p - 228)^2) / 50 with the
// background (100) and foreground (228) intensities of its video; the squares (pow(x, 2) in
// Rodinia) are exact products.
PF_FN double pf_pixel_likelihood(int pixel) {
  const double d1 = static_cast<double>(pixel - 100);
  const double d2 = static_cast<double>(pixel - 228);
  return PF_DIV(PF_SUB(PF_MUL(d1, d1), PF_MUL(d2, d2)), 50.0);
}

PF_NAMESPACE_END
