#pragma once

// CPU references with error bounds. A workload's kernels compute in float; its reference
// computes the same expression in double as a Bounded value: the exact result of the float
// program's operations (to double precision) and a bound on how far the float program's result
// can be from it. Each float operation rounds once, with a relative error of at most
// u = 2^-24 (IEEE round to nearest; an FMA rounds once where the bound assumes two roundings);
// the bound propagates the operands' bounds through the operation to first order and adds that
// rounding (Wilkinson's running error analysis). So for a sum of n products the bound is
// about n·u·Σ|terms|, the classical bound for recursive summation (Higham, "Accuracy and
// Stability of Numerical Algorithms", 2nd ed., §3.1), but computed for the actual values, which
// keeps it tight where terms have mixed signs or partial sums cancel. check_close (check.h)
// accepts a result within twice the bound: the factor covers the second-order terms the
// first-order propagation drops. A simulator bug that drops, repeats or misplaces one term of a
// sum moves the result by a whole term, far outside such a bound.

#include <cmath>
#include <limits>

namespace warpsim::workload {

inline constexpr double kFloatUnitRoundoff = 0x1p-24;

struct Bounded {
  double value = 0;
  double error = 0;  // |float result - value| <= error (to first order)

  // A float input or constant: exact.
  static Bounded exact(float v) { return Bounded{v, 0}; }
};

namespace bounded_detail {
inline Bounded rounded(double value, double error) {
  return Bounded{value, error + kFloatUnitRoundoff * std::fabs(value)};
}
}  // namespace bounded_detail

inline Bounded operator+(Bounded a, Bounded b) {
  return bounded_detail::rounded(a.value + b.value, a.error + b.error);
}
inline Bounded operator-(Bounded a, Bounded b) {
  return bounded_detail::rounded(a.value - b.value, a.error + b.error);
}
inline Bounded operator*(Bounded a, Bounded b) {
  return bounded_detail::rounded(
      a.value * b.value,
      std::fabs(a.value) * b.error + std::fabs(b.value) * a.error + a.error * b.error);
}
inline Bounded operator/(Bounded a, Bounded b) {
  const double q = a.value / b.value;
  const double margin = std::fabs(b.value) - b.error;
  if (margin <= 0) return Bounded{q, std::numeric_limits<double>::infinity()};
  return bounded_detail::rounded(q, (a.error + std::fabs(q) * b.error) / margin);
}
inline Bounded sqrt(Bounded a) {
  const double root = std::sqrt(a.value);
  // |sqrt(x) - sqrt(y)| = |x - y| / (sqrt(x) + sqrt(y)), smallest when x is as low as allowed.
  const double low = std::sqrt(std::fmax(a.value - a.error, 0.0));
  const double error = root + low > 0 ? a.error / (root + low) : std::sqrt(a.error);
  return bounded_detail::rounded(root, error);
}
inline Bounded& operator+=(Bounded& a, Bounded b) { return a = a + b; }
inline Bounded& operator-=(Bounded& a, Bounded b) { return a = a - b; }
inline Bounded& operator*=(Bounded& a, Bounded b) { return a = a * b; }
inline Bounded& operator/=(Bounded& a, Bounded b) { return a = a / b; }

}  // namespace warpsim::workload
