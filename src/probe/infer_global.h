#pragma once

// Seed 003's global-memory latency patterns (§2.7, Fig. 14), each from its own chase:
//   P1 data-cache hit, L1 TLB hit     a small warm array
//   P2 hit, L1 TLB miss, L2 TLB hit   L1-TLB entries + 1 pages, one cached region per page
//   P3 hit, L1 and L2 TLB miss        L2-TLB entries + 1 pages: one L2 TLB set thrashes
//   P4 miss, L1 TLB hit               never-read lines within a few warm pages
//   P5 miss, TLB miss (page walk)     never-read lines on never-read pages
//   P6 P5 + page-table switch          the same, alternating between pages half the array apart
// "Miss" is a miss of every cache (the load goes to DRAM). A pattern is std::nullopt where it
// cannot occur: P2/P3 without the TLB levels, or when the loads of the pattern are no slower
// than the pattern below (Maxwell's L1 hits skip translation: no P2/P3 with its L1 on), P5/P6
// without a TLB, P6 when alternating pages costs nothing over P5 (no page-table window, or one
// larger than half of max_bytes).

#include <cstdint>
#include <vector>

#include "probe/chase.h"
#include "probe/hierarchy.h"

namespace warpsim::probe {

// `tlbs` as infer_tlbs returns them (the L1 TLB first); `max_bytes` bounds the arrays (P6 needs
// twice the page-table window). Throws std::invalid_argument when max_bytes holds fewer than 8
// pages.
GlobalLatency infer_global_latency(const Chaser& chase, const std::vector<TlbLevel>& tlbs,
                                   LoadPath path, std::uint64_t max_bytes);

}  // namespace warpsim::probe
