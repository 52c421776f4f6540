#pragma once

// Dynamic-AgeLRU's parallel voting (Dong Li's thesis §5.3, Fig. 5.5; docs/memory.md
// "Dynamic-AgeLRU"): a three-state control unit that decides, once per sampling period, which
// SMs' L1Ds run AgeLRU and which plain LRU. Pure logic; gpu/age_lru_controller.h samples the
// model and applies the decisions.
//
//   Vote     the candidate SM (`candidate`, SM 0 in the thesis) runs AgeLRU, every other SM
//            LRU. At the sample, the candidate's IPC is compared with the mean IPC of the LRU
//            SMs that issued in the period: AgeLRU wins only if it is strictly higher (LRU, the
//            baseline, keeps ties). An idle candidate (no instruction issued) has IPC 0, so LRU
//            wins, as the thesis reports for GESUMMV; with `skip_idle` the vote is held over to
//            the next period instead.
//   AgeLRU   every SM runs AgeLRU until a new phase, which restarts the vote.
//   LRU      every SM runs LRU until a new phase, which restarts the vote.
// The phase detector (gpu/phase_detector.h) restarts after each change of policy.

#include <cstdint>
#include <vector>

#include "gpu/phase_detector.h"

namespace warpsim {

struct AgeLruVoteParams {
  PhaseParams phase;
  std::uint32_t candidate = 0;
  bool skip_idle = false;
};

struct AgeLruVoteSample {
  PhaseSample gpu;
  std::vector<double> sm_ipc;  // per SM; 0: the SM issued nothing in the period
};

class AgeLruVote {
 public:
  enum class State : std::uint8_t { kVote, kAgeLru, kLru };

  AgeLruVote(AgeLruVoteParams params, std::uint32_t sms);

  // One sampling period ended. Returns whether some SM's policy changed (then age_lru() holds
  // the new assignment, to apply from now).
  bool on_sample(const AgeLruVoteSample& sample);

  State state() const { return state_; }
  // Per SM: true where the L1D runs AgeLRU.
  const std::vector<bool>& age_lru() const { return age_lru_; }
  std::uint64_t phases() const { return phase_.phases(); }

 private:
  void split();
  void set_all(bool age_lru);

  AgeLruVoteParams params_;
  State state_ = State::kVote;
  std::vector<bool> age_lru_;
  PhaseDetector phase_;
};

}  // namespace warpsim
