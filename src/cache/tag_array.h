#pragma once

// The tags of a set-associative cache: which lines are present, with a replacement policy
// choosing victims. Linear set indexing (line address mod sets). Used by the SM's instruction
// cache; the data caches of the memory hierarchy build on it.

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "cache/replacement/replacement_policy.h"
#include "sim/config_node.h"

namespace warpsim {

class TagArray {
 public:
  // `replacement` is a resolved policy slot. Throws ConfigError for a bad geometry.
  TagArray(std::uint64_t size, std::uint32_t line, std::uint32_t ways,
           const ConfigNode& replacement, std::uint64_t seed);

  // Whether the line holding `addr` is present; a hit updates the replacement state.
  bool access(const AccessInfo& access);
  bool contains(Addr addr) const;
  // Places the line holding `addr` (evicting a victim when the set is full); returns the
  // evicted line's address, if any. `demote`: the line enters at the eviction end of its set
  // (ReplacementPolicy::demote), as a prefetched line that has not been used yet.
  std::optional<Addr> fill(const AccessInfo& access, bool demote = false);

  // Removes every line (the replacement policy hears on_invalidate for each).
  void invalidate_all();

  Addr line_of(Addr addr) const { return addr & ~Addr{line_ - 1}; }
  std::uint32_t line_size() const { return line_; }

 private:
  std::uint32_t set_of(Addr addr) const {
    return static_cast<std::uint32_t>((addr / line_) % sets_);
  }
  std::optional<std::uint32_t> find(std::uint32_t set, Addr line) const;

  std::uint32_t line_;
  std::uint32_t sets_;
  std::uint32_t ways_;
  std::vector<Addr> tags_;  // set * ways + way: line address
  std::vector<bool> valid_;
  std::unique_ptr<ReplacementPolicy> policy_;
};

}  // namespace warpsim
