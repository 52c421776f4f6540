// placement/reuse-shared: the shared-memory side of seed 000 Ch. 2's reuse micro-kernel (the
// MM case study's check that a D-cache version can beat its shared-memory one): each block of
// 256 threads copies its 1 KB block of data into shared memory (one float per thread), waits at
// a barrier, then re-reads the whole block `passes` times (reuse.cuh). The D-cache version,
// placement/reuse-dcache, reads the same floats from global memory through the L1D.

#include "reuse.cuh"

extern "C" __global__ void __launch_bounds__(REUSE_THREADS)
    reuse_shared_kernel(const float* in, float* out, int passes) {
  __shared__ float block[REUSE_THREADS];
  const int tid = threadIdx.x;
  block[tid] = in[blockIdx.x * REUSE_THREADS + tid];
  __syncthreads();
  const unsigned column = static_cast<unsigned>(__cvta_generic_to_shared(block + tid % 32));
  float sum = 0.0f;
  for (int p = 0; p < passes; ++p) REUSE_PASS("ld.shared.f32", "r", column, sum);
  out[blockIdx.x * REUSE_THREADS + tid] = sum;
}
