#include "sm/local_layout.h"

#include <algorithm>

namespace warpsim {

LocalLayout local_layout(const Occupancy& occupancy, std::uint32_t sm, const SmConfig& config,
                         std::uint32_t cta_slot, std::uint32_t cta_warp) {
  const std::uint64_t ctas = std::max<std::uint32_t>(occupancy.ctas_per_sm, 1);
  const std::uint64_t warps = std::max<std::uint32_t>(occupancy.warps_per_cta, 1);
  return {.first = ((sm * ctas + cta_slot) * warps + cta_warp) * config.warp_size,
          .threads = config.count * ctas * warps * config.warp_size};
}

}  // namespace warpsim
