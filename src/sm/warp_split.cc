// Which of a kernel's warps issue and which hold cache tokens (sm.cache_tokens,
// sm/tokens/token_policy.h), and dynamic PCAL's changes to both while warps run.

#include <algorithm>

#include "sim/simulation.h"
#include "sm/sm.h"

namespace warpsim {

TokenPolicy::Split Sm::kernel_split(const KernelRun& k) const {
  // The most warps of the kernel one scheduler holds: warp-max, for PCAL without a cap.
  std::uint32_t ctas = k.occupancy.ctas_per_sm;
  if (k.throttle.ctas != 0) ctas = std::min(ctas, k.throttle.ctas);
  const std::uint32_t resident = std::max<std::uint32_t>(
      1, (ctas * k.occupancy.warps_per_cta + config_.schedulers - 1) / config_.schedulers);
  return tokens_->split(k.throttle.warps, resident, ebt_ ? ebt_ : k.throttle.ebt);
}

void Sm::set_ebt(std::int32_t ebt) {
  ebt_ = ebt;
  for (std::uint32_t slot = 0; slot < warps_.size(); ++slot) {
    SmWarp& w = warps_[slot];
    if (!w.valid) continue;
    const TokenPolicy::Split split = kernel_split(*ctas_[w.cta_slot].kernel);
    w.warp_cap = split.issue;
    w.token_cap = split.tokens;
    warp_caps_ |= split.issue != 0;
  }
  // The caps are applied where a scheduler orders its warps: every scheduler runs again, now.
  for (SchedulerState& st : schedulers_) st.dirty = true;
  sim().engine().request_wake(id(), sim().engine().now() + 1);
}

std::uint32_t Sm::held_warps() const {
  std::uint32_t held = 0;
  for (std::uint32_t s = 0; s < config_.schedulers; ++s) {
    for (std::uint32_t i = s; i < warps_.size(); i += config_.schedulers) {
      const SmWarp& w = warps_[i];
      if (!w.issuable() || w.at_barrier || w.warp_cap == 0) continue;
      std::uint32_t older = 0;
      for (std::uint32_t j = s; j < warps_.size(); j += config_.schedulers) {
        const SmWarp& o = warps_[j];
        older += o.issuable() && !o.at_barrier && o.source == w.source && o.age < w.age ? 1 : 0;
      }
      held += older >= w.warp_cap ? 1 : 0;
    }
  }
  return held;
}

}  // namespace warpsim
