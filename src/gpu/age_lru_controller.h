#pragma once

// Dynamic-AgeLRU (sm.l1d.replacement: {impl: age_lru, dynamic: true}; docs/memory.md
// "Dynamic-AgeLRU"): a component on the core clock that wakes at every multiple of `period`
// cycles, after every other component, reads the period's IPC overall and per SM and its L1D
// and L2 miss ratios from the stat snapshot, lets AgeLruVote decide, and switches each SM's
// L1D between AgeLRU and its LRU fallback (Cache::set_replacement_fallback) when that changes.
// At construction the candidate SM runs AgeLRU and the others LRU: the first vote.
//
// Stats (group `age_lru_vote`): samples, phases (new phases detected), votes, votes_age_lru
// (votes AgeLRU won), idle_votes (votes held over or lost because the candidate SM was idle),
// periods_vote / periods_age_lru / periods_lru (samples taken in each state).

#include <cstdint>
#include <string>
#include <vector>

#include "gpu/age_lru_vote.h"
#include "gpu/window_sampler.h"
#include "gpu/window_sums.h"
#include "sim/stats.h"

namespace warpsim {

class ConfigNode;

// The vote's parameters from the age_lru replacement slot's params; `period` receives its
// sampling period in core cycles.
AgeLruVoteParams age_lru_vote_params(const ConfigNode& slot, std::uint64_t* period);

class AgeLruController final : public WindowSampler {
 public:
  AgeLruController(Simulation& sim, std::string path, ClockDomainId core, std::uint64_t period,
                   AgeLruVoteParams params, std::vector<Sm*> sms, std::uint32_t schedulers,
                   WindowClocks clocks);

 private:
  void on_window(const StatSnapshot& window, std::uint64_t cycles, Cycle now) override;
  void apply();

  std::uint32_t schedulers_;
  WindowClocks clocks_;
  std::uint32_t candidate_;
  AgeLruVote vote_;
  Counter& samples_;
  Counter& phases_;
  Counter& votes_;
  Counter& votes_age_lru_;
  Counter& idle_votes_;
  std::vector<Counter*> by_state_;
};

}  // namespace warpsim
