// placement/fft-dcache: the D-cache version (seed 000 Ch. 2, category 1) of placement/fft-shared,
// the batched 1024-point FFT of seed 000's FFT case study: the same algorithm, threads (64,1) per
// transform and exchange layouts, but the two exchange arrays are a per-block region of a global
// scratch buffer (2 x 1088 words per block at scratch + 2176 blockIdx.x), cached implicitly by
// the L1D, instead of shared memory. The barriers stay: threads read what others wrote.
// The algorithm and layouts: ../fft-shared/fft_device.cuh.

#include "../fft-shared/fft_device.cuh"

extern "C" __global__ void __launch_bounds__(FFT_THREADS)
    fft1024_dcache_kernel(const float2* in, float2* out, const float2* base, float* scratch) {
  const int offset = blockIdx.x * FFT_N;
  float* re = scratch + blockIdx.x * (2 * FFT_EXCHANGE_WORDS);
  fft1024_block(in + offset, out + offset, base, re, re + FFT_EXCHANGE_WORDS);
}
