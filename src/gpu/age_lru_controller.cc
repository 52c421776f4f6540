#include "gpu/age_lru_controller.h"

#include <stdexcept>
#include <utility>

#include "cache/cache.h"
#include "sim/config_node.h"
#include "sm/sm.h"

namespace warpsim {

AgeLruVoteParams age_lru_vote_params(const ConfigNode& slot, std::uint64_t* period) {
  AgeLruVoteParams p;
  *period = slot.at("period").as_uint();
  p.phase.change = slot.at("phase_change").as_double();
  p.phase.periods = static_cast<std::uint32_t>(slot.at("phase_periods").as_uint());
  p.candidate = static_cast<std::uint32_t>(slot.at("candidate_sm").as_uint());
  p.skip_idle = slot.at("skip_idle").as_bool();
  return p;
}

AgeLruController::AgeLruController(Simulation& sim, std::string path, ClockDomainId core,
                                   std::uint64_t period, AgeLruVoteParams params,
                                   std::vector<Sm*> sms, std::uint32_t schedulers,
                                   WindowClocks clocks)
    : WindowSampler(sim, std::move(path), core, period, std::move(sms)),
      schedulers_(schedulers),
      clocks_(clocks),
      candidate_(params.candidate),
      vote_(params, static_cast<std::uint32_t>(this->sms().size())),
      samples_(stats().counter("samples", "periods", "sampling periods ended")),
      phases_(stats().counter("phases", "events", "new phases detected")),
      votes_(stats().counter("votes", "events", "votes between AgeLRU and LRU decided")),
      votes_age_lru_(stats().counter("votes_age_lru", "events", "votes AgeLRU won")),
      idle_votes_(stats().counter("idle_votes", "periods",
                                  "vote periods in which the candidate SM issued nothing")) {
  for (const char* state : {"periods_vote", "periods_age_lru", "periods_lru"}) {
    by_state_.push_back(&stats().counter(state, "periods", "samples taken in this state"));
  }
  apply();
}

void AgeLruController::apply() {
  for (std::size_t i = 0; i < sms().size(); ++i) {
    if (!sms()[i]->l1d().set_replacement_fallback(!vote_.age_lru()[i])) {
      throw std::logic_error("Dynamic-AgeLRU: the L1D replacement policy has no LRU fallback");
    }
  }
}

void AgeLruController::on_window(const StatSnapshot& window, std::uint64_t cycles, Cycle /*now*/) {
  WindowSignals w = signals(window, cycles, schedulers_, clocks_);
  const AgeLruVote::State state = vote_.state();
  by_state_[static_cast<std::size_t>(state)]->inc();
  if (state == AgeLruVote::State::kVote && w.sm_ipc.at(candidate_) <= 0) idle_votes_.inc();
  const std::uint64_t phases_before = vote_.phases();
  samples_.inc();
  const bool changed =
      vote_.on_sample(AgeLruVoteSample{.gpu = w.gpu, .sm_ipc = std::move(w.sm_ipc)});
  if (state == AgeLruVote::State::kVote && vote_.state() != AgeLruVote::State::kVote) {
    votes_.inc();
    if (vote_.state() == AgeLruVote::State::kAgeLru) votes_age_lru_.inc();
  }
  if (changed) apply();
  phases_.inc(vote_.phases() - phases_before);
}

}  // namespace warpsim
