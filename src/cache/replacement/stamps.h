#pragma once

// Per-line stamps for the policies that evict the line with the oldest stamp: LRU (a fill or
// hit stamps), FIFO (a fill stamps), and the LRU order inside AgeLRU and RPR. Stamps of used
// lines count up from 2^63 and stamps of demoted lines (LIP/BIP insertion) count down from it,
// so a demoted line is older than every used one and the latest demote is the oldest of all;
// an invalidated line has stamp 0. 2^63 stamps are more than any simulation makes. Indexed as
// ReplacementPolicy::line_index; victim() is ReplacementPolicy::smallest_stamp over them.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace warpsim {

class Stamps {
 public:
  explicit Stamps(std::size_t lines) : stamps_(lines, 0) {}

  void use(std::size_t line) { stamps_[line] = ++clock_; }
  void demote(std::size_t line) { stamps_[line] = --demote_clock_; }
  void clear(std::size_t line) { stamps_[line] = 0; }
  const std::vector<std::uint64_t>& values() const { return stamps_; }

 private:
  static constexpr std::uint64_t kBase = std::uint64_t{1} << 63;
  std::uint64_t clock_ = kBase;
  std::uint64_t demote_clock_ = kBase;
  std::vector<std::uint64_t> stamps_;
};

}  // namespace warpsim
