#pragma once

// Dynamic PCAL (sm.cache_tokens: dynamic_pcal; docs/timing.md "Dynamic PCAL"): a component on
// the core clock that wakes at every multiple of `period` cycles, after every other component,
// reads the period's statistics from the stat snapshot (IPC overall and per SM, L1D and L2 miss
// ratios, NoC latency, memory-pipeline stall ratio, whether warps are throttled), lets PcalFsm
// decide, and sets each SM's EBTNum (Sm::set_ebt) when it changes.
//
// Stats (group `pcal`): samples, phases (new phases detected), changes (periods after which
// EBTNums changed), periods_init / periods_hill_climb / periods_vote / periods_stable (samples
// taken in each state).

#include <cstdint>
#include <string>
#include <vector>

#include "gpu/pcal_fsm.h"
#include "gpu/window_sampler.h"
#include "gpu/window_sums.h"
#include "sim/stats.h"

namespace warpsim {

class ConfigNode;

// The FSM's parameters from the dynamic_pcal policy slot's params; `period` receives its
// sampling period in core cycles.
PcalFsmParams pcal_fsm_params(const ConfigNode& slot, std::uint64_t* period);

class PcalController final : public WindowSampler {
 public:
  PcalController(Simulation& sim, std::string path, ClockDomainId core, std::uint64_t period,
                 PcalFsmParams params, std::vector<Sm*> sms, std::uint32_t schedulers,
                 WindowClocks clocks);

 private:
  void on_window(const StatSnapshot& window, std::uint64_t cycles, Cycle now) override;

  std::uint32_t schedulers_;
  WindowClocks clocks_;
  PcalFsm fsm_;
  Counter& samples_;
  Counter& phases_;
  Counter& changes_;
  std::vector<Counter*> by_state_;
};

}  // namespace warpsim
