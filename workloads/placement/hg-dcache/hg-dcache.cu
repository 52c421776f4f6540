// placement/hg-dcache: the D-cache version of the CUDA SDK's histogram64 (seed 000 Ch. 2,
// category 1: shared memory used for communication between threads). The sub-histograms,
// cleared and summed across threads, move to a per-block 4096-byte region of a global scratch
// array (block b at scratch + 4096 b), and the merge kernel's reduction buffer to a per-block
// 256-word region of another; the code, the thread-interleaved layout and the barriers
// (still needed: the clear, the counting and the sums touch other threads' bytes) are those of
// placement/hg-shared (../hg-shared/hg_device.cuh). The byte counters are now read-modify-write
// byte loads and stores to global memory through the L1D. No shared memory.

#include "../hg-shared/hg_device.cuh"

extern "C" __global__ void hg_dcache_histogram64(unsigned* partial, const unsigned* data, int words,
                                                 unsigned char* scratch) {
  hg_histogram64(scratch + blockIdx.x * (HG_BINS * HG_THREADS), partial, data, words);
}

extern "C" __global__ void hg_dcache_merge64(unsigned* histogram, const unsigned* partial,
                                             int histograms, unsigned* scratch) {
  hg_merge64(scratch + blockIdx.x * HG_MERGE_THREADS, histogram, partial, histograms);
}
