#include "cache/tag_array.h"

#include <stdexcept>
#include <string>

#include "sim/registry.h"

namespace warpsim {

TagArray::TagArray(std::uint64_t size, std::uint32_t line, std::uint32_t ways,
                   const ConfigNode& replacement, std::uint64_t seed)
    : line_(line), ways_(ways) {
  if (line == 0 || (line & (line - 1)) != 0 || ways == 0 || ways > kMaxWays ||
      size % (std::uint64_t{line} * ways) != 0 || size == 0) {
    throw replacement.error("cache geometry " + std::to_string(size) + " bytes, " +
                            std::to_string(line) + "-byte lines, " + std::to_string(ways) +
                            " ways is not a whole number of sets of power-of-two lines");
  }
  sets_ = static_cast<std::uint32_t>(size / (std::uint64_t{line} * ways));
  tags_.assign(std::size_t{sets_} * ways_, 0);
  valid_.assign(std::size_t{sets_} * ways_, false);
  policy_ = PolicyRegistry::global().create<ReplacementPolicy>(
      replacement, ReplacementPolicy::Context{sets_, ways_, seed});
}

std::optional<std::uint32_t> TagArray::find(std::uint32_t set, Addr line) const {
  for (std::uint32_t w = 0; w < ways_; ++w) {
    const std::size_t i = std::size_t{set} * ways_ + w;
    if (valid_[i] && tags_[i] == line) return w;
  }
  return std::nullopt;
}

bool TagArray::access(const AccessInfo& access) {
  const std::uint32_t set = set_of(access.addr);
  const auto way = find(set, line_of(access.addr));
  if (!way) return false;
  policy_->on_hit(set, *way, access);
  return true;
}

void TagArray::invalidate_all() {
  for (std::uint32_t set = 0; set < sets_; ++set) {
    for (std::uint32_t way = 0; way < ways_; ++way) {
      const std::size_t i = std::size_t{set} * ways_ + way;
      if (!valid_[i]) continue;
      valid_[i] = false;
      policy_->on_invalidate(set, way);
    }
  }
}

bool TagArray::contains(Addr addr) const { return find(set_of(addr), line_of(addr)).has_value(); }

std::optional<Addr> TagArray::fill(const AccessInfo& access, bool demote) {
  const std::uint32_t set = set_of(access.addr);
  const Addr line = line_of(access.addr);
  if (find(set, line)) return std::nullopt;
  std::optional<Addr> evicted;
  std::uint32_t way = ways_;
  for (std::uint32_t w = 0; w < ways_; ++w) {
    if (!valid_[std::size_t{set} * ways_ + w]) {
      way = w;
      break;
    }
  }
  if (way == ways_) {
    way = policy_->select_victim(set, WayMask::all(ways_), access);
    evicted = tags_[std::size_t{set} * ways_ + way];
  }
  tags_[std::size_t{set} * ways_ + way] = line;
  valid_[std::size_t{set} * ways_ + way] = true;
  policy_->on_fill(set, way, access);
  if (demote) policy_->demote(set, way);
  return evicted;
}

}  // namespace warpsim
