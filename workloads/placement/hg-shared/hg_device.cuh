// Device code shared by placement/hg-shared and placement/hg-dcache: the CUDA SDK's histogram64
// (histogram64Kernel + mergeHistogram64Kernel) with the per-thread sub-histograms and the merge
// buffer at an address the kernel passes in, so that the two versions differ only in where that
// storage lives (shared memory, or a per-block region of a global scratch array).
//
// histogram64: blocks of 64 threads (the SDK's HISTOGRAM64_THREADBLOCK_SIZE = 4 x 16 banks).
// Each thread owns a byte-wide sub-histogram of 64 bins, stored thread-interleaved: bin b of
// the thread at position p is byte b * 64 + p of the block's 4096-byte array, so the 64
// counters of one bin fill 16 consecutive 32-bit words. The position permutes the thread index
// as the SDK does, p = (t & 15) * 4 + (t & 48) / 16, so that threads t and t + 16k share a
// word (different bytes) and the 16 threads of a half-warp fall in 16 different words (banks
// of a 16-bank shared memory). The block clears the array (32-bit words), waits, reads 32-bit
// words of the input in a grid-stride loop and counts each byte's upper 6 bits (value >> 2),
// waits, and then thread b sums bin b's 64 counters (starting at word b & 15, rotating, as the
// SDK does to spread the banks) into the block's partial histogram in global memory. A thread
// reads 32 words (128 bytes) at Table 2.2's shape, so a byte counter never wraps (the SDK
// sizes its grid so that a thread sees at most 255 bytes).
// merge64: 64 blocks of 256 threads, one per bin: each thread sums the bin over a strided
// share of the partial histograms, and a tree reduction in a 256-word buffer (barrier before
// every step) gives the bin's total.

#pragma once

#define HG_BINS 64
#define HG_THREADS 64
#define HG_MERGE_THREADS 256

__device__ __forceinline__ void hg_add_byte(unsigned char* thread_base, unsigned bin) {
  thread_base[bin * HG_THREADS] += 1;
}

// One 32-bit word of input: the upper 6 bits of each of its 4 bytes.
__device__ __forceinline__ void hg_add_word(unsigned char* thread_base, unsigned word) {
  hg_add_byte(thread_base, (word >> 2) & 0x3Fu);
  hg_add_byte(thread_base, (word >> 10) & 0x3Fu);
  hg_add_byte(thread_base, (word >> 18) & 0x3Fu);
  hg_add_byte(thread_base, (word >> 26) & 0x3Fu);
}

// The body of histogram64 on the block's sub-histogram array `hist` (HG_BINS x HG_THREADS bytes,
// 4-byte aligned).
__device__ __forceinline__ void hg_histogram64(unsigned char* hist, unsigned* partial,
                                               const unsigned* data, int words) {
  const unsigned t = threadIdx.x;
  const unsigned pos = ((t & 15u) << 2) | ((t & 48u) >> 4);
  unsigned char* thread_base = hist + pos;
#pragma unroll
  for (unsigned i = 0; i < HG_BINS / 4; ++i)
    reinterpret_cast<unsigned*>(hist)[t + i * HG_THREADS] = 0;
  __syncthreads();
  for (int p = blockIdx.x * blockDim.x + t; p < words; p += blockDim.x * gridDim.x)
    hg_add_word(thread_base, data[p]);
  __syncthreads();
  if (t < HG_BINS) {
    const unsigned char* bin_base = hist + t * HG_THREADS;
    unsigned sum = 0;
    unsigned at = 4 * (t & 15u);
#pragma unroll
    for (unsigned i = 0; i < HG_THREADS / 4; ++i) {
      sum += bin_base[at + 0] + bin_base[at + 1] + bin_base[at + 2] + bin_base[at + 3];
      at = (at + 4) & (HG_THREADS - 1);
    }
    partial[blockIdx.x * HG_BINS + t] = sum;
  }
}

// The body of merge64 for bin blockIdx.x, reducing in `buffer` (HG_MERGE_THREADS words).
__device__ __forceinline__ void hg_merge64(unsigned* buffer, unsigned* histogram,
                                           const unsigned* partial, int histograms) {
  const unsigned t = threadIdx.x;
  unsigned sum = 0;
  for (int i = t; i < histograms; i += HG_MERGE_THREADS) sum += partial[blockIdx.x + i * HG_BINS];
  buffer[t] = sum;
  for (unsigned stride = HG_MERGE_THREADS / 2; stride > 0; stride >>= 1) {
    __syncthreads();
    if (t < stride) buffer[t] += buffer[t + stride];
  }
  if (t == 0) histogram[blockIdx.x] = buffer[0];
}
