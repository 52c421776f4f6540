#pragma once

// The line state of the generic cache (cache.h) in flat arrays indexed set * max_ways + way,
// so a lookup scans one contiguous run of tags. A line is present when its tag is not
// kInvalidTag; `pending` holds the sectors an allocate-on-miss reservation waits for, and a
// line with pending sectors may not be evicted.

#include <cstdint>
#include <vector>

#include "cache/access_info.h"
#include "cache/cache_geometry.h"
#include "cache/replacement/replacement_policy.h"
#include "mem/packet.h"

namespace warpsim {

struct CacheLines {
  static constexpr Addr kInvalidTag = ~Addr{0};  // line addresses are aligned: never all ones
  static constexpr std::uint32_t kNoWay = ~std::uint32_t{0};

  explicit CacheLines(const CacheGeometry& geometry)
      : geometry(&geometry),
        stride(geometry.max_ways()),
        tag(geometry.lines(), kInvalidTag),
        valid(geometry.lines(), 0),
        dirty(geometry.lines(), 0),
        pending(geometry.lines(), 0),
        reused(geometry.lines(), 0),
        owner(geometry.lines()) {}

  std::size_t index(std::uint32_t set, std::uint32_t way) const {
    return std::size_t{set} * stride + way;
  }

  std::uint32_t find(std::uint32_t set, Addr line) const {
    const Addr* tags = &tag[index(set, 0)];
    const std::uint32_t ways = geometry->ways(set);
    for (std::uint32_t way = 0; way < ways; ++way) {
      if (tags[way] == line) return way;
    }
    return kNoWay;
  }

  std::uint32_t first_invalid(std::uint32_t set) const { return find(set, kInvalidTag); }

  // Present lines of `set` that no pending fill reserves: the replacement candidates.
  WayMask evictable(std::uint32_t set) const {
    WayMask mask;
    const std::size_t base = index(set, 0);
    const std::uint32_t ways = geometry->ways(set);
    for (std::uint32_t way = 0; way < ways; ++way) {
      if (tag[base + way] != kInvalidTag && pending[base + way] == 0) mask.set(way);
    }
    return mask;
  }

  bool can_place(std::uint32_t set) const {
    return first_invalid(set) != kNoWay || !evictable(set).empty();
  }

  // Present lines of `set` that no pending fill reserves and no token holder has a priority on
  // (PCAL's opportunistic fills may take these).
  WayMask open(std::uint32_t set) const {
    WayMask mask = evictable(set);
    const std::size_t base = index(set, 0);
    for (std::uint32_t way : mask) {
      if (priority[base + way] != 0) mask.reset(way);
    }
    return mask;
  }

  // PCAL's per-line state (tokens.honor only; empty otherwise).
  void enable_tokens() {
    priority.assign(tag.size(), 0);
    owners.assign(tag.size(), 0);
    last_owner.assign(tag.size(), 0);
  }

  const CacheGeometry* geometry;
  std::uint32_t stride;
  std::vector<Addr> tag;
  std::vector<SectorMask> valid;
  std::vector<SectorMask> dirty;
  std::vector<SectorMask> pending;
  std::vector<std::uint8_t> reused;  // hit since it was placed (bypass policies' feedback)
  std::vector<AccessInfo> owner;     // the access that placed it
  // Tokens: a token holder placed or hit the line since its priority was last cleared; the
  // warp slots of those token holders (bit w: slot w), and the last one's slot.
  std::vector<std::uint8_t> priority;
  std::vector<std::uint64_t> owners;
  std::vector<std::uint32_t> last_owner;
};

}  // namespace warpsim
