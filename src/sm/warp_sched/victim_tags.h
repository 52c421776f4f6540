#pragma once

// Victim tag arrays (CCWS, Rogers et al., MICRO 2012, §3): one small tag-only array per warp
// slot holding the lines evicted from the L1D that the warp had placed there. A later miss of
// that warp on one of them is lost intra-warp locality. Each array is `sets` x `ways`, indexed
// by line number modulo `sets`, FIFO within a set (an empty entry first, else the entry
// inserted longest ago).

#include <cstdint>
#include <vector>

namespace warpsim {

class VictimTags {
 public:
  // Throws std::invalid_argument for zero sets or ways.
  VictimTags(std::uint32_t warps, std::uint32_t sets, std::uint32_t ways);

  // Records `line` in `warp`'s array; a line already there stays where it is.
  void insert(std::uint32_t warp, std::uint64_t line);
  bool contains(std::uint32_t warp, std::uint64_t line) const;
  // Drops `line` from every warp's array (the line was written: its old copy is no locality).
  void invalidate(std::uint64_t line);
  // Empties `warp`'s array (a new warp takes the slot).
  void clear(std::uint32_t warp);

 private:
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
  std::size_t set_base(std::uint32_t warp, std::uint64_t line) const {
    return (std::size_t{warp} * sets_ + line % sets_) * ways_;
  }

  std::uint32_t sets_;
  std::uint32_t ways_;
  std::vector<std::uint64_t> tags_;   // warp, set, way
  std::vector<std::uint64_t> stamp_;  // insertion order of each entry
  std::uint64_t next_stamp_ = 0;
};

}  // namespace warpsim
