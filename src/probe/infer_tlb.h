#pragma once

// Seed 003's TLB experiments (§2.5 "TLBs"): one load per page over arrays of n pages, the data
// kept in cache (page_orders.h), so that latency steps come from translation alone.
//  - L1 TLB entries: the first n whose loads slow down, at a stride of the largest candidate
//    page (the paper: 16 entries, fully associative);
//  - page size: the stride halved until n = entries + 1 loads fit the L1 TLB again (2 MB);
//  - L2 TLB: n grown one page at a time past its capacity; the pages that start missing together
//    are one set, so unequal sets show as they are (17 + 6x8: the miss count rises piecewise).
//    All the steps run in one chase, so they see one placement of the array in memory;
//  - miss penalties: the latency step from each level to the next.

#include <cstdint>
#include <vector>

#include "probe/chase.h"
#include "probe/hierarchy.h"

namespace warpsim::probe {

struct TlbSearch {
  LoadPath path = LoadPath::kGlobalCg;
  std::uint64_t max_bytes = 0;       // the largest array (n pages * stride) a chase may use
  std::uint64_t max_page_bytes = 0;  // the largest candidate page size (a power of two)
  // A run of pages counts as missing when at least two of its loads, and at least this share of
  // them, are slower than the hit level. On the simulator any two will do: its latencies are
  // exact. A real GPU's L2 hits spread over 70 cycles with the address (slices, partitions; an
  // H100 shows 247-322), so there a run needs a real share of slow loads (ProbeOptions).
  double min_slow_share = 0.02;
};

// The levels found, L1 first; empty when no translation miss shows within max_bytes. Throws
// std::invalid_argument for a search whose max_page_bytes is not a power of two of at least
// 4 KB, or whose max_bytes holds fewer than 4 such pages.
std::vector<TlbLevel> infer_tlbs(const Chaser& chase, const TlbSearch& search);

}  // namespace warpsim::probe
