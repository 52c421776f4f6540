#pragma once

// Greedy-then-oldest order, shared by the policies built on it (gto.cc, ccws.cc): the warp
// issued last leads while it is live, then the other live warps by age (smallest launch age
// first). The greedy warp leads even when it cannot issue this cycle: the SM then issues the
// oldest ready warp, which becomes the new greedy warp; that hand-over is what "until it
// stalls" means.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>
#include <span>
#include <vector>

#include "sm/warp_scheduler.h"

namespace warpsim {

class GreedyOldestOrder {
 public:
  void order(std::span<const WarpView> warps, std::vector<std::uint32_t>& out) {
    out.clear();
    if (greedy_ < warps.size() && live(warps[greedy_])) out.push_back(greedy_);
    // Ages change only when warps start, so the order of the last sort usually still holds;
    // when it does not, sort again.
    const std::size_t lead = out.size();
    if (by_age_.size() != warps.size() || !append_by_age(warps, out)) {
      by_age_.resize(warps.size());
      std::iota(by_age_.begin(), by_age_.end(), 0U);
      std::sort(by_age_.begin(), by_age_.end(),
                [&warps](std::uint32_t a, std::uint32_t b) { return warps[a].age < warps[b].age; });
      out.resize(lead);
      append_by_age(warps, out);
    }
  }

  void on_issue(std::uint32_t index) { greedy_ = index; }
  // A new warp in the greedy warp's slot must earn its place by issuing, not inherit it.
  void forget(std::uint32_t index) {
    if (index == greedy_) greedy_ = kNone;
  }

  static bool live(const WarpView& warp) { return warp.valid && !warp.finished; }

 private:
  static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

  // Appends the live warps other than the greedy one in by_age_ order; false if that order
  // is not by age any more.
  bool append_by_age(std::span<const WarpView> warps, std::vector<std::uint32_t>& out) const {
    std::uint64_t last = 0;
    for (std::uint32_t slot : by_age_) {
      if (slot == greedy_ || !live(warps[slot])) continue;
      if (warps[slot].age < last) return false;
      last = warps[slot].age;
      out.push_back(slot);
    }
    return true;
  }

  std::uint32_t greedy_ = kNone;       // slot of the warp issued last
  std::vector<std::uint32_t> by_age_;  // every slot, by the ages of the last sort
};

}  // namespace warpsim
