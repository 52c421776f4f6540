#pragma once

// Chase orders for the TLB and global-latency experiments (seed 003 §2.5 "TLBs", §2.7): one small
// region of data per page, so that the data stays cached while the pages overflow the TLBs. The
// regions of consecutive pages sit at consecutive 128-byte steps within their pages, so a cache
// indexed by address bits (or a hash of them) spreads them over its sets instead of stacking
// every page's data in one set. A chase never visits a word twice in one cycle of its order, so
// repeated visits to a page read successive words of its region; the first visits touch each
// 32-byte sector of the region once, so warm-up passes bring all of it in.

#include <cstdint>
#include <vector>

namespace warpsim::probe {

struct PageSpread {
  std::uint64_t stride = 0;          // bytes from one visited page to the next
  std::uint64_t region_bytes = 128;  // a power of two >= 128: 32 visits per page per 128 bytes
};

// The byte offset (from the array start) that visit `visit` of page `page` reads.
std::uint64_t page_visit_offset(const PageSpread& spread, std::uint64_t page, std::uint64_t visit);

// Appends `passes` passes over pages [0, pages), page after page, to `order` (word indices);
// the first pass is visit `first_visit` of each page.
void append_page_passes(std::vector<std::uint64_t>& order, const PageSpread& spread,
                        std::uint64_t pages, std::uint64_t first_visit, std::uint64_t passes);

// The smallest region that holds `visits` visits per page.
std::uint64_t region_for_visits(std::uint64_t visits);

}  // namespace warpsim::probe
