#pragma once

// Which of a kernel's warps on one scheduler issue and which of those hold a cache token (PCAL,
// seed 001 §4.3; docs/timing.md "Cache tokens"). The SM asks once per CTA start, with the
// kernel's warp cap (sm.throttle.warps or its own from sm.throttle.kernels), the most warps of
// the kernel one scheduler can hold, and the kernel's own EBTNum if the kernels file gives one.
// Warps issue and hold tokens by age: the oldest `issue` of the kernel's warps on a scheduler
// that are neither finished nor at a barrier issue, and the oldest `tokens` of its unfinished
// warps hold tokens, so a token passes to the oldest warp without one when its holder ends.
// A request carries its warp's token (MemRequest::token); caches with tokens.honor act on it.
// One file per policy under src/sm/tokens/.

#include <cstdint>
#include <optional>

#include "sim/config_node.h"

namespace warpsim {

class TokenPolicy {
 public:
  static constexpr const char* kKind = "cache_tokens";

  struct Context {
    std::uint32_t sm = 0;
    std::uint32_t slots = 0;  // warp slots of one scheduler
  };

  // 0: no limit.
  struct Split {
    std::uint32_t issue = 0;
    std::uint32_t tokens = 0;
  };

  virtual ~TokenPolicy() = default;
  // `cap`: the kernel's warp cap (0: none); `resident`: the most warps of the kernel one of
  // this SM's schedulers holds (at least 1); `ebt`: the kernel's own EBTNum, if given.
  virtual Split split(std::uint32_t cap, std::uint32_t resident,
                      std::optional<std::int32_t> ebt) const = 0;
};

// Static PCAL's Table 4.3 (sm/tokens/pcal.cc): the split for warp cap `cap` (0: none),
// `resident` warps of the kernel per scheduler and EBTNum `ebt`.
TokenPolicy::Split pcal_split(std::uint32_t cap, std::uint32_t resident, std::int64_t ebt);

}  // namespace warpsim
