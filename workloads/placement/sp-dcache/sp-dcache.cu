// placement/sp-dcache: the D-cache version (seed 000 Ch. 2, category 1) of placement/sp-shared,
// the CUDA SDK's scalarProd: the same loops, launch and barriers, but the 1024 partial sums and
// their halving tree live in a per-block region of a global scratch buffer (1024 floats at
// scratch + 1024 blockIdx.x), cached implicitly by the L1D, instead of shared memory. The
// barriers stay: each tree level reads what other threads wrote in the level before.
// The algorithm: ../sp-shared/sp_device.cuh.

#include "../sp-shared/sp_device.cuh"

extern "C" __global__ void sp_dcache_kernel(float* c, const float* a, const float* b, int vectors,
                                            int elements, float* scratch) {
  sp_block(c, a, b, vectors, elements, scratch + blockIdx.x * SP_ACCUM_N);
}
