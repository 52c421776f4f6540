// placement/hg-shared: the CUDA SDK's histogram64 as the shared-memory version of seed 000
// Ch. 2's HG: the 64 threads' byte-wide sub-histograms (4096 B) in shared memory, and the merge
// kernel's reduction buffer (1 KB) too (device code in hg_device.cuh; launches and check in
// hg_host.h).

#include "hg_device.cuh"

extern "C" __global__ void hg_shared_histogram64(unsigned* partial, const unsigned* data,
                                                 int words) {
  __shared__ __align__(4) unsigned char s_hist[HG_BINS * HG_THREADS];
  hg_histogram64(s_hist, partial, data, words);
}

extern "C" __global__ void hg_shared_merge64(unsigned* histogram, const unsigned* partial,
                                             int histograms) {
  __shared__ unsigned s_data[HG_MERGE_THREADS];
  hg_merge64(s_data, histogram, partial, histograms);
}
