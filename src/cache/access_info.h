#pragma once

#include <cstdint>

#include "cache/warp_window.h"
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
  std::uint64_t warp_age = 0;  // MemRequest::warp_age: with sm_id, names one warp of the run
  std::uint32_t age_rank = 0;  // MemRequest::age_rank
  bool is_write = false;
  // MemRequest::token, or true where the cache does not honor tokens (tokens.honor false).
  bool token = true;
  // The owner SM's active-warp window at this access, where the replacement policy asks for
  // it (ReplacementPolicy::wants_warp_window); empty otherwise.
  WarpWindow window{};
};

}  // namespace warpsim
