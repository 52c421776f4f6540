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
  kGlobalCa,  // ld.global.ca: through the L1 data cache where the GPU caches global loads
  kGlobalCg,  // ld.global.cg: past the L1, cached in L2 only
  kTexture,   // tex1Dfetch on a linear texture: the texture L1
  kReadOnly,  // ld.global.nc (__ldg): the read-only data cache
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
  // Count mode: the recorded loads are counted in this many equal windows (records must be a
  // multiple), ChaseTrace::slow_windows holding each one's count. A device runs each window as
  // a launch of its own that goes on from the load where the last one stopped, so the cache
  // keeps its state between windows only where the level chased does between kernels (the L2);
  // each window after the first starts with `window_warmup` untimed loads of its own, which
  // evict what the launch itself brought in (its code, parameters, the counts' buffer).
  std::uint32_t count_windows = 1;
  std::uint32_t window_warmup = 0;
};

// Per recorded load: its latency in core cycles, with the cost of the timing code itself
// subtracted (the latency of an L1 hit is the L1 hit latency), and the word index it returned.
// A Chaser returns exactly `records` entries (an implementation whose device cannot hold them
// in one launch repeats the chase from the start over several launches, each recording its
// window after the same loads before it).
struct ChaseTrace {
  std::vector<std::uint32_t> latency;
  std::vector<std::uint64_t> index;
  std::uint64_t slow = 0;                   // count_above mode: all windows
  std::vector<std::uint64_t> slow_windows;  // count_above mode: per window
  double latency_sum = 0;                   // over the recorded loads, both modes
  std::uint64_t array = 0;                  // the chased array's device address
};

using Chaser = std::function<ChaseTrace(const ChaseSpec&)>;

// The orders the paper's experiments use.
std::vector<std::uint64_t> uniform_order(std::uint64_t array_bytes, std::uint64_t stride_bytes);

class Device;

// What the timing code around each load costs on a device (clock; store; clock, measured by the
// calibration kernels with no load in between): the cycles run_chase subtracts from every raw
// time, for record mode and for count mode (each mode's own loop, calibrated on its own).
struct ChaseOverhead {
  double record = 0;
  double count = 0;
};
ChaseOverhead calibrate_chase(Device& device);

// Runs a chase on `device` (microbench/kernels/chase.cu: the kernel of spec.path) and returns
// its trace with `overhead` subtracted. The array (and, for kTexture, a texture over it) is
// allocated for the call and freed after it. Throws std::invalid_argument for a spec whose
// order is empty or leaves the array, std::runtime_error for what the device refuses.
ChaseTrace run_chase(Device& device, const ChaseSpec& spec, const ChaseOverhead& overhead);
// The same, calibrating first.
ChaseTrace run_chase(Device& device, const ChaseSpec& spec);
// A Chaser on `device`, calibrated once now. Its chases all use one array (at one address),
// allocated again only when a chase needs more bytes than any before.
Chaser device_chaser(Device& device);

}  // namespace warpsim::probe
