#include "gpu/pcal_fsm.h"

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <utility>

namespace warpsim {

PcalFsm::PcalFsm(PcalFsmParams params, std::uint32_t sms)
    : params_(std::move(params)),
      ebts_(sms, 0),
      phase_(PhaseParams{.change = params_.phase_change,
                         .floor = params_.phase_floor,
                         .periods = params_.phase_periods}) {
  if (params_.vote.empty()) throw std::invalid_argument("dynamic PCAL needs vote candidates");
}

void PcalFsm::set_all(std::int32_t ebt) { std::fill(ebts_.begin(), ebts_.end(), ebt); }

bool PcalFsm::on_sample(const PcalSample& s) {
  const bool new_phase =
      phase_.on_sample(PhaseSample{.ipc = s.ipc, .l1_miss = s.l1_miss, .l2_miss = s.l2_miss});
  const std::vector<std::int32_t> before = ebts_;
  switch (state_) {
    case State::kInit:
      if (s.noc_latency <= params_.noc_threshold && s.stall_ratio <= params_.stall_threshold &&
          s.throttled && params_.max_ebt >= 1) {
        set_all(1);
        last_ipc_ = s.ipc;
        state_ = State::kHillClimb;
      } else {
        for (std::size_t i = 0; i < ebts_.size(); ++i) {
          ebts_[i] = params_.vote[i % params_.vote.size()];
        }
        state_ = State::kVote;
      }
      break;
    case State::kHillClimb:
      if (s.ipc > params_.up * last_ipc_ && s.throttled && ebts_[0] < params_.max_ebt) {
        set_all(ebts_[0] + 1);
        last_ipc_ = s.ipc;
      } else {
        if (s.ipc < params_.down * last_ipc_) set_all(ebts_[0] - 1);
        state_ = State::kStable;
      }
      break;
    case State::kVote: {
      // Each candidate's mean IPC over the SMs that ran it, in the order of `vote`.
      std::int32_t best = ebts_.empty() ? 0 : ebts_[0];
      double best_ipc = -1;
      for (std::int32_t candidate : params_.vote) {
        double sum = 0;
        std::size_t n = 0;
        for (std::size_t i = 0; i < ebts_.size() && i < s.sm_ipc.size(); ++i) {
          if (ebts_[i] == candidate) {
            sum += s.sm_ipc[i];
            ++n;
          }
        }
        if (n != 0 && sum / static_cast<double>(n) > best_ipc) {
          best_ipc = sum / static_cast<double>(n);
          best = candidate;
        }
      }
      set_all(best);
      state_ = State::kStable;
      break;
    }
    case State::kStable:
      if (new_phase) {
        set_all(0);
        state_ = State::kInit;
      }
      break;
  }
  const bool acted = ebts_ != before;
  // The next period runs under new EBTNums: compare it afresh, not with this one.
  if (acted) phase_.restart();
  return acted;
}

}  // namespace warpsim
