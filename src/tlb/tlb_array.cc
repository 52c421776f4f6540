#include "tlb/tlb_array.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

#include "sim/registry.h"

namespace warpsim {

TlbArray::TlbArray(const TlbLevelConfig& level, std::uint64_t seed)
    : set_ways_(level.set_ways.empty() ? std::vector<std::uint32_t>{level.entries}
                                       : level.set_ways),
      set_map_(level.set_map) {
  const std::uint64_t total = std::accumulate(set_ways_.begin(), set_ways_.end(), 0ull);
  const bool ways_ok = std::all_of(set_ways_.begin(), set_ways_.end(),
                                   [](std::uint32_t w) { return w >= 1 && w <= kMaxWays; });
  if (!ways_ok || total != level.entries) {
    throw std::invalid_argument("TLB of " + std::to_string(level.entries) +
                                " entries cannot be split into sets of 1.." +
                                std::to_string(kMaxWays) + " ways adding up to it");
  }
  if (set_map_.empty()) {
    set_map_.resize(set_ways_.size());
    std::iota(set_map_.begin(), set_map_.end(), 0u);
  }
  for (std::uint32_t set : set_map_) {
    if (set >= set_ways_.size()) {
      throw std::invalid_argument("TLB set_map names set " + std::to_string(set) + " of " +
                                  std::to_string(set_ways_.size()));
    }
  }
  std::uint32_t next = 0;
  for (std::uint32_t ways : set_ways_) {
    first_.push_back(next);
    next += ways;
  }
  entries_.resize(next);
  // The policy sees a rectangular sets x max-ways geometry; ways a set lacks are never offered.
  const std::uint32_t max_ways = *std::max_element(set_ways_.begin(), set_ways_.end());
  policy_ = PolicyRegistry::global().create<ReplacementPolicy>(
      level.replacement, ReplacementPolicy::Context{sets(), max_ways, seed});
}

std::uint64_t* TlbArray::lookup(std::uint64_t page, const AccessInfo& access) {
  const std::uint32_t set = set_of(page);
  Entry* base = entries_.data() + first_[set];
  for (std::uint32_t way = 0; way < set_ways_[set]; ++way) {
    if (base[way].valid && base[way].page == page) {
      policy_->on_hit(set, way, access);
      return &base[way].ready;
    }
  }
  return nullptr;
}

void TlbArray::insert(std::uint64_t page, std::uint64_t ready, std::uint64_t now,
                      const AccessInfo& access) {
  const std::uint32_t set = set_of(page);
  const std::uint32_t way = choose_way(set, now, access);
  entries_[first_[set] + way] = Entry{page, ready, true};
  policy_->on_fill(set, way, access);
}

std::uint32_t TlbArray::choose_way(std::uint32_t set, std::uint64_t now, const AccessInfo& access) {
  const Entry* base = entries_.data() + first_[set];
  WayMask settled;
  for (std::uint32_t way = 0; way < set_ways_[set]; ++way) {
    if (!base[way].valid) return way;
    if (base[way].ready <= now) settled.set(way);
  }
  // Like a cache's lines locked by pending misses, translations still in flight are kept while
  // another entry can go, so the misses merged with them need not walk again.
  const WayMask candidates = settled.empty() ? WayMask::all(set_ways_[set]) : settled;
  return policy_->select_victim(set, candidates, access);
}

}  // namespace warpsim
