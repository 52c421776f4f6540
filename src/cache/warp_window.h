#pragma once

// The active warps of the SM that owns an L1 cache, for warp-age-aware replacement (AgeLRU,
// seed 001 §5.2): the launch ages (AWIDs before any wrap-around) of its oldest active warp and
// of the youngest warp launched on it. A warp is active while it has instructions left and does
// not wait at a barrier; lines placed by warps outside the window belong to no active warp.
// The owner gives the cache a WarpWindowSource (Cache::set_warp_window); the cache asks it at
// each access whose replacement policy wants it (ReplacementPolicy::wants_warp_window).

#include <cstdint>

namespace warpsim {

struct WarpWindow {
  std::uint64_t oldest = 1;  // empty while oldest > youngest
  std::uint64_t youngest = 0;
  bool empty() const { return oldest > youngest; }
};

class WarpWindowSource {
 public:
  virtual ~WarpWindowSource() = default;
  virtual WarpWindow warp_window() const = 0;
};

}  // namespace warpsim
