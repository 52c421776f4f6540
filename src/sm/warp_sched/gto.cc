// Greedy-then-oldest (GTO): keep issuing from the warp issued last until it cannot issue, then
// fall back to the oldest warp (smallest launch age). Rogers, O'Connor and Aamodt, "Cache-
// Conscious Wavefront Scheduling", MICRO 2012, §2 and §5; GPGPU-Sim's "gto" scheduler, and the
// default in Dong Li's thesis (§3.3).

#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "sim/registry.h"
#include "sm/warp_scheduler.h"

namespace warpsim {
namespace {

class GreedyThenOldest final : public WarpScheduler {
 public:
  GreedyThenOldest(const ConfigNode& /*params*/, const Context& /*context*/) {}

  void order(std::span<const WarpView> warps, Cycle /*now*/,
             std::vector<std::uint32_t>& out) override {
    out.clear();
    // The greedy warp leads even when it cannot issue this cycle: the SM then issues the
    // oldest ready warp, which becomes the new greedy warp. That hand-over is what "until it
    // stalls" means.
    if (greedy_ < warps.size() && warps[greedy_].valid && !warps[greedy_].finished) {
      out.push_back(greedy_);
    }
    const auto rest = static_cast<std::ptrdiff_t>(out.size());
    for (std::uint32_t slot = 0; slot < warps.size(); ++slot) {
      if (slot != greedy_ && warps[slot].valid && !warps[slot].finished) out.push_back(slot);
    }
    std::sort(out.begin() + rest, out.end(),
              [&warps](std::uint32_t a, std::uint32_t b) { return warps[a].age < warps[b].age; });
  }

  void on_issue(std::uint32_t index, const IssueInfo& /*info*/) override { greedy_ = index; }
  // A new warp in the greedy warp's slot must earn its place by issuing, not inherit it.
  void on_warp_start(std::uint32_t index) override { forget(index); }
  void on_warp_end(std::uint32_t index) override { forget(index); }

 private:
  static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

  void forget(std::uint32_t index) {
    if (index == greedy_) greedy_ = kNone;
  }

  std::uint32_t greedy_ = kNone;  // slot of the warp issued last
};

}  // namespace

WARPSIM_REGISTER_POLICY(WarpScheduler, GreedyThenOldest, "gto",
                        "Greedy-then-oldest: the warp issued last while it can issue, then the "
                        "oldest warps first",
                        {});

}  // namespace warpsim
