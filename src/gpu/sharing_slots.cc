#include "gpu/sharing_slots.h"

namespace warpsim {

SharingSlots::SharingSlots(const SharingOccupancy& sharing, std::uint64_t cta_bytes)
    : sharing_(sharing), cta_bytes_(cta_bytes), taken_(sharing.total(), false) {}

std::optional<std::uint32_t> SharingSlots::next_free() const {
  for (std::uint32_t s = 0; s < taken_.size(); ++s) {
    if (!taken_[s]) return s;
  }
  return std::nullopt;
}

// Places: [0, pairs) base of pair j = slot; [pairs, pairs + unshared) unshared; then the extra
// places, the one at pairs + unshared + j pairing with base place j.
std::uint32_t SharingSlots::pair(std::uint32_t slot) const {
  const std::uint32_t base = sharing_.pairs + sharing_.unshared;
  if (slot < sharing_.pairs) return slot;
  if (slot < base) return kNoPair;
  return slot - base;
}

std::uint64_t SharingSlots::bytes(std::uint32_t slot) const {
  return slot < sharing_.pairs + sharing_.unshared ? cta_bytes_ : sharing_.private_bytes;
}

}  // namespace warpsim
