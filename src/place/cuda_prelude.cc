#include "place/cuda_prelude.h"

#include <string>

namespace warpsim::place {

namespace {

// Declarations (and, under WARPSIM_PRELUDE_DEFINITIONS, definitions) of what CUDA's headers
// would give a kernel. Functions without a definition here need libdevice: Clang leaves them as
// calls, and such PTX does not load (compile with nvcc instead).
constexpr const char* kPrelude = R"cuda(
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __host__ __attribute__((host))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __restrict__ __restrict
#include <__clang_cuda_builtin_vars.h>
struct __attribute__((aligned(8))) float2 { float x, y; };
struct float3 { float x, y, z; };
struct __attribute__((aligned(16))) float4 { float x, y, z, w; };
struct __attribute__((aligned(8))) int2 { int x, y; };
struct int3 { int x, y, z; };
struct __attribute__((aligned(16))) int4 { int x, y, z, w; };
struct __attribute__((aligned(8))) uint2 { unsigned x, y; };
struct __attribute__((aligned(16))) uint4 { unsigned x, y, z, w; };
struct __attribute__((aligned(16))) double2 { double x, y; };
__device__ inline float2 make_float2(float x, float y) { return {x, y}; }
__device__ inline float3 make_float3(float x, float y, float z) { return {x, y, z}; }
__device__ inline float4 make_float4(float x, float y, float z, float w) { return {x, y, z, w}; }
__device__ inline int2 make_int2(int x, int y) { return {x, y}; }
__device__ inline int3 make_int3(int x, int y, int z) { return {x, y, z}; }
__device__ inline int4 make_int4(int x, int y, int z, int w) { return {x, y, z, w}; }
__device__ float sqrtf(float); __device__ float expf(float); __device__ float logf(float);
__device__ float powf(float, float); __device__ float fabsf(float); __device__ float fminf(float, float);
__device__ float fmaxf(float, float); __device__ float floorf(float); __device__ float ceilf(float);
__device__ float sinf(float); __device__ float cosf(float); __device__ float rsqrtf(float);
__device__ float __expf(float); __device__ float __logf(float); __device__ float __fdividef(float, float);
__device__ float __powf(float, float); __device__ float __sinf(float); __device__ float __cosf(float);
__device__ double sqrt(double); __device__ double exp(double); __device__ double log(double);
__device__ double fabs(double); __device__ double pow(double, double); __device__ double floor(double);
__device__ int min(int, int); __device__ int max(int, int); __device__ unsigned min(unsigned, unsigned);
__device__ unsigned max(unsigned, unsigned); __device__ int abs(int);
__device__ int __float_as_int(float); __device__ float __int_as_float(int);
__device__ int atomicAdd(int*, int); __device__ unsigned atomicAdd(unsigned*, unsigned);
__device__ float atomicAdd(float*, float); __device__ int atomicMin(int*, int); __device__ int atomicMax(int*, int);
__device__ int atomicCAS(int*, int, int); __device__ unsigned atomicCAS(unsigned*, unsigned, unsigned);
__device__ int atomicExch(int*, int); __device__ float atomicExch(float*, float);
__device__ void __threadfence(); __device__ int __popc(unsigned); __device__ int __clz(int); __device__ int __ffs(int);
#ifdef WARPSIM_PRELUDE_DEFINITIONS
__device__ inline float sqrtf(float x) { return __builtin_sqrtf(x); }
__device__ inline float fabsf(float x) { return __builtin_fabsf(x); }
__device__ inline float fminf(float a, float b) { return __builtin_fminf(a, b); }
__device__ inline float fmaxf(float a, float b) { return __builtin_fmaxf(a, b); }
__device__ inline float floorf(float x) { return __builtin_floorf(x); }
__device__ inline float ceilf(float x) { return __builtin_ceilf(x); }
__device__ inline double sqrt(double x) { return __builtin_sqrt(x); }
__device__ inline double fabs(double x) { return __builtin_fabs(x); }
__device__ inline double floor(double x) { return __builtin_floor(x); }
__device__ inline int min(int a, int b) { return a < b ? a : b; }
__device__ inline int max(int a, int b) { return a > b ? a : b; }
__device__ inline unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
__device__ inline unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
__device__ inline int abs(int a) { return a < 0 ? -a : a; }
__device__ inline int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
__device__ inline float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
__device__ inline int __popc(unsigned x) { return __builtin_popcount(x); }
__device__ inline int atomicAdd(int* p, int v) { return __nvvm_atom_add_gen_i(p, v); }
__device__ inline unsigned atomicAdd(unsigned* p, unsigned v) {
  return (unsigned)__nvvm_atom_add_gen_i((int*)p, (int)v);
}
__device__ inline float atomicAdd(float* p, float v) { return __nvvm_atom_add_gen_f(p, v); }
#endif
)cuda";

}  // namespace

const char* cuda_prelude(bool definitions) {
  static const std::string with = std::string("#define WARPSIM_PRELUDE_DEFINITIONS 1\n") + kPrelude;
  return definitions ? with.c_str() : kPrelude;
}

}  // namespace warpsim::place
