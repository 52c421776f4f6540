#pragma once

// Where a warp's local memory lies. GPGPU-Sim's translate_local_memaddr layout: the threads a
// kernel can have resident are numbered SM by SM, CTA slot by CTA slot (its occupancy's CTAs of
// warps_per_cta warps), warp by warp and lane by lane, and word k of all of them lies in one
// region of 4 x `threads` bytes (LdstUnit places the regions): the same word of consecutive
// warps is in consecutive lines, so the warps' copies of a local variable fill the cache sets
// densely. A CTA slot beyond the kernel's occupancy (concurrent kernels on one SM) shares the
// numbers of the next SM's first slots, as in GPGPU-Sim: local data never travels, so this can
// only alias in the caches.

#include <cstdint>

#include "sm/kernel_occupancy.h"
#include "sm/sm_config.h"

namespace warpsim {

struct LocalLayout {
  std::uint64_t first = 0;    // the warp's lane 0
  std::uint64_t threads = 1;  // threads in the layout
};

// The layout of warp `cta_warp` of the CTA in slot `cta_slot` of SM `sm`, fixed for the CTA's life.
LocalLayout local_layout(const Occupancy& occupancy, std::uint32_t sm, const SmConfig& config,
                         std::uint32_t cta_slot, std::uint32_t cta_warp);

}  // namespace warpsim
