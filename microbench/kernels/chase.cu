// The fine-grained pointer chase of seed 003 (Mei & Chu, "Dissecting GPU Memory Hierarchy
// through Microbenchmarking", §2.3): one thread follows j = A[j] through an array of 4-byte
// words and times every load on its own with %clock, one kernel per load instruction:
//
//   chase_ca   ld.global.ca        (the L1 data cache, where the GPU caches global loads)
//   chase_cg   ld.global.cg        (past the L1: the L2)
//   chase_nc   ld.global.nc        (__ldg: the read-only data cache)
//   chase_tex  tex.1d.v4.u32.s32   (tex1Dfetch<unsigned> on a texture object: the texture L1)
//
// Per recorded load: t0 = clock; j = load(j); store j to shared memory; t1 = clock. The store
// needs the loaded value, so the second clock waits for the load. Latencies (16 bits, saturated)
// and indices (32 bits) stay in dynamic shared memory until the chase ends, 6 bytes a record.
// chase_calibrate and chase_count_calibrate run the same code without the load: their times are
// what the host subtracts. Count mode (chase_count_*) keeps no record, only the number of loads
// slower than a threshold and the sum of all latencies, for chases longer than shared memory
// holds (the L2). Every timed loop is kept rolled (one load per iteration), so a chase and its
// calibration run the same instructions around the load.
//
// Parameters (all 8 bytes): array (the device address of A, or the texture object), start (the
// first index), skip (loads before recording starts: warm-up, and the windows of earlier
// launches), records, then the outputs.

#include "timing.cuh"

