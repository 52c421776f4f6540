#pragma once

// Warp ages as warp-age-aware replacement keeps them per line (AgeLRU, RPR; seed 001 §5.2):
// AWIDs, the launch ages of the placing warps, in counters `bits` wide that wrap around (0:
// exact ages), tested against the owner SM's window of active warps (cache/warp_window.h).

#include <cstdint>

#include "cache/warp_window.h"

namespace warpsim {

inline std::uint64_t awid_mask(std::uint32_t bits) {
  return bits == 0 || bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
}

// Whether masked AWID `awid` belongs to an active warp: oldest <= awid <= youngest, wrapped
// (awid >= oldest or awid <= youngest) where the window straddles the counters' wrap. A window
// wider than the counters holds every AWID; an empty one none.
inline bool awid_active(std::uint64_t awid, const WarpWindow& window, std::uint64_t mask) {
  if (window.empty()) return false;
  if (window.youngest - window.oldest >= mask) return true;
  const std::uint64_t oldest = window.oldest & mask;
  const std::uint64_t youngest = window.youngest & mask;
  return oldest <= youngest ? oldest <= awid && awid <= youngest
                            : awid >= oldest || awid <= youngest;
}

// 0 for the oldest active warp; larger is younger.
inline std::uint64_t awid_relative(std::uint64_t awid, const WarpWindow& window,
                                   std::uint64_t mask) {
  return (awid - (window.oldest & mask)) & mask;
}

}  // namespace warpsim
