#pragma once

// The fine-grained pointer chase of seed 003 (Mei & Chu, "Dissecting GPU Memory Hierarchy
// through Microbenchmarking", §2.3): one thread of one CTA follows j = A[j] through an array of
// 4-byte words and records, for each load, its latency and the index it loaded. The inference
// code (infer_*.h) only sees this level: a Chaser that runs a ChaseSpec and returns the trace,
// so it can be tested against a software cache model as well as run on a Device.

#include <cstdint>
#include <functional>
#include <vector>

namespace warpsim::probe {

// The load instruction a chase uses.
enum class LoadPath {
  kGlobalCa,   // ld.global.ca: through the L1 data cache where the GPU caches global loads
  kGlobalCg,   // ld.global.cg: past the L1, cached in L2 only
  kTexture,    // tex1Dfetch on a linear texture: the texture L1
  kReadOnly,   // ld.global.nc (__ldg): the read-only data cache
};

struct ChaseSpec {
  LoadPath path = LoadPath::kGlobalCa;
  std::uint64_t array_bytes = 0;
  // Word indices in visiting order: A[order[i]] = order[i + 1], and the last points back to
  // order[0]. A uniform stride s over N words is order = {0, s, 2s, ...} (i * s < N).
  std::vector<std::uint64_t> order;
  std::uint32_t warmup = 0;   // loads run before recording starts (not timed)
  std::uint32_t records = 0;  // loads recorded after the warm-up
  // 0: record every load (ChaseTrace::latency/index). Otherwise count only: the trace's
  // vectors stay empty and `slow` counts the recorded loads slower than this many cycles, for
  // caches too big to record load by load (the L2).
  std::uint32_t count_above = 0;
};

// Per recorded load: its latency in core cycles, with the cost of the timing code itself
// subtracted (the latency of an L1 hit is the L1 hit latency), and the word index it returned.
// A Chaser returns exactly `records` entries (an implementation whose device cannot hold them
// in one launch repeats the chase from the start over several launches, each recording its
// window after the same loads before it).
struct ChaseTrace {
  std::vector<std::uint32_t> latency;
  std::vector<std::uint64_t> index;
  std::uint64_t slow = 0;          // count_above mode
  double latency_sum = 0;          // over the recorded loads, both modes
};

using Chaser = std::function<ChaseTrace(const ChaseSpec&)>;

// The orders the paper's experiments use.
std::vector<std::uint64_t> uniform_order(std::uint64_t array_bytes, std::uint64_t stride_bytes);

}  // namespace warpsim::probe
