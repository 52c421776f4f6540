// Two-level warp scheduling with fetch groups (Narasiman et al., "Improving GPU Performance via
// Large Warps and Two-Level Warp Scheduling", MICRO 2011, §4; groups of 8 warps there): round
// robin within the active group; the next group takes over when all of the active group's warps
// wait on memory, so groups reach their long-latency phases at different times. This is the
// "TwoLev" described in Dong Li's thesis (§3.3); two_level_pool.cc is GPGPU-Sim's pool variant.

#include <algorithm>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/registry.h"
#include "sm/warp_scheduler.h"

namespace warpsim {
namespace {

class TwoLevelFetchGroups final : public WarpScheduler {
 public:
  TwoLevelFetchGroups(const ConfigNode& params, const Context& context)
      : slots_(context.slots),
        group_size_(static_cast<std::uint32_t>(params.at("group_size").as_uint())),
        groups_((slots_ + group_size_ - 1) / group_size_),
        next_(groups_) {
    for (std::uint32_t group = 0; group < groups_; ++group) next_[group] = group * group_size_;
  }

  void order(std::span<const WarpView> warps, Cycle /*now*/,
             std::vector<std::uint32_t>& out) override {
    if (warps.size() != slots_) {
      throw std::invalid_argument("two_level: " + std::to_string(warps.size()) +
                                  " warp views for " + std::to_string(slots_) + " slots");
    }
    out.clear();
    if (groups_ == 0) return;
    choose_active(warps);
    std::uint32_t group = active_;
    for (std::uint32_t k = 0; k < groups_; ++k) {
      append_group(warps, group, out);
      if (++group == groups_) group = 0;
    }
  }

  void on_issue(std::uint32_t index, const IssueInfo& /*info*/) override {
    if (index >= slots_) return;
    const std::uint32_t group = index / group_size_;
    next_[group] = index + 1 == group_end(group) ? group * group_size_ : index + 1;
  }

 private:
  // A warp the group can make progress with: not stalled on memory, a barrier, or done.
  static bool ready(const WarpView& warp) {
    return warp.valid && !warp.finished && !warp.waiting_memory && !warp.at_barrier;
  }
  static bool live(const WarpView& warp) { return warp.valid && !warp.finished; }

  std::uint32_t group_end(std::uint32_t group) const {
    return std::min(slots_, (group + 1) * group_size_);
  }

  using Predicate = bool (*)(const WarpView&);

  bool any_in_group(std::span<const WarpView> warps, std::uint32_t group, Predicate pred) const {
    for (std::uint32_t slot = group * group_size_; slot < group_end(group); ++slot) {
      if (pred(warps[slot])) return true;
    }
    return false;
  }

  // The active group keeps priority while any of its warps could issue. Otherwise the next
  // group (round robin) with such a warp takes over. If no group has one, the active group
  // stays (its loads were sent first, so they likely return first) unless it has no live
  // warps left; then the next group with live warps takes over.
  void choose_active(std::span<const WarpView> warps) {
    if (any_in_group(warps, active_, ready) || switch_to_next(warps, ready)) return;
    if (!any_in_group(warps, active_, live)) switch_to_next(warps, live);
  }

  bool switch_to_next(std::span<const WarpView> warps, Predicate pred) {
    std::uint32_t group = active_;
    for (std::uint32_t k = 1; k < groups_; ++k) {
      if (++group == groups_) group = 0;
      if (any_in_group(warps, group, pred)) {
        active_ = group;
        return true;
      }
    }
    return false;
  }

  // The group's live warps, round robin from one past the one it issued last.
  void append_group(std::span<const WarpView> warps, std::uint32_t group,
                    std::vector<std::uint32_t>& out) const {
    const std::uint32_t first = group * group_size_;
    const std::uint32_t end = group_end(group);
    std::uint32_t slot = next_[group];
    for (std::uint32_t k = first; k < end; ++k) {
      if (live(warps[slot])) out.push_back(slot);
      if (++slot == end) slot = first;
    }
  }

  std::uint32_t slots_;
  std::uint32_t group_size_;
  std::uint32_t groups_;
  std::uint32_t active_ = 0;
  std::vector<std::uint32_t> next_;  // per group: the slot its round robin starts from
};

}  // namespace

WARPSIM_REGISTER_POLICY(WarpScheduler, TwoLevelFetchGroups, "two_level",
                        "Two-level with fetch groups (Narasiman et al.): round robin within the "
                        "active group, the next group when all of its warps wait on memory",
                        {{.name = "group_size",
                          .type = ParamType::kUint,
                          .description = "warps per fetch group, by consecutive slots",
                          .default_value = "8",
                          .min = 1,
                          .max = 1024}});

}  // namespace warpsim
