#pragma once

// The CUDA function and variable qualifiers as a plain host compiler sees them. Host code that
// is shared with device code (`__host__ __device__` helpers, aligned structs) compiles
// unchanged; device-only code (`__global__`, `__shared__`, `__constant__`) is left undefined on
// purpose so that it cannot be compiled as host code by mistake.

// NOLINTBEGIN(bugprone-reserved-identifier): CUDA's own spelling
#define __host__
#define __device__
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __align__(n)
#define __device_builtin__
#define __cudart_builtin__
#define CUDARTAPI
// NOLINTEND(bugprone-reserved-identifier)
