#include "sm/warp_sched/victim_tags.h"

#include <algorithm>
#include <stdexcept>

namespace warpsim {

VictimTags::VictimTags(std::uint32_t warps, std::uint32_t sets, std::uint32_t ways)
    : sets_(sets),
      ways_(ways),
      tags_(std::size_t{warps} * sets * ways, kEmpty),
      stamp_(tags_.size(), 0) {
  if (sets == 0 || ways == 0) {
    throw std::invalid_argument("victim tag arrays need at least one set and one way");
  }
}

void VictimTags::insert(std::uint32_t warp, std::uint64_t line) {
  if (contains(warp, line)) return;
  const std::size_t base = set_base(warp, line);
  std::size_t victim = base;
  for (std::size_t i = base; i < base + ways_; ++i) {
    if (tags_[i] == kEmpty) {
      victim = i;
      break;
    }
    if (stamp_[i] < stamp_[victim]) victim = i;
  }
  tags_[victim] = line;
  stamp_[victim] = next_stamp_++;
}

bool VictimTags::contains(std::uint32_t warp, std::uint64_t line) const {
  const std::size_t base = set_base(warp, line);
  return std::find(tags_.begin() + base, tags_.begin() + base + ways_, line) !=
         tags_.begin() + base + ways_;
}

void VictimTags::invalidate(std::uint64_t line) {
  for (std::size_t warp = 0; warp * sets_ * ways_ < tags_.size(); ++warp) {
    const std::size_t base = set_base(static_cast<std::uint32_t>(warp), line);
    for (std::size_t i = base; i < base + ways_; ++i) {
      if (tags_[i] == line) tags_[i] = kEmpty;
    }
  }
}

void VictimTags::clear(std::uint32_t warp) {
  const std::size_t base = std::size_t{warp} * sets_ * ways_;
  std::fill(tags_.begin() + base, tags_.begin() + base + std::size_t{sets_} * ways_, kEmpty);
}

}  // namespace warpsim
