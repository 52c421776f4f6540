// scratchpad/hg: a byte histogram with per-thread 8-bit counters, after the histogram kernel of
// Yang et al.'s shared-memory multiplexing study as seed 002 (Jatala et al., Tables 7 and 8: HG,
// BIN_SIZE 128 -> 224, THREAD 64 -> 32; 1 variable, 7168 B, 32 threads) runs it. Each block counts
// a chunk of 32 x 252 bytes: thread t counts every 32nd byte from t into its own column of
// s_hist[224][32] (one byte per counter: at most 252 counts, so none overflows), then each thread
// adds the 32 columns of seven bins and writes the block's partial histogram.

constexpr int kBins = 224;
constexpr int kThreads = 32;
constexpr int kBatch = 252;  // bytes per thread: below 256, so a byte counter never wraps

extern "C" __global__ void histogram224(unsigned* partial, const unsigned char* data, int count) {
  __shared__ __align__(4) unsigned char s_hist[kBins * kThreads];
  const int tid = threadIdx.x;
  unsigned* words = reinterpret_cast<unsigned*>(s_hist);
  for (int i = tid; i < kBins * kThreads / 4; i += kThreads) words[i] = 0;
  __syncthreads();
  const int base = blockIdx.x * kThreads * kBatch;
  for (int k = 0; k < kBatch; ++k) {
    const int index = base + k * kThreads + tid;
    if (index < count) ++s_hist[data[index] * kThreads + tid];
  }
  __syncthreads();
  for (int bin = tid; bin < kBins; bin += kThreads) {
    unsigned sum = 0;
    for (int t = 0; t < kThreads; ++t) sum += s_hist[bin * kThreads + t];
    partial[blockIdx.x * kBins + bin] = sum;
  }
}
