#pragma once

#include <cstdint>

#include "sim/time.h"

namespace warpsim {

// What a cache knows about the access it is serving. Policies see it on every hook so that
// PC-, warp- or CTA-aware policies need no side channel to the core.
struct AccessInfo {
  Addr addr = 0;
  std::uint64_t pc = 0;
  std::uint32_t sm_id = 0;
  std::uint32_t warp_id = 0;
  std::uint32_t cta_id = 0;
  bool is_write = false;
};

}  // namespace warpsim
