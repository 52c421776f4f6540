#pragma once

// stats.json's `total.timeline` (gpu.timeline_cycles): every N core cycles, the window's IPC,
// miss ratios and the `bottleneck` statistics (bottleneck_stats.h), one row per window. The
// sampler is a component on the core clock that wakes only at multiples of N and changes
// nothing in the model, so a run with the timeline gives the same numbers as one without.

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpu/window_sampler.h"
#include "gpu/window_sums.h"

namespace warpsim {

class Timeline final : public WindowSampler {
 public:
  Timeline(Simulation& sim, std::string path, ClockDomainId core, std::uint64_t interval,
           std::vector<Sm*> sms, std::uint32_t schedulers, WindowClocks clocks);

  // {"interval_cycles", "columns": [...], "rows": [[...], ...]}; a row's first column is the
  // core cycle its window ends at (windows are [previous row's cycle, cycle)).
  nlohmann::ordered_json to_json() const;

 private:
  void on_window(const StatSnapshot& window, std::uint64_t cycles, Cycle now) override;

  std::uint32_t schedulers_;
  WindowClocks clocks_;
  std::vector<std::string> columns_;
  std::vector<std::vector<double>> rows_;
};

}  // namespace warpsim
