#pragma once

// One kernel's scratchpad-sharing table on one SM (seed 002, digest §2.2): `pairs` +
// `unshared` base places, filled first, then `pairs` extra places; extra place j pairs with
// base place j. A CTA takes the lowest free place, so the first CTAs an SM receives are the
// baseline's and the extra ones pair with the earliest of them, in order; a CTA launched in
// place of a finished one inherits its place, shared or not. Each place books the shared
// memory it holds: an unshared or base place the whole CTA's bytes (its private part and the
// pair's shared region), an extra place only its private part.

#include <cstdint>
#include <optional>
#include <vector>

#include "sm/kernel_occupancy.h"

namespace warpsim {

class SharingSlots {
 public:
  SharingSlots(const SharingOccupancy& sharing, std::uint64_t cta_bytes);

  // The place the next CTA takes, or nullopt when all are taken.
  std::optional<std::uint32_t> next_free() const;
  void take(std::uint32_t slot) { taken_.at(slot) = true; }
  void free(std::uint32_t slot) { taken_.at(slot) = false; }

  // Shared memory the place books, and its pair (kNoPair for an unshared place).
  std::uint64_t bytes(std::uint32_t slot) const;
  std::uint32_t pair(std::uint32_t slot) const;
  std::uint32_t size() const { return static_cast<std::uint32_t>(taken_.size()); }

 private:
  SharingOccupancy sharing_;
  std::uint64_t cta_bytes_;
  std::vector<bool> taken_;
};

}  // namespace warpsim
