#pragma once

// The Decoupled L1D's tag store (seed 000 ch. 4, Chao Li's thesis §4.4; docs/memory.md
// "Decoupled L1D"): more tag entries than the data store has lines, in the same sets, each with
// a saturating reference count (RC). A block's entry counts its reads; the block is given a
// data line once its count reaches the locality threshold, and until then its reads bypass the
// cache. The data store's own tags stand for the thesis's Position field: an entry is
// `committed` while the data store holds (or has reserved) its line.
//
// The rules, each a decision where the thesis leaves one open (seed-000.md §7):
//  - A read finds its block's entry or makes one, then adds one to its RC (saturating at
//    2^rc_bits - 1); a new entry starts at 0, so RC counts the reads since the entry was made.
//  - A read that would miss is admitted when its RC after this read is at least `threshold`;
//    threshold 0 or 1 admits every read.
//  - A new entry takes an invalid way, else the uncommitted entry with the smallest RC (LFU),
//    ties to the least recently read. Committed entries are never replaced (the tag store has
//    more ways than the data store, so an uncommitted entry always exists).
//  - When the data store places a line in a set, or a line leaves it, every other entry of the
//    set loses one from its RC (aging, floored at 0): once per event, the placed and the
//    evicted entry excepted. A flush ages nothing.
//  - An entry whose data line leaves becomes uncommitted with RC 0.
//  - Writes do not count: the cache's write policy decides what they do to the data line.

#include <cstdint>
#include <optional>
#include <vector>

#include "sim/time.h"

namespace warpsim {

struct AdmissionCounters;

struct LocalityTagsConfig {
  std::uint32_t sets = 32;
  std::uint32_t ways = 8;       // tag entries per set
  std::uint32_t data_ways = 4;  // lines per set in the data store; ways must exceed it
  std::uint32_t rc_bits = 6;
  std::uint32_t threshold = 2;
};

class LocalityTags {
 public:
  struct Entry {
    Addr line = 0;
    std::uint64_t last_read = 0;  // tie-break among equal counts: the oldest goes
    std::uint8_t rc = 0;
    bool valid = false;
    bool committed = false;
  };

  // Throws std::invalid_argument for a geometry that cannot work (ways <= data_ways, no sets,
  // rc_bits outside 1..8).
  LocalityTags(const LocalityTagsConfig& config, AdmissionCounters* counters);

  // Whether a read of `line` that would miss should be given a data line (no state change).
  bool admits(std::uint32_t set, Addr line) const;
  void on_read(std::uint32_t set, Addr line);
  void on_place(std::uint32_t set, Addr line, std::optional<Addr> evicted);
  void on_remove(std::uint32_t set, Addr line, bool flush);

  // The entry of `line` in `set`, or null.
  const Entry* find(std::uint32_t set, Addr line) const;
  const LocalityTagsConfig& config() const { return config_; }

 private:
  Entry* lookup(std::uint32_t set, Addr line);
  // The entry of `line`, made (RC 0, uncommitted) when there is none.
  Entry& find_or_make(std::uint32_t set, Addr line);
  void age(std::uint32_t set, const Entry* keep, const Entry* keep_too);
  Entry* set_begin(std::uint32_t set) { return &entries_[std::size_t{set} * config_.ways]; }

  LocalityTagsConfig config_;
  std::uint8_t rc_max_;
  AdmissionCounters* counters_;
  std::vector<Entry> entries_;
  std::uint64_t reads_ = 0;
};

}  // namespace warpsim
