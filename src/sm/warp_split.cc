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

}  // namespace warpsim
