#include "cache/mshr.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

namespace warpsim {

MshrTable::MshrTable(std::uint32_t entries, std::uint32_t merge) : merge_(merge) {
  if (entries == 0 || merge == 0 || entries >= (std::uint32_t{1} << 24)) {
    throw std::invalid_argument("MSHR table needs 1..2^24-1 entries and a merge limit >= 1, got " +
                                std::to_string(entries) + " entries, merge " +
                                std::to_string(merge));
  }
  entries_.resize(entries);
  waiters_.resize(entries);
  free_.reserve(entries);
  for (std::uint32_t i = entries; i > 0; --i) free_.push_back(i - 1);
  // At most half full, so probe runs stay short.
  const std::uint32_t slots = std::bit_ceil(std::max<std::uint32_t>(2, entries * 2));
  slots_.assign(slots, kNone);
  mask_ = slots - 1;
  shift_ = 64 - static_cast<std::uint32_t>(std::countr_zero(slots));
}

std::uint32_t MshrTable::find(Addr line) const {
  for (std::uint32_t slot = home(line);; slot = (slot + 1) & mask_) {
    const std::uint32_t index = slots_[slot];
    if (index == kNone) return kNone;
    if (entries_[index].line == line) return index;
  }
}

std::uint32_t MshrTable::allocate(Addr line, std::uint64_t sequence) {
  const std::uint32_t index = free_.back();
  free_.pop_back();
  entries_[index] = MshrEntry{.line = line, .sequence = sequence, .used = true};
  std::uint32_t slot = home(line);
  while (slots_[slot] != kNone) slot = (slot + 1) & mask_;
  slots_[slot] = index;
  return index;
}

void MshrTable::release(std::uint32_t index) {
  unlink(index);
  entries_[index].used = false;
  waiters_[index].clear();
  free_.push_back(index);
}

void MshrTable::add_waiter(std::uint32_t index, const MshrWaiter& waiter) {
  waiters_[index].push_back(waiter);
}

// Linear probing's backward-shift deletion: later entries of the probe run move up into the
// hole when their home slot is not between the hole and their current slot.
void MshrTable::unlink(std::uint32_t index) {
  std::uint32_t hole = home(entries_[index].line);
  while (slots_[hole] != index) hole = (hole + 1) & mask_;
  slots_[hole] = kNone;
  for (std::uint32_t next = (hole + 1) & mask_; slots_[next] != kNone; next = (next + 1) & mask_) {
    const std::uint32_t from_home = (next - home(entries_[slots_[next]].line)) & mask_;
    if (from_home >= ((next - hole) & mask_)) {
      slots_[hole] = slots_[next];
      slots_[next] = kNone;
      hole = next;
    }
  }
}

}  // namespace warpsim
