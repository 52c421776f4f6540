// Owner Warp First (OWF; Jatala, Anantpur and Karkare, seed 002, digest §2.4): with scratchpad
// sharing, warps of the CTA that owns its pair's shared region go first, then warps of unshared
// CTAs, then the owner's partners, which may have to wait for the region anyway; within a
// class, greedy-then-oldest (the paper arranges warps "according to their dynamic warp id",
// which makes OWF comparable to GTO when no CTA shares). `greedy: false` drops the greedy lead:
// oldest first within each class. Without sharing every warp is unshared and OWF is GTO.

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "sim/registry.h"
#include "sm/warp_sched/greedy_oldest.h"
#include "sm/warp_scheduler.h"

namespace warpsim {
namespace {

class OwnerWarpFirst final : public WarpScheduler {
 public:
  OwnerWarpFirst(const ConfigNode& params, const Context& /*context*/)
      : greedy_(params.at("greedy").as_bool()) {}

  void order(std::span<const WarpView> warps, Cycle /*now*/,
             std::vector<std::uint32_t>& out) override {
    order_.order(warps, out);
    // Stable: within a class the greedy-then-oldest order stays.
    std::stable_sort(out.begin(), out.end(), [&warps](std::uint32_t a, std::uint32_t b) {
      return static_cast<int>(warps[a].share) < static_cast<int>(warps[b].share);
    });
  }
  void on_issue(std::uint32_t index, const IssueInfo& /*info*/) override {
    if (greedy_) order_.on_issue(index);
  }
  void on_warp_start(std::uint32_t index) override { order_.forget(index); }
  void on_warp_end(std::uint32_t index) override { order_.forget(index); }

 private:
  bool greedy_;
  GreedyOldestOrder order_;
};

}  // namespace

WARPSIM_REGISTER_POLICY(WarpScheduler, OwnerWarpFirst, "owf",
                        "Owner Warp First (seed 002): warps of CTAs owning their pair's shared "
                        "scratchpad, then unshared, then non-owner; greedy-then-oldest within",
                        {{.name = "greedy",
                          .type = ParamType::kBool,
                          .description = "keep the warp issued last first within its class "
                                         "(false: oldest first)",
                          .default_value = "true"}});

}  // namespace warpsim
