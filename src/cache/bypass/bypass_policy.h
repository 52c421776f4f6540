#pragma once

// Whether an access skips this cache level: a bypassed read is forwarded to the next level and
// its data is not allocated here. One file per policy under src/cache/bypass/ (`never`,
// `always`, and MRPB's bypass-on-stall, seed 004).

#include <cstdint>

#include "cache/access_info.h"
#include "sim/config_node.h"

namespace warpsim {

class BypassPolicy {
 public:
  static constexpr const char* kKind = "bypass";

  struct Context {
    std::uint32_t sets = 0;
    std::uint32_t ways = 0;
    std::uint32_t line = 0;
    std::uint64_t seed = 0;
  };

  // Why the cache asks: before looking up (a policy may bypass every access of a warp), or
  // instead of a reservation failure: every line of the set is reserved for a pending fill
  // (kOnLineStall, MRPB's associativity stall) or no MSHR entry or merge slot is free
  // (kOnResourceStall). A full miss queue leaves nothing to bypass through: not asked then.
  enum class When : std::uint8_t { kBeforeLookup, kOnLineStall, kOnResourceStall };

  virtual ~BypassPolicy() = default;
  virtual bool bypass(const AccessInfo& access, When when) = 0;
  // Feedback for learning policies: a line filled by `access` was later hit (`reused`) or
  // evicted without reuse.
  virtual void on_eviction(const AccessInfo& /*filled_by*/, bool /*reused*/) {}
};

}  // namespace warpsim
