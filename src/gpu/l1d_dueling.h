#pragma once

// SM dueling for the Decoupled L1D (seed 000 §4.4.3; sm.l1d.admission: {impl: decoupled,
// dueling: true}; docs/memory.md "Decoupled L1D"): the leader SM's L1D always filters, the
// baseline SM's never does, and every `period` core cycles the other SMs (the followers) are
// switched to the leader's scheme unless its miss rate over the period exceeded the baseline
// SM's by more than `margin` (absolute), in which case they run the baseline. A miss here is a
// read that did not find its data: a miss, a merge into a pending miss or a bypass. A period in
// which either SM read nothing keeps the last decision. The followers start as the baseline.
//
// Stats (group `l1d_dueling`): decisions, decisions_filter (the followers filtered afterwards),
// switches (decisions that changed the followers' scheme), follower_cycles_off (cycles x
// follower SMs with the filter off: its extra tag entries could be power-gated),
// follower_cycles_on.

#include <cstdint>
#include <string>
#include <vector>

#include "cache/cache.h"
#include "sim/component.h"
#include "sim/stats.h"

namespace warpsim {

class ConfigNode;
class Sm;

struct L1dDuelingParams {
  std::uint64_t period = 500;
  double margin = 0.1;
  std::uint32_t leader = 0;
  std::uint32_t baseline = 1;
};

// The params from the decoupled admission slot's.
L1dDuelingParams l1d_dueling_params(const ConfigNode& slot);

// The rule: whether the followers filter after a period in which the leader and the baseline SM
// read `leader` and `baseline` (their tallies' differences); `filtering` is the current choice.
bool followers_filter(const Cache::ReadTally& leader, const Cache::ReadTally& baseline,
                      double margin, bool filtering);

class L1dDueling final : public Component {
 public:
  L1dDueling(Simulation& sim, std::string path, ClockDomainId core, L1dDuelingParams params,
             std::vector<Sm*> sms);
  Wake tick(Cycle now) override;

 private:
  void apply();

  L1dDuelingParams params_;
  std::vector<Sm*> sms_;
  bool filtering_ = false;
  std::uint64_t last_ = 0;
  Cache::ReadTally leader_before_;
  Cache::ReadTally baseline_before_;
  Counter& decisions_;
  Counter& decisions_filter_;
  Counter& switches_;
  Counter& cycles_off_;
  Counter& cycles_on_;
};

}  // namespace warpsim
