// Shared-memory latency microbenchmarks of seed 003 (Mei & Chu, §2.9):
//
//   shared_chase           one thread chases pointers through shared memory: the latency of a
//                          conflict-free access
//   bank_conflict          one warp, lane t chasing its own word offsets[t]: 64 dependent
//                          accesses whose conflict degree the offsets set, timed as a whole
//   bank_conflict_calibrate  the same timing code without the accesses
//
// The shared words hold their own .shared addresses (pointers), so each access is one ld.shared
// with no address arithmetic between it and the next.

#include "timing.cuh"

extern __shared__ unsigned shared_words[];

namespace {
constexpr int kConflictAccesses = 64;  // per timed run of bank_conflict (§2.9: 64 accesses)
}  // namespace

// words: the array size in 4-byte words (dynamic shared memory of words * 4 bytes); word k
// points to word (k + stride) mod words. All warmup + records loads run through the same timed
// code (so the instruction cache is warm when counting starts); the last `records` are counted.
// summary_out (64-bit): [0] records, [1] the sum of their raw times, [2] the smallest, [3] the
// largest.
extern "C" __global__ void shared_chase(unsigned long long words, unsigned long long stride,
                                        unsigned long long warmup, unsigned long long records,
                                        unsigned long long summary_out) {
  __shared__ unsigned sink;
  const unsigned n = static_cast<unsigned>(words);
  for (unsigned k = 0; k < n; ++k) {
    shared_words[k] = shared_address(&shared_words[(k + stride) % n]);
  }
  unsigned j = shared_address(&shared_words[0]);
  const unsigned sink_address = shared_address(&sink);
  unsigned long long sum = 0;
  unsigned smallest = ~0u;
  unsigned largest = 0;
  const unsigned long long total = warmup + records;
#pragma unroll 1
  for (unsigned long long i = 0; i < total; ++i) {
    const unsigned t0 = read_clock();
    j = load_shared(j);
    store_shared(sink_address, j);
    const unsigned t1 = read_clock();
    const unsigned latency = t1 - t0;
    if (i >= warmup) {
      sum += latency;
      smallest = min(smallest, latency);
      largest = max(largest, latency);
    }
  }
  unsigned long long* summary = reinterpret_cast<unsigned long long*>(summary_out);
  summary[0] = records;
  summary[1] = sum;
  summary[2] = smallest;
  summary[3] = largest;
}

// One warp. offsets: 32 word offsets (unsigned int), one per lane, into dynamic shared memory
// of `words` words; the 32 words after them are where the lanes store their results. Each lane's
// word points to itself, so its loads are dependent and all hit the same word; the warp's
// accesses have the conflict degree of the 32 offsets. The 64 accesses run twice (the first
// time warms the instruction cache); out[0] is the second run's cycles, timing code included.
// bank_conflict_calibrate times the same code without the accesses.
template <int kAccesses>
__device__ void time_accesses(unsigned long long offsets, unsigned long long words,
                              unsigned long long out) {
  const unsigned lane = threadIdx.x;
  const unsigned word = reinterpret_cast<const unsigned*>(offsets)[lane];
  const unsigned j0 = shared_address(&shared_words[word]);
  shared_words[word] = j0;
  // Both addresses are ready before the barrier, so neither is waited for inside the timing.
  const unsigned sink_address = pinned(shared_address(&shared_words[words + lane]));
  unsigned j = pinned(j0);
  __syncthreads();
  unsigned cycles = 0;
#pragma unroll 1
  for (int pass = 0; pass < 2; ++pass) {
    const unsigned t0 = read_clock();
#pragma unroll
    for (int k = 0; k < kAccesses; ++k) j = load_shared(j);
    store_shared(sink_address, j);
    const unsigned t1 = read_clock();
    cycles = t1 - t0;
  }
  if (lane == 0) reinterpret_cast<unsigned*>(out)[0] = cycles;
}

extern "C" __global__ void bank_conflict(unsigned long long offsets, unsigned long long words,
                                         unsigned long long out) {
  time_accesses<kConflictAccesses>(offsets, words, out);
}

extern "C" __global__ void bank_conflict_calibrate(unsigned long long offsets,
                                                   unsigned long long words,
                                                   unsigned long long out) {
  time_accesses<0>(offsets, words, out);
}
