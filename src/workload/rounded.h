#pragma once

// Single float operations, correctly rounded, as the PTX's add.rn / sub.rn / mul.rn / div.rn
// compute them (double rounding is harmless for these on floats), written out so that the host
// compiler cannot contract them into FMAs the kernel lacks: for references that replicate a
// kernel's arithmetic exactly.

namespace warpsim::workload {

inline float rounded_add(float a, float b) { return static_cast<float>(double{a} + double{b}); }
inline float rounded_sub(float a, float b) { return static_cast<float>(double{a} - double{b}); }
inline float rounded_mul(float a, float b) { return static_cast<float>(double{a} * double{b}); }
inline float rounded_div(float a, float b) { return static_cast<float>(double{a} / double{b}); }

}  // namespace warpsim::workload
