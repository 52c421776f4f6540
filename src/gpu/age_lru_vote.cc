#include "gpu/age_lru_vote.h"

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>

namespace warpsim {

AgeLruVote::AgeLruVote(AgeLruVoteParams params, std::uint32_t sms)
    : params_(params), age_lru_(sms, false), phase_(params.phase) {
  if (params_.candidate >= sms) {
    throw std::invalid_argument("Dynamic-AgeLRU's candidate SM " +
                                std::to_string(params_.candidate) + " does not exist (" +
                                std::to_string(sms) + " SMs)");
  }
  split();
}

void AgeLruVote::split() {
  set_all(false);
  age_lru_[params_.candidate] = true;
  state_ = State::kVote;
}

void AgeLruVote::set_all(bool age_lru) { std::fill(age_lru_.begin(), age_lru_.end(), age_lru); }

bool AgeLruVote::on_sample(const AgeLruVoteSample& s) {
  const bool new_phase = phase_.on_sample(s.gpu);
  const std::vector<bool> before = age_lru_;
  switch (state_) {
    case State::kVote: {
      const double candidate =
          params_.candidate < s.sm_ipc.size() ? s.sm_ipc[params_.candidate] : 0.0;
      if (candidate <= 0 && params_.skip_idle) break;
      double sum = 0;
      std::size_t busy = 0;
      for (std::size_t i = 0; i < s.sm_ipc.size(); ++i) {
        if (i == params_.candidate || s.sm_ipc[i] <= 0) continue;
        sum += s.sm_ipc[i];
        ++busy;
      }
      const double lru = busy == 0 ? 0.0 : sum / static_cast<double>(busy);
      const bool age_lru_wins = candidate > lru;
      set_all(age_lru_wins);
      state_ = age_lru_wins ? State::kAgeLru : State::kLru;
      break;
    }
    case State::kAgeLru:
    case State::kLru:
      if (new_phase) split();
      break;
  }
  const bool acted = age_lru_ != before;
  // The next period runs under the new policies: compare it afresh, not with this one.
  if (acted) phase_.restart();
  return acted;
}

}  // namespace warpsim
