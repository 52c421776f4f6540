// placement/dwt-dcache: the D-cache version (seed 000 Ch. 2, category 1) of placement/dwt-shared,
// the CUDA SDK's dwtHaar1D: the same launches, blocks, levels and (padded) indices, but each
// block's working array is a per-block region of a global scratch array (DWT_WORDS = 1056 words,
// 33 lines, at scratch + 1056 blockIdx.x), cached implicitly by the L1D, instead of shared
// memory. The barriers stay: each level reads approximations other threads wrote.
// The algorithm: ../dwt-shared/dwt_device.cuh.

#include "../dwt-shared/dwt_device.cuh"

extern "C" __global__ void __launch_bounds__(DWT_MAX_THREADS)
    dwt_dcache_kernel(const float* id, float* od, float* approx_final, unsigned dlevels,
                      unsigned slength_step_half, int bdim, float* scratch) {
  dwt_block(id, od, approx_final, dlevels, slength_step_half, bdim,
            scratch + blockIdx.x * DWT_WORDS);
}
