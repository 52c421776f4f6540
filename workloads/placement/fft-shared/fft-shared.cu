// placement/fft-shared: batched 1024-point radix-16/16/4 FFT of complex floats, the on-chip-
// optimized version (Volkov and Kazian 2008) of seed 000 Ch. 2's FFT case study (Table 2.2:
// "FFT radix-4 1D", threads (64,1), blocks (4096,1), 1k-point, batch 4k). One block of 64 threads
// per transform, 16 points per thread in registers, the exchanges between passes through 8.5 KB
// of shared memory (two padded float arrays of 1088 words: Fermi fits 5 such blocks per SM).
// The algorithm and layouts: ./fft_device.cuh.

#include "fft_device.cuh"

extern "C" __global__ void __launch_bounds__(FFT_THREADS)
    fft1024_shared_kernel(const float2* in, float2* out, const float2* base) {
  __shared__ float re[FFT_EXCHANGE_WORDS];
  __shared__ float im[FFT_EXCHANGE_WORDS];
  const int offset = blockIdx.x * FFT_N;
  fft1024_block(in + offset, out + offset, base, re, im);
}
