#pragma once

// Miss status holding registers of the generic cache, one per line with fetches in flight
// (GPGPU-Sim's mshr_table, keyed here by line rather than by sector). Each entry remembers
// the sectors requested from the next level and those already delivered, and holds up to
// `merge` waiting requests. Entries live in an array sized at construction, each entry's
// waiters in a list that keeps its storage when the entry is freed (so memory follows the most
// waiters an entry has had, not entries x merge, and stops allocating once warm); lookups go
// through an open-addressing index, which only answers "which entry holds this line" and so
// cannot make results depend on hash order.

#include <cstdint>
#include <vector>

#include "mem/packet.h"
#include "sim/time.h"

namespace warpsim {

struct MshrWaiter {
  std::uint64_t tag = 0;   // the request's tag, handed back when it completes
  SectorMask needed = 0;   // sectors it waits for (all requested by this entry)
  SectorMask written = 0;  // sectors to mark dirty when it completes (writes, atomics)
};

struct MshrEntry {
  Addr line = 0;
  SectorMask requested = 0;
  SectorMask arrived = 0;
  std::uint64_t sequence = 0;  // of its first fetch; later fetches of the entry count up
  bool used = false;
  bool places = true;  // its fill places the line (false: a token-less read's, cache tokens)
};

class MshrTable {
 public:
  static constexpr std::uint32_t kNone = ~std::uint32_t{0};

  // Throws std::invalid_argument for zero entries or a zero merge limit.
  MshrTable(std::uint32_t entries, std::uint32_t merge);

  std::uint32_t find(Addr line) const;
  bool full() const { return free_.empty(); }
  std::uint32_t in_use() const { return capacity() - static_cast<std::uint32_t>(free_.size()); }
  std::uint32_t capacity() const { return static_cast<std::uint32_t>(entries_.size()); }

  // A fresh entry for `line` (which must have none) whose first fetch is numbered `sequence`.
  // Requires !full().
  std::uint32_t allocate(Addr line, std::uint64_t sequence);
  void release(std::uint32_t index);

  MshrEntry& entry(std::uint32_t index) { return entries_[index]; }
  const MshrEntry& entry(std::uint32_t index) const { return entries_[index]; }
  std::uint32_t waiters(std::uint32_t index) const {
    return static_cast<std::uint32_t>(waiters_[index].size());
  }
  bool can_merge(std::uint32_t index) const { return waiters(index) < merge_; }
  void add_waiter(std::uint32_t index, const MshrWaiter& waiter);

  // Calls done(waiter) for each waiter whose needed sectors have all arrived, in arrival
  // order, and keeps the others in order.
  template <typename Done>
  void complete_arrived(std::uint32_t index, Done&& done) {
    const SectorMask arrived = entries_[index].arrived;
    std::vector<MshrWaiter>& waiters = waiters_[index];
    std::size_t kept = 0;
    for (const MshrWaiter& w : waiters) {
      if ((w.needed & ~arrived) == 0) {
        done(w);
      } else {
        waiters[kept++] = w;
      }
    }
    waiters.resize(kept);
  }

 private:
  std::uint32_t home(Addr line) const {
    return static_cast<std::uint32_t>((line * 0x9e3779b97f4a7c15ULL) >> shift_);
  }
  void unlink(std::uint32_t index);

  std::uint32_t merge_;
  std::vector<MshrEntry> entries_;
  std::vector<std::vector<MshrWaiter>> waiters_;  // per entry, in arrival order
  std::vector<std::uint32_t> free_;               // a stack; the lowest index is handed out first
  std::vector<std::uint32_t> slots_;              // line hash -> entry index, kNone when empty
  std::uint32_t mask_ = 0;
  std::uint32_t shift_ = 0;
};

}  // namespace warpsim
