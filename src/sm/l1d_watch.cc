// What the SM tells its L1D about its warps, and what the L1D tells the SM.
// - The L1D's events for warp-scheduler policies that watch it (WarpScheduler::watches_l1d;
//   CCWS): the SM is the L1D's listener and passes each event to the scheduler of the warp it
//   concerns. An eviction names the warp whose access placed the line; if that warp has since
//   left its slot, the event concerns no live warp and is dropped. Writes go to every scheduler.
// - The active-warp window (cache/warp_window.h) for warp-age-aware replacement (AgeLRU).

#include "cache/cache.h"
#include "sm/sm.h"

namespace warpsim {

void Sm::on_evict(std::uint64_t line, const AccessInfo& owner, Cycle now) {
  if (owner.sm_id != id_ || owner.warp_id >= warps_.size()) return;
  const SmWarp& w = warps_[owner.warp_id];
  if (!w.valid || w.age != owner.warp_age) return;
  const std::uint32_t s = owner.warp_id % config_.schedulers;
  if (schedulers_[s].policy->watches_l1d()) {
    schedulers_[s].policy->on_l1d_eviction(owner.warp_id / config_.schedulers, line, now);
  }
}

void Sm::on_access(std::uint64_t line, const AccessInfo& info, MemKind kind, CacheOutcome outcome,
                   Cycle now) {
  if (kind == MemKind::kWrite || kind == MemKind::kAtomic) {
    for (SchedulerState& st : schedulers_) {
      if (st.policy->watches_l1d()) st.policy->on_l1d_write(line, now);
    }
    return;
  }
  if (kind != MemKind::kRead || outcome != CacheOutcome::kMiss) return;
  if (info.sm_id != id_ || info.warp_id >= warps_.size()) return;
  const std::uint32_t s = info.warp_id % config_.schedulers;
  if (schedulers_[s].policy->watches_l1d()) {
    schedulers_[s].policy->on_l1d_miss(info.warp_id / config_.schedulers, line, now);
  }
}

WarpWindow Sm::warp_window() const {
  WarpWindow window;
  window.youngest = next_age_ == 0 ? 0 : next_age_ - 1;
  window.oldest = next_age_ == 0 ? 1 : next_age_;  // empty unless a warp is active
  for (const SmWarp& w : warps_) {
    if (w.issuable() && !w.at_barrier && w.age < window.oldest) window.oldest = w.age;
  }
  return window;
}

}  // namespace warpsim
