// placement/reuse-dcache: the D-cache side of seed 000 Ch. 2's reuse micro-kernel: the same
// blocks, reads and sums as placement/reuse-shared, but every read goes to global memory and is
// served by the L1D (a block's first reads miss, the rest hit); no staging copy, no barrier.

#include "../reuse-shared/reuse.cuh"

extern "C" __global__ void __launch_bounds__(REUSE_THREADS)
    reuse_dcache_kernel(const float* in, float* out, int passes) {
  const int tid = threadIdx.x;
  const float* column = in + blockIdx.x * REUSE_THREADS + tid % 32;
  float sum = 0.0f;
  for (int p = 0; p < passes; ++p) REUSE_PASS("ld.global.f32", "l", column, sum);
  out[blockIdx.x * REUSE_THREADS + tid] = sum;
}
