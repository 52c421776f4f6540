// placement/sto-dcache: the "D-cache version" of placement/sto-shared (StoreGPU's sliding-window
// MD5), after seed 000 (Chao Li's thesis, Ch. 2, category 2: a shared array that only serves a
// thread's own reuse becomes a local array; Ch. 3 pattern 2): the thread's 16-word message block,
// which the original stages in its own column of a shared array, is a thread-local array
// x[16]. The words up to the chunk's end are written in a loop with a run-time trip count
// (the chunk size is a kernel parameter), so the array is indexed at run time and nvcc keeps it
// in local memory (64 B per thread, interleaved per lane and cached by the L1D) rather than in
// registers. No shared memory, so only registers and the block limit bound the blocks per SM
// (seed 000: STO is capped at 4 blocks per SM by registers on the GTX480).
// Everything else, the launch included, is as placement/sto-shared (../sto-shared/sto_host.h).

#include "../sto-shared/sto_device.cuh"

extern "C" __global__ void sto_dcache_md5(const unsigned* input, int chunk_size, int offset,
                                          int total_threads, unsigned* output) {
  unsigned x[16];
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= total_threads) return;
  output[t] = sto_md5_chunk<1>(x, input + t * (offset / 4), chunk_size);
}
