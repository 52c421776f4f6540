#include "probe/page_orders.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

namespace warpsim::probe {
namespace {

constexpr std::uint64_t kSectorBytes = 32;
// Regions wrap around after 64 KB of a page.
constexpr std::uint64_t kSpreadLimit = std::uint64_t{64} * 1024;

}  // namespace

std::uint64_t page_visit_offset(const PageSpread& spread, std::uint64_t page, std::uint64_t visit) {
  const std::uint64_t words = spread.region_bytes / 4;
  if (visit >= words) {
    throw std::invalid_argument("page visit " + std::to_string(visit) + " is beyond its " +
                                std::to_string(spread.region_bytes) + "-byte region");
  }
  // Sector-first: visits 0..sectors-1 read word 0 of each sector, the next ones word 1, ...
  const std::uint64_t sectors = spread.region_bytes / kSectorBytes;
  const std::uint64_t word = (visit % sectors) * (kSectorBytes / 4) + visit / sectors;
  const std::uint64_t room = std::clamp<std::uint64_t>(spread.stride / 2, spread.region_bytes,
                                                       std::max(kSpreadLimit, spread.region_bytes));
  const std::uint64_t slots = std::max<std::uint64_t>(room / spread.region_bytes, 1);
  return page * spread.stride + (page % slots) * spread.region_bytes + word * 4;
}

void append_page_passes(std::vector<std::uint64_t>& order, const PageSpread& spread,
                        std::uint64_t pages, std::uint64_t first_visit, std::uint64_t passes) {
  for (std::uint64_t v = first_visit; v < first_visit + passes; ++v) {
    for (std::uint64_t page = 0; page < pages; ++page) {
      order.push_back(page_visit_offset(spread, page, v) / 4);
    }
  }
}

std::uint64_t region_for_visits(std::uint64_t visits) {
  return std::max<std::uint64_t>(128, std::bit_ceil(visits) * 4);
}

}  // namespace warpsim::probe
