// scratchpad/histogram: byte histogram with per-warp sub-histograms in shared memory, after the
// CUDA SDK's histogram sample (histogram256Kernel + mergeHistogram256Kernel) as seed 002
// (Jatala et al., scratchpad sharing) patches it: its Table 3 raises the bin count 256 -> 384,
// so that a block's 6 warp sub-histograms take 6 x 384 x 4 B = 9216 B (Table 1). Bytes still
// take values 0..255, so bins 256..383 are counted (as zero) but never hit, as in the patched SDK.
//
// histogram_block_kernel: blocks of 6 warps (192 threads); each warp owns one sub-histogram and
// adds the 4 bytes of every 32-bit word its threads read (a grid-stride loop over the input) with
// shared-memory atomicAdd (the SDK's older versions emulate it with a tagged retry loop); then
// the block sums its 6 sub-histograms into its partial histogram in global memory.
// histogram_merge_kernel: one block of 256 threads per bin sums that bin over the partial
// histograms (strided loads, then a tree reduction in shared memory).

#define HIST_BINS 384
#define HIST_WARPS 6
#define MERGE_THREADS 256

extern "C" __global__ void histogram_block_kernel(unsigned* partial, const unsigned* data,
                                                  int word_count) {
  __shared__ unsigned hist[HIST_WARPS * HIST_BINS];
  for (int i = threadIdx.x; i < HIST_WARPS * HIST_BINS; i += blockDim.x) hist[i] = 0;
  __syncthreads();
  unsigned* warp_hist = hist + (threadIdx.x / 32) * HIST_BINS;
  for (int pos = blockIdx.x * blockDim.x + threadIdx.x; pos < word_count;
       pos += blockDim.x * gridDim.x) {
    const unsigned word = data[pos];
    atomicAdd(&warp_hist[word & 0xFFu], 1u);
    atomicAdd(&warp_hist[(word >> 8) & 0xFFu], 1u);
    atomicAdd(&warp_hist[(word >> 16) & 0xFFu], 1u);
    atomicAdd(&warp_hist[word >> 24], 1u);
  }
  __syncthreads();
  for (int bin = threadIdx.x; bin < HIST_BINS; bin += blockDim.x) {
    unsigned sum = 0;
    for (int w = 0; w < HIST_WARPS; ++w) sum += hist[w * HIST_BINS + bin];
    partial[blockIdx.x * HIST_BINS + bin] = sum;
  }
}

extern "C" __global__ void histogram_merge_kernel(unsigned* histogram, const unsigned* partial,
                                                  int partial_count) {
  __shared__ unsigned sums[MERGE_THREADS];
  unsigned sum = 0;
  for (int i = threadIdx.x; i < partial_count; i += MERGE_THREADS)
    sum += partial[i * HIST_BINS + blockIdx.x];
  sums[threadIdx.x] = sum;
  for (int stride = MERGE_THREADS / 2; stride > 0; stride /= 2) {
    __syncthreads();
    if (threadIdx.x < stride) sums[threadIdx.x] += sums[threadIdx.x + stride];
  }
  if (threadIdx.x == 0) histogram[blockIdx.x] = sums[0];
}
