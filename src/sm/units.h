#pragma once

// The SM's functional units: per unit class, a number of pipelines, each accepting one warp
// instruction per initiation interval.

#include <array>
#include <cstdint>
#include <vector>

#include "sim/time.h"
#include "sm/sm_config.h"

namespace warpsim {

class FunctionalUnits {
 public:
  explicit FunctionalUnits(const SmConfig& config);

  bool can_issue(Unit unit, Cycle now) const;
  // Occupies the lowest-numbered free pipeline of `unit` for `interval` cycles.
  void issue(Unit unit, Cycle now, std::uint32_t interval);
  // The first cycle at which some pipeline of `unit` is free.
  std::uint64_t free_from(Unit unit) const;
  // The first cycle after `now` at which a busy pipeline frees, or kNever.
  std::uint64_t next_free(Cycle now) const;

 private:
  std::array<std::vector<std::uint64_t>, static_cast<std::size_t>(Unit::kCount)> free_at_;
};

}  // namespace warpsim
