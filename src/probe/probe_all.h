#pragma once

// The whole microbenchmark suite on one Device: the caches and TLBs inferred from fine-grained
// pointer chases (infer_cache.h, infer_tlb.h, infer_global.h), shared-memory latency and bank
// conflicts (shared_latency.h) and the throughput sweeps (bandwidth.h). `warpsim probe` runs it
// on the simulator, microbench/native on a GPU.

#include <array>
#include <functional>
#include <string>
#include <vector>

#include "probe/bandwidth.h"
#include "probe/chase.h"
#include "probe/device.h"
#include "probe/hierarchy.h"
#include "probe/infer_tlb.h"

namespace warpsim::probe {

// The parts of a probe, in the order they run. "global" needs the TLBs, so it also runs "tlb".
inline constexpr std::array<const char*, 8> kProbeParts = {
    "l1d", "texture", "readonly", "l2", "tlb", "global", "shared", "bandwidth"};

struct ProbeOptions {
  std::vector<std::string> only;  // parts to run (kProbeParts names); empty: all
  GlobalSweep global_sweep;
  SharedSweep shared_sweep;
  // The largest TLB chase array; 0: 1 GB. Never more than half of global memory. The simulator
  // holds such arrays in host memory; a real GPU can afford far larger ones.
  std::uint64_t tlb_search_bytes = 0;
  // TlbSearch::min_slow_share: the default for the simulator; a real GPU needs more (native).
  double tlb_min_slow_share = TlbSearch{}.min_slow_share;
  // Called after each part with its name and the wall-clock seconds it took.
  std::function<void(const std::string& part, double seconds)> on_part;
  // Called after each chase with what ran and what it recorded (raw output for later analysis).
  std::function<void(const ChaseSpec& spec, const ChaseTrace& trace)> on_chase;
};

// Throws std::invalid_argument for a part name not in kProbeParts, and whatever the device
// throws (std::runtime_error) when a launch fails.
Hierarchy probe(Device& device, const ProbeOptions& options = {});

// Splits "l1d,shared" into part names, checking each; "all" is every part.
std::vector<std::string> parse_parts(const std::string& list);

}  // namespace warpsim::probe
