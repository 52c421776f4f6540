#pragma once

// The address-translation model's knobs: a per-SM L1 TLB, a GPU-wide L2 TLB, the page-table
// walk and the "page-table window" of Mei & Chu (seed 003). Read once from a resolved config
// (tlb_section() declares the keys), so translation never touches the config tree.

#include <cstdint>
#include <vector>

#include "sim/config_node.h"
#include "sim/schema.h"

namespace warpsim {

// One TLB level's geometry. Sets may differ in size (seed 003's L2 TLB: 17 + 6 x 8 entries).
struct TlbLevelConfig {
  std::uint32_t entries = 16;
  // Ways of each set; empty means one fully associative set of `entries` ways.
  std::vector<std::uint32_t> set_ways;
  // Set of a page: set_map[page mod set_map.size()]; empty means page mod (number of sets).
  std::vector<std::uint32_t> set_map;
  // L1: extra cycles of every lookup (hit_latency). L2: extra cycles an L1 miss costs when the
  // L2 TLB hits (latency). Unused by the walk cache.
  std::uint32_t latency = 0;
  ConfigNode replacement;  // a resolved `replacement` policy slot

  std::uint32_t sets() const {
    return set_ways.empty() ? 1 : static_cast<std::uint32_t>(set_ways.size());
  }
};

struct TlbConfig {
  bool enabled = false;
  std::uint64_t page_size = std::uint64_t{2} << 20;
  // Honoured by the LD/ST unit, not by the TLB objects: L1 data-cache hits need no translation
  // (the GTX980 with L1 on shows no L1-TLB-miss latencies, seed 003 Fig. 14).
  bool skip_on_l1d_hit = false;
  // Honoured by the LD/ST unit: extra cycles of a load that missed the L1 TLB and then hits in
  // the L1 data cache (Fermi: the TLBs sit near the L2, so the hit waits for a round trip).
  std::uint32_t l1_miss_round_trip = 0;
  TlbLevelConfig l1;
  TlbLevelConfig l2;
  std::uint32_t walk_latency = 0;  // extra cycles when the L2 TLB misses
  // Page-walk cache: the page-table entries of recent walks (entries 0 = none, every walk
  // misses). A walk whose entry is not cached costs walk_miss_latency more.
  TlbLevelConfig walk_cache{
      .entries = 0, .set_ways = {}, .set_map = {}, .latency = 0, .replacement = {}};
  std::uint32_t walk_miss_latency = 0;
  // Page-table window: only `window_bytes` of page entries are active (0 = no window); a walk
  // for a page outside it costs `window_switch_latency` more and moves the window there.
  std::uint64_t window_bytes = 0;
  std::uint32_t window_switch_latency = 0;
};

// The `tlb` section: enabled, page_size, walk_latency, walk_miss_latency, skip_on_l1d_hit,
// l1_miss_round_trip, l1 {entries, set_ways, set_map, hit_latency, replacement}, l2 {entries,
// set_ways, set_map, latency, replacement}, walk_cache {entries, set_ways, set_map,
// replacement}, page_window {bytes, switch_latency}.
SectionSpec tlb_section();

// `tlb` is a resolved section made by tlb_section(). Throws ConfigError naming the key for a
// geometry that does not work (set_ways not adding up to entries, a set_map naming a missing
// set, more than 64 ways in a set, a page size that is not a power of two, a window that is not
// a whole number of pages). A walk cache of 0 entries ignores its set_ways and set_map.
TlbConfig read_tlb_config(const ConfigNode& tlb);

}  // namespace warpsim
