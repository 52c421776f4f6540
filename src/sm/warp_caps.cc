// sm.throttle.warps (sm/throttle.h): of each kernel's warps on a scheduler that are neither
// finished nor waiting at a barrier, only the oldest `warp_cap` stay in the policy's order; the
// others wait. Warps at a barrier do not count, or a cap below a CTA's warps would leave the
// barrier's last arrivals waiting forever.

#include <algorithm>

#include "sm/sm.h"

namespace warpsim {

void Sm::apply_warp_caps(std::uint32_t s, SchedulerState& st) {
  st.by_age.clear();
  for (std::uint32_t i = 0; i < st.views.size(); ++i) {
    if (st.views[i].valid && !st.views[i].at_barrier) st.by_age.push_back(i);
  }
  std::sort(st.by_age.begin(), st.by_age.end(),
            [&](std::uint32_t a, std::uint32_t b) { return st.views[a].age < st.views[b].age; });
  // At most a few kernels share an SM, so the per-kernel counts are a short list.
  st.kernel_counts.clear();
  st.held.assign(st.views.size(), 0);
  bool any_held = false;
  for (std::uint32_t i : st.by_age) {
    const SmWarp& w = warps_[s + i * config_.schedulers];
    if (w.warp_cap == 0) continue;
    auto it = std::find_if(st.kernel_counts.begin(), st.kernel_counts.end(),
                           [&](const auto& c) { return c.first == w.source; });
    if (it == st.kernel_counts.end()) {
      it = st.kernel_counts.insert(st.kernel_counts.end(), {w.source, 0});
    }
    if (it->second++ >= w.warp_cap) st.held[i] = any_held = true;
  }
  if (any_held) std::erase_if(st.order, [&](std::uint32_t i) { return st.held[i] != 0; });
}

}  // namespace warpsim
