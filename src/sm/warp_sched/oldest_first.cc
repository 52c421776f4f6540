// Oldest first: warps strictly by launch order on the SM, every cycle, with no greedy phase.
// The "then oldest" half of greedy-then-oldest (Rogers et al., MICRO 2012, §2) on its own, as
// GPGPU-Sim's ordering by dynamic warp id; a reference point for how much GTO's greediness adds.

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "sim/registry.h"
#include "sm/warp_scheduler.h"

namespace warpsim {
namespace {

class OldestFirst final : public WarpScheduler {
 public:
  OldestFirst(const ConfigNode& /*params*/, const Context& /*context*/) {}

  void order(std::span<const WarpView> warps, Cycle /*now*/,
             std::vector<std::uint32_t>& out) override {
    out.clear();
    for (std::uint32_t slot = 0; slot < warps.size(); ++slot) {
      if (warps[slot].valid && !warps[slot].finished) out.push_back(slot);
    }
    // Ages are unique per warp, so the order is total without a tie-break.
    std::sort(out.begin(), out.end(),
              [&warps](std::uint32_t a, std::uint32_t b) { return warps[a].age < warps[b].age; });
  }
};

}  // namespace

WARPSIM_REGISTER_POLICY(WarpScheduler, OldestFirst, "oldest_first",
                        "Oldest first: warps strictly by launch order (smallest age first)", {});

}  // namespace warpsim
