// placement/sto-shared: StoreGPU's sliding-window MD5 (Al-Kiswany et al., HPDC 2008), the
// shared-memory version of seed 000's STO (Chao Li's thesis, Ch. 2, Table 2.2: threads (128,1),
// blocks (384,1), input 196656 bytes; category 2, intra-thread reuse). As the original kernel
// (md5_overlap, built with FEATURE_SHARED_MEMORY), each thread stages its message block in its
// own 16 words of a shared array: each warp owns 512 words, word k of lane l at 32 k + l (so a
// warp's accesses to one word are conflict-free), and the array is the original's 4 x 1024 - 32
// words = 16256 B per block, which allows 3 blocks per SM beside 48 KB of shared memory (seed 000
// Table 6.2: STO, 16 KB of shared memory, 3 active blocks). No barrier: nothing is shared.
// placement/sto-dcache is the same kernel with the block in a thread-local array.
// Launch, sizes and check: sto_host.h.

#include "sto_device.cuh"

// Thread t hashes the chunk_size bytes at byte t * offset of `input` and writes the first word of
// their MD5 digest to output[t] (threads past total_threads do nothing).
extern "C" __global__ void sto_shared_md5(const unsigned* input, int chunk_size, int offset,
                                          int total_threads, unsigned* output) {
  __shared__ unsigned shared_words[STO_SHARED_WORDS];
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= total_threads) return;
  unsigned* x = shared_words + (threadIdx.x >> 5) * STO_WARP_WORDS + (threadIdx.x & 31);
  output[t] = sto_md5_chunk<32>(x, input + t * (offset / 4), chunk_size);
}
