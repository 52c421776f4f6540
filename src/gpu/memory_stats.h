#pragma once

// stats.json's memory-hierarchy fields of one stat window: l1d, l1t, l1c (summed over SMs),
// l2 (over slices), dram (over channels), icnt and tlb, each with its counters and the rates
// derived from them (docs/stats.md). A level the GPU does not have is left out; with the
// fixed-latency stand-in, `memory` holds its counters instead.

#include <cstdint>

#include <nlohmann/json.hpp>

#include "gpu/window_sums.h"
#include "sim/stat_snapshot.h"

namespace warpsim {

// `clocks`: the L2 and DRAM periods (0: no congestion ratio, no bandwidth utilization).
nlohmann::ordered_json memory_stats(const StatSnapshot& window, std::uint64_t warp_insts,
                                    WindowClocks clocks);

}  // namespace warpsim
