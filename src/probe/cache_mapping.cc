// Which address bits pick a cache set, read from the sets stage 2 found (seed 003 §2.5: a
// conventional cache takes them right above the line offset, the texture L1 takes bits 7-8 with
// 32-byte lines, the read-only cache, the Fermi L1 and the L2s hash). Offsets are relative to the
// chased array, which starts on a 2 MB boundary (chase_runner.h), so bits below 21 are absolute.

#include <bit>
#include <map>
#include <string>

#include "probe/cache_probe.h"

namespace warpsim::probe {
namespace {

constexpr std::uint32_t kHighestBit = 40;
constexpr std::uint64_t kLargestBlock = 4096;
constexpr std::uint32_t kBitProbes = 4;  // count mode: bit fields starting at the line offset..+3
constexpr std::uint32_t kProbePasses = 2;

std::string bit_range(std::uint32_t low, std::uint32_t count) {
  if (count == 1) return "bit " + std::to_string(low);
  return "bits " + std::to_string(low) + "-" + std::to_string(low + count - 1);
}

// The set each set's lines agree on under "bits p..", or empty when they do not all agree or
// two sets share a value.
std::vector<std::size_t> bit_field_keys(const std::vector<std::vector<std::uint64_t>>& sets,
                                        std::uint32_t line, std::uint32_t p) {
  const std::uint64_t mask = sets.size() - 1;
  std::vector<std::size_t> keys;
  std::vector<bool> taken(sets.size(), false);
  for (const auto& set : sets) {
    const std::uint64_t key = (set.front() * line >> p) & mask;
    for (std::uint64_t l : set) {
      if (((l * line >> p) & mask) != key) return {};
    }
    if (taken[key]) return {};
    taken[key] = true;
    keys.push_back(key);
  }
  return keys;
}

// The largest aligned block (a power of two of bytes) whose lines always share a set.
std::uint64_t shared_block(const std::vector<std::vector<std::uint64_t>>& sets,
                           std::uint32_t line) {
  std::map<std::uint64_t, std::size_t> set_of;
  for (std::size_t s = 0; s < sets.size(); ++s) {
    for (std::uint64_t l : sets[s]) set_of[l] = s;
  }
  std::uint64_t block = line;
  for (std::uint64_t next = 2ull * line; next <= kLargestBlock; next *= 2) {
    std::map<std::uint64_t, std::size_t> block_set;
    for (const auto& [l, s] : set_of) {
      const auto [it, fresh] = block_set.emplace(l * line / next, s);
      if (!fresh && it->second != s) return block;
    }
    block = next;
  }
  return block;
}

}  // namespace

SetMapping describe_mapping(const std::vector<std::vector<std::uint64_t>>& sets,
                            std::uint32_t line) {
  SetMapping m;
  for (std::size_t s = 0; s < sets.size(); ++s) m.order.push_back(s);
  if (sets.empty()) {
    m.text = "unknown";
    return m;
  }
  if (sets.size() == 1) {
    m.text = "one set (fully associative)";
    return m;
  }
  if (std::has_single_bit(sets.size())) {
    const auto count = static_cast<std::uint32_t>(std::countr_zero(sets.size()));
    for (auto p = static_cast<std::uint32_t>(std::countr_zero(line)); p < kHighestBit; ++p) {
      const std::vector<std::size_t> keys = bit_field_keys(sets, line, p);
      if (keys.empty()) continue;
      for (std::size_t s = 0; s < keys.size(); ++s) m.order[keys[s]] = s;
      m.text = bit_range(p, count);
      return m;
    }
  }
  m.text = "hashed (not a bit field)";
  const std::uint64_t block = shared_block(sets, line);
  if (block > line) {
    m.text += "; each aligned " + std::to_string(block) + " B block maps to one set";
  }
  return m;
}

std::string probe_bit_mapping(CacheProbe& p, std::uint32_t ways, std::uint32_t sets) {
  if (!std::has_single_bit(sets)) return "unknown (the sets are not a power of two)";
  const auto count = static_cast<std::uint32_t>(std::countr_zero(sets));
  if (count == 0) return "one set (fully associative)";
  const auto offset_bits = static_cast<std::uint32_t>(std::countr_zero(p.line));
  for (std::uint32_t bit = offset_bits; bit < offset_bits + kBitProbes; ++bit) {
    const std::uint64_t stride = (std::uint64_t{1} << bit) * sets;
    std::vector<std::uint64_t> order;
    for (std::uint64_t j = 0; j <= ways; ++j) order.push_back(j * stride / 4);
    const std::uint64_t slow =
        p.run.count_slow(order, 2 * order.size(), kProbePasses * order.size(), p.above);
    if (slow > 0) return bit_range(bit, count);
  }
  return "hashed (not a bit field)";
}

}  // namespace warpsim::probe
