// placement/dwt-shared: the CUDA SDK's dwtHaar1D, the shared-memory version of seed 000 Ch. 2's
// DWT: each block loads 2 bdim signal values into a padded working array of DWT_WORDS (1056)
// words of shared memory and performs all its Haar levels there, a barrier after each. The
// algorithm: dwt_device.cuh; sizes, inputs, launches and reference: dwt_host.h.

#include "dwt_device.cuh"

extern "C" __global__ void __launch_bounds__(DWT_MAX_THREADS)
    dwt_shared_kernel(const float* id, float* od, float* approx_final, unsigned dlevels,
                      unsigned slength_step_half, int bdim) {
  __shared__ float work[DWT_WORDS];
  dwt_block(id, od, approx_final, dlevels, slength_step_half, bdim, work);
}
