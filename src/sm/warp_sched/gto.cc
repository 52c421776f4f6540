// Greedy-then-oldest (GTO): keep issuing from the warp issued last until it cannot issue, then
// fall back to the oldest warp (smallest launch age). Rogers, O'Connor and Aamodt, "Cache-
// Conscious Wavefront Scheduling", MICRO 2012, §2 and §5; GPGPU-Sim's "gto" scheduler, and the
// default in Dong Li's thesis (§3.3). The order itself is greedy_oldest.h's.

#include <cstdint>
#include <span>
#include <vector>

#include "sim/registry.h"
#include "sm/warp_sched/greedy_oldest.h"
#include "sm/warp_scheduler.h"

namespace warpsim {
namespace {

class GreedyThenOldest final : public WarpScheduler {
 public:
  GreedyThenOldest(const ConfigNode& /*params*/, const Context& /*context*/) {}

  void order(std::span<const WarpView> warps, Cycle /*now*/,
             std::vector<std::uint32_t>& out) override {
    order_.order(warps, out);
  }
  void on_issue(std::uint32_t index, const IssueInfo& /*info*/) override { order_.on_issue(index); }
  void on_warp_start(std::uint32_t index) override { order_.forget(index); }
  void on_warp_end(std::uint32_t index) override { order_.forget(index); }

 private:
  GreedyOldestOrder order_;
};

}  // namespace

WARPSIM_REGISTER_POLICY(WarpScheduler, GreedyThenOldest, "gto",
                        "Greedy-then-oldest: the warp issued last while it can issue, then the "
                        "oldest warps first",
                        {});

}  // namespace warpsim