namespace {

constexpr unsigned kMaxLatency = 0xffff;

// Each path says how the index becomes the load's operand (outside the timed region) and how
// the load is done (inside it).
struct GlobalCa {
  using Operand = const unsigned*;
  __device__ static Operand operand(unsigned long long array, unsigned j) {
    return reinterpret_cast<const unsigned*>(array) + j;
  }
  __device__ static unsigned load(unsigned long long, Operand p) {
    unsigned v;
    asm volatile("ld.global.ca.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
  }
};

struct GlobalCg {
  using Operand = const unsigned*;
  __device__ static Operand operand(unsigned long long array, unsigned j) {
    return reinterpret_cast<const unsigned*>(array) + j;
  }
  __device__ static unsigned load(unsigned long long, Operand p) {
    unsigned v;
    asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
  }
};

struct GlobalNc {
  using Operand = const unsigned*;
  __device__ static Operand operand(unsigned long long array, unsigned j) {
    return reinterpret_cast<const unsigned*>(array) + j;
  }
  __device__ static unsigned load(unsigned long long, Operand p) {
    unsigned v;
    asm volatile("ld.global.nc.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
  }
};

struct Texture {
  using Operand = unsigned;
  __device__ static Operand operand(unsigned long long, unsigned j) { return j; }
  __device__ static unsigned load(unsigned long long texture, Operand j) {
    unsigned v[4];
    asm volatile("tex.1d.v4.u32.s32 {%0, %1, %2, %3}, [%4, {%5}];"
                 : "=r"(v[0]), "=r"(v[1]), "=r"(v[2]), "=r"(v[3])
                 : "l"(texture), "r"(j)
                 : "memory");
    return v[0];
  }
};

// The timing code with no load: what every recorded time includes besides the load.
struct NoLoad {
  using Operand = unsigned;
  __device__ static Operand operand(unsigned long long, unsigned j) { return j; }
  __device__ static unsigned load(unsigned long long, Operand j) { return j; }
};

// Shared memory: indices[records] then latencies[records]. The first `skip` loads run through the
// same timed code (so the instruction cache is warm when recording starts) into slot 0, which
// the first recorded load then overwrites.
template <typename Path>
__device__ void chase_records(unsigned long long array, unsigned long long start,
                              unsigned long long skip, unsigned long long records,
                              unsigned long long latency_out, unsigned long long index_out) {
  extern __shared__ unsigned shared_words[];
  unsigned* indices = shared_words;
  unsigned short* latencies = reinterpret_cast<unsigned short*>(shared_words + records);
  unsigned j = static_cast<unsigned>(start);
  typename Path::Operand operand = pinned(Path::operand(array, j));
  const unsigned index_base = shared_address(indices);
  unsigned index_address = index_base;
  unsigned slot = 0;
  const unsigned long long total = skip + records;
#pragma unroll 1
  for (unsigned long long i = 0; i < total; ++i) {
    const unsigned t0 = read_clock();
    j = Path::load(array, operand);
    store_shared(index_address, j);
    const unsigned t1 = read_clock();
    latencies[slot] = static_cast<unsigned short>(min(t1 - t0, kMaxLatency));
    operand = pinned(Path::operand(array, j));
    slot = i + 1 > skip ? static_cast<unsigned>(i + 1 - skip) : 0;
    index_address = pinned(index_base + 4 * slot);
  }
  unsigned* latency_words = reinterpret_cast<unsigned*>(latency_out);
  unsigned* index_words = reinterpret_cast<unsigned*>(index_out);
  for (unsigned i = 0; i < records; ++i) {
    latency_words[i] = latencies[i];
    index_words[i] = indices[i];
  }
}

// summary_out: [0] recorded loads slower than `above` cycles (raw, overhead included), [1] the
// sum of their raw latencies, both 64-bit. The first `skip` loads are timed but not counted.
template <typename Path>
__device__ void chase_count(unsigned long long array, unsigned long long start,
                            unsigned long long skip, unsigned long long records,
                            unsigned long long above, unsigned long long summary_out) {
  extern __shared__ unsigned shared_words[];  // [0]: where each loaded index is stored
  unsigned j = static_cast<unsigned>(start);
  typename Path::Operand operand = pinned(Path::operand(array, j));
  const unsigned sink_address = shared_address(&shared_words[0]);
  unsigned long long slow = 0;
  unsigned long long sum = 0;
  const unsigned long long total = skip + records;
#pragma unroll 1
  for (unsigned long long i = 0; i < total; ++i) {
    const unsigned t0 = read_clock();
    j = Path::load(array, operand);
    store_shared(sink_address, j);
    const unsigned t1 = read_clock();
    const unsigned long long counted = i >= skip ? 1 : 0;
    const unsigned latency = t1 - t0;
    sum += counted * latency;
    slow += latency > above ? counted : 0;
    operand = pinned(Path::operand(array, j));
  }
  unsigned long long* summary = reinterpret_cast<unsigned long long*>(summary_out);
  summary[0] = slow;
  summary[1] = sum;
}

}  // namespace

#define WARPSIM_CHASE_KERNELS(suffix, Path)                                                       \
  extern "C" __global__ void chase_##suffix(                                                      \
      unsigned long long array, unsigned long long start, unsigned long long skip,                \
      unsigned long long records, unsigned long long latency_out, unsigned long long index_out) { \
    chase_records<Path>(array, start, skip, records, latency_out, index_out);                     \
  }                                                                                               \
  extern "C" __global__ void chase_count_##suffix(                                                \
      unsigned long long array, unsigned long long start, unsigned long long skip,                \
      unsigned long long records, unsigned long long above, unsigned long long summary_out) {     \
    chase_count<Path>(array, start, skip, records, above, summary_out);                           \
  }

WARPSIM_CHASE_KERNELS(ca, GlobalCa)
WARPSIM_CHASE_KERNELS(cg, GlobalCg)
WARPSIM_CHASE_KERNELS(nc, GlobalNc)
WARPSIM_CHASE_KERNELS(tex, Texture)

// The same code without the load (`array` is unused): its times are the cost of "clock; store;
// clock" that every recorded time includes, which the host subtracts.
WARPSIM_CHASE_KERNELS(calibrate, NoLoad)
