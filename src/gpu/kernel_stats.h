#pragma once

// stats.json's per-kernel timing fields, from the kernel's own counts and the stat window
// between its start and end (docs/stats.md). Counters of the SMs are summed over SMs; with
// concurrent kernels a window also holds the other kernels' activity in it.

#include <cstddef>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "gpu/window_sums.h"
#include "sim/stat_snapshot.h"
#include "sm/kernel_run.h"

namespace warpsim {

// `clocks` turn L2 and DRAM busy cycles into ratios (window_sums.h).
nlohmann::ordered_json kernel_stats(const KernelRun& kernel, const StatSnapshot& window,
                                    std::size_t sms, std::uint32_t schedulers,
                                    WindowClocks clocks = {});

// The fields every window has (stalls with scheduler_cycles, sm, memory) for a window of
// `cycles` core cycles; kernel_stats adds the kernel's own, and a whole run uses it alone.
nlohmann::ordered_json window_stats(const StatSnapshot& window, std::uint64_t cycles,
                                    std::size_t sms, std::uint32_t schedulers,
                                    WindowClocks clocks = {});

}  // namespace warpsim
