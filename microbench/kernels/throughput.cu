// Throughput microbenchmarks of seed 003 (Mei & Chu, §2.6 and §2.8), one kernel per ILP (the
// words each thread has in flight at once), ILP in {1, 2, 4, 6, 8}:
//
//   global_copy_ilpN  the whole grid copies `words` 4-byte words from src to dst; in each
//                     iteration a thread loads N words, then stores them (grid-stride, so a
//                     warp's accesses are coalesced). Timed by the host: the launch's cycles.
//                     `words` must be a multiple of (grid threads) * N.
//   shared_copy_ilpN  each CTA copies N words per thread from one half of its dynamic shared
//                     memory (2 * N * blockDim words) to the other, `iterations` times, timed
//                     per CTA with __syncthreads() + clock(); out[4 * cta ..] = %smid, start,
//                     end (the host takes each SM's span over its CTAs).

#include "timing.cuh"

namespace {

__device__ __forceinline__ unsigned sm_id() {
  unsigned id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}

// `words` is a multiple of (grid threads) * kIlp (the host rounds it), so no access needs a
// bounds check.
template <int kIlp>
__device__ void global_copy(unsigned long long src, unsigned long long dst,
                            unsigned long long words) {
  const unsigned* in = reinterpret_cast<const unsigned*>(src);
  unsigned* out = reinterpret_cast<unsigned*>(dst);
  const unsigned long long threads = static_cast<unsigned long long>(gridDim.x) * blockDim.x;
  const unsigned long long step = threads * kIlp;
  for (unsigned long long base = blockIdx.x * blockDim.x + threadIdx.x; base < words;
       base += step) {
    unsigned v[kIlp];
#pragma unroll
    for (int k = 0; k < kIlp; ++k) v[k] = in[base + k * threads];
#pragma unroll
    for (int k = 0; k < kIlp; ++k) out[base + k * threads] = v[k];
  }
}

// Volatile, so every iteration's accesses happen although they copy the same words again.
template <int kIlp>
__device__ void shared_copy(unsigned long long iterations, unsigned long long out) {
  extern __shared__ unsigned shared_words[];
  volatile unsigned* from = shared_words;
  volatile unsigned* to = shared_words + kIlp * blockDim.x;
  const unsigned t = threadIdx.x;
#pragma unroll
  for (int k = 0; k < kIlp; ++k) from[k * blockDim.x + t] = t + k;
  __syncthreads();
  const unsigned start = read_clock();
  for (unsigned long long it = 0; it < iterations; ++it) {
    unsigned v[kIlp];
#pragma unroll
    for (int k = 0; k < kIlp; ++k) v[k] = from[k * blockDim.x + t];
#pragma unroll
    for (int k = 0; k < kIlp; ++k) to[k * blockDim.x + t] = v[k];
  }
  __syncthreads();
  const unsigned end = read_clock();
  if (t == 0) {
    unsigned* record = reinterpret_cast<unsigned*>(out) + 4 * blockIdx.x;
    record[0] = sm_id();
    record[1] = start;
    record[2] = end;
    record[3] = 0;
  }
}

}  // namespace

#define WARPSIM_THROUGHPUT_KERNELS(ilp)                                                           \
  extern "C" __global__ void global_copy_ilp##ilp(unsigned long long src, unsigned long long dst, \
                                                  unsigned long long words) {                     \
    global_copy<ilp>(src, dst, words);                                                            \
  }                                                                                               \
  extern "C" __global__ void shared_copy_ilp##ilp(unsigned long long iterations,                  \
                                                  unsigned long long out) {                       \
    shared_copy<ilp>(iterations, out);                                                            \
  }

WARPSIM_THROUGHPUT_KERNELS(1)
WARPSIM_THROUGHPUT_KERNELS(2)
WARPSIM_THROUGHPUT_KERNELS(4)
WARPSIM_THROUGHPUT_KERNELS(6)
WARPSIM_THROUGHPUT_KERNELS(8)
