#include "gpu/sharing_occupancy.h"

#include <algorithm>
#include <cmath>

namespace warpsim {

std::uint64_t private_bytes(std::uint64_t cta_bytes, double t) {
  return static_cast<std::uint64_t>(std::floor(t * static_cast<double>(cta_bytes)));
}

SharingOccupancy sharing_occupancy(const Occupancy& base, std::uint64_t cta_bytes,
                                   std::uint64_t capacity, double t) {
  const std::uint32_t m = base.ctas_per_sm;
  const SharingOccupancy none{m, 0, 0};
  if (m == 0 || cta_bytes == 0 || base.limiter != OccupancyLimiter::kSharedMemory) return none;
  const std::uint32_t cap =
      std::min({base.ctas_by_slots, base.ctas_by_warps, base.ctas_by_registers});
  const std::uint64_t pair_bytes = cta_bytes + private_bytes(cta_bytes, t);
  for (std::uint32_t n = cap; n > m; --n) {
    // pairs p: u = n - 2p >= 0 and u + p = n - p >= m; memory falls as p grows.
    const std::uint32_t most = std::min(n / 2, n - m);
    for (std::uint32_t p = 1; p <= most; ++p) {
      const std::uint64_t bytes = std::uint64_t{n - 2 * p} * cta_bytes + p * pair_bytes;
      if (bytes <= capacity) return {n - 2 * p, p, private_bytes(cta_bytes, t)};
    }
  }
  return none;
}

}  // namespace warpsim
