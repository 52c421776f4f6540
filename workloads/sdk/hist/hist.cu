// sdk/hist: the CUDA SDK's histogram sample (histogram256) as seed 000 ch. 6 runs it as HIST
// (Table 6.2: 128 threads and 1024 blocks, 29 registers, 16 KB of shared memory per block):
// a 256-bin histogram of the bytes of the input.
//
// histogram256_kernel: each warp owns sub-histograms in shared memory and adds the 4 bytes of
// every 32-bit word its threads read (a grid-stride loop over the input, as the SDK's); then the
// block sums its sub-histograms into its partial histogram in global memory.
// merge_histogram256_kernel: one block of 256 threads (the SDK's MERGE_THREADBLOCK_SIZE) per bin
// sums that bin over the partial histograms (strided loads, then a tree in shared memory).
//
// Sub-histogram updates are the SDK's tagged updates, not shared-memory atomics: the SDK of
// GPGPU-Sim 3.2.2's time (the cutil-era releases) builds histogram256 with USE_SMEM_ATOMICS 0,
// and the retry loop is part of the kernel's instruction stream that ch. 6 measures. A thread
// writes its count + 1 with its lane in the top 5 bits (27-bit counters) and reads the word
// back; when several lanes of a warp hit the same bin, one write wins and the others retry.
// This relies on each warp owning its sub-histograms and on its lanes storing, then loading,
// together (warp-synchronous execution).
//
// Footprint: the SDK's block holds one 256-bin sub-histogram per warp (1 KB). At Table 6.2's 128
// threads that is 4 KB; the table's 16 KB per block (which holds Fermi's 48 KB to 3 blocks per
// SM) is ours to fill, and we do it with one sub-histogram per warp and byte position of the
// word (4 warps x 4 positions x 256 bins x 4 B = 16 KB): the 4 updates of a word go to 4
// different arrays. Sizes are kernel parameters; the shape of the shared arrays is fixed here.

#define HIST_BINS 256
#define HIST_WARPS 4
#define HIST_BYTES_PER_WORD 4
#define HIST_THREADS (HIST_WARPS * 32)
#define HIST_SHARED_WORDS (HIST_WARPS * HIST_BYTES_PER_WORD * HIST_BINS)
#define LOG2_WARP_SIZE 5
#define TAG_MASK ((1u << (32 - LOG2_WARP_SIZE)) - 1u)
#define MERGE_THREADS 256

// Adds one to `bin` of a warp's sub-histogram with the tagged retry loop.
__device__ __forceinline__ void add_byte(volatile unsigned* warp_hist, unsigned bin, unsigned tag) {
  unsigned count;
  do {
    count = tag | ((warp_hist[bin] & TAG_MASK) + 1u);
    warp_hist[bin] = count;
  } while (warp_hist[bin] != count);
}

extern "C" __global__ void histogram256_kernel(unsigned* partial, const unsigned* data,
                                               int word_count) {
  __shared__ unsigned hist[HIST_SHARED_WORDS];
  for (int i = threadIdx.x; i < HIST_SHARED_WORDS; i += HIST_THREADS) hist[i] = 0;
  __syncthreads();
  const unsigned lane = threadIdx.x & 31u;
  const unsigned tag = lane << (32 - LOG2_WARP_SIZE);
  volatile unsigned* warp_hist =
      hist + (threadIdx.x >> LOG2_WARP_SIZE) * HIST_BYTES_PER_WORD * HIST_BINS;
  for (int pos = blockIdx.x * blockDim.x + threadIdx.x; pos < word_count;
       pos += blockDim.x * gridDim.x) {
    const unsigned word = data[pos];
    add_byte(warp_hist, word & 0xFFu, tag);
    add_byte(warp_hist + HIST_BINS, (word >> 8) & 0xFFu, tag);
    add_byte(warp_hist + 2 * HIST_BINS, (word >> 16) & 0xFFu, tag);
    add_byte(warp_hist + 3 * HIST_BINS, word >> 24, tag);
  }
  __syncthreads();
  // Each thread sums bins threadIdx.x and threadIdx.x + 128 over the 16 sub-histograms.
  for (int bin = threadIdx.x; bin < HIST_BINS; bin += HIST_THREADS) {
    unsigned sum = 0;
    for (int h = 0; h < HIST_WARPS * HIST_BYTES_PER_WORD; ++h)
      sum += hist[h * HIST_BINS + bin] & TAG_MASK;
    partial[blockIdx.x * HIST_BINS + bin] = sum;
  }
}

extern "C" __global__ void merge_histogram256_kernel(unsigned* histogram, const unsigned* partial,
                                                     int partial_count) {
  __shared__ unsigned sums[MERGE_THREADS];
  unsigned sum = 0;
  for (int i = threadIdx.x; i < partial_count; i += MERGE_THREADS)
    sum += partial[i * HIST_BINS + blockIdx.x];
  sums[threadIdx.x] = sum;
  for (int stride = MERGE_THREADS / 2; stride > 0; stride >>= 1) {
    __syncthreads();
    if (threadIdx.x < stride) sums[threadIdx.x] += sums[threadIdx.x + stride];
  }
  if (threadIdx.x == 0) histogram[blockIdx.x] = sums[0];
}
