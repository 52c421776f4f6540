#pragma once

// The entries of one TLB: sets of possibly different sizes (seed 003's L2 TLB has one set of 17
// and six of 8), an explicit page -> set map, and a replacement policy plug-in per TLB. Each
// entry remembers the cycle its translation is (or will be) ready, so misses still in flight
// can be merged with. The generic cache's tag array is not reused: it has no per-entry ready
// cycle and assumes a bit-field set index.

#include <cstdint>
#include <memory>
#include <vector>

#include "cache/replacement/replacement_policy.h"
#include "tlb/tlb_config.h"

namespace warpsim {

class TlbArray {
 public:
  // Throws std::invalid_argument for a bad geometry: read_tlb_config reports the same problems
  // to the user naming their keys, so here they can only come from a hand-built config.
  TlbArray(const TlbLevelConfig& level, std::uint64_t seed);

  // The ready cycle of `page`'s entry, or nullptr when absent. A hit updates the replacement
  // state; the pointer is valid until the next insert().
  std::uint64_t* lookup(std::uint64_t page, const AccessInfo& access);
  // Places `page` (known to be absent) with its ready cycle. A full set evicts an entry chosen by
  // the policy among those whose translation is ready at `now`, or among all when none is.
  void insert(std::uint64_t page, std::uint64_t ready, std::uint64_t now, const AccessInfo& access);

  std::uint32_t set_of(std::uint64_t page) const {
    return set_map_[static_cast<std::size_t>(page % set_map_.size())];
  }
  std::uint32_t sets() const { return static_cast<std::uint32_t>(set_ways_.size()); }
  std::uint32_t ways(std::uint32_t set) const { return set_ways_[set]; }

 private:
  struct Entry {
    std::uint64_t page = 0;
    std::uint64_t ready = 0;
    bool valid = false;
  };

  std::uint32_t choose_way(std::uint32_t set, std::uint64_t now, const AccessInfo& access);

  std::vector<std::uint32_t> set_ways_;
  std::vector<std::uint32_t> set_map_;
  std::vector<std::uint32_t> first_;  // index in entries_ of each set's way 0
  std::vector<Entry> entries_;
  std::unique_ptr<ReplacementPolicy> policy_;
};

}  // namespace warpsim
