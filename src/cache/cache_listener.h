#pragma once

// Someone outside the cache who wants to know what happens to its lines (the SM's warp
// schedulers that watch the L1D: CCWS's victim tag arrays). The cache calls the listener, when
// it has one (Cache::set_listener), during access() and fill(). Lines are given as line
// numbers (address / line size).

#include <cstdint>

#include "cache/access_info.h"
#include "mem/packet.h"
#include "sim/time.h"

namespace warpsim {

enum class CacheOutcome : std::uint8_t;

class CacheListener {
 public:
  virtual ~CacheListener() = default;
  // Line `line` leaves the cache to make room for another; `owner` is the access that placed it.
  // During a miss that allocates on miss this comes before the miss's on_access.
  virtual void on_evict(std::uint64_t line, const AccessInfo& owner, Cycle now) = 0;
  // An access looked the line up (hits, misses, reserved hits) or went on past the cache
  // (forwarded writes and bypasses); refused accesses are not reported.
  virtual void on_access(std::uint64_t line, const AccessInfo& info, MemKind kind,
                         CacheOutcome outcome, Cycle now) = 0;
};

}  // namespace warpsim
