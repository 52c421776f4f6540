#include "ptx/analysis/bit_set.h"

#include <ostream>
#include <stdexcept>

namespace warpsim::ptx {

BitSet::BitSet(std::size_t size, bool value)
    : size_(size), words_((size + kWordBits - 1) / kWordBits, value ? ~std::uint64_t{0} : 0) {
  clear_padding();
}

BitSet BitSet::of(std::size_t size, std::initializer_list<std::size_t> members) {
  BitSet set(size);
  for (std::size_t m : members) set.set(m);
  return set;
}

bool BitSet::test(std::size_t index) const {
  check_index(index);
  return (words_[index / kWordBits] >> (index % kWordBits)) & 1U;
}

void BitSet::set(std::size_t index) {
  check_index(index);
  words_[index / kWordBits] |= std::uint64_t{1} << (index % kWordBits);
}

void BitSet::reset(std::size_t index) {
  check_index(index);
  words_[index / kWordBits] &= ~(std::uint64_t{1} << (index % kWordBits));
}

void BitSet::set_all() {
  for (auto& w : words_) w = ~std::uint64_t{0};
  clear_padding();
}

void BitSet::clear() {
  for (auto& w : words_) w = 0;
}

std::size_t BitSet::count() const {
  std::size_t total = 0;
  for (auto w : words_) total += static_cast<std::size_t>(std::popcount(w));
  return total;
}

bool BitSet::any() const {
  for (auto w : words_) {
    if (w != 0) return true;
  }
  return false;
}

bool BitSet::is_subset_of(const BitSet& other) const {
  check_same_size(other);
  for (std::size_t i = 0; i < words_.size(); ++i) {
    if ((words_[i] & ~other.words_[i]) != 0) return false;
  }
  return true;
}

bool BitSet::union_with(const BitSet& other) {
  check_same_size(other);
  std::uint64_t changed = 0;
  for (std::size_t i = 0; i < words_.size(); ++i) {
    std::uint64_t next = words_[i] | other.words_[i];
    changed |= next ^ words_[i];
    words_[i] = next;
  }
  return changed != 0;
}

bool BitSet::intersect_with(const BitSet& other) {
  check_same_size(other);
  std::uint64_t changed = 0;
  for (std::size_t i = 0; i < words_.size(); ++i) {
    std::uint64_t next = words_[i] & other.words_[i];
    changed |= next ^ words_[i];
    words_[i] = next;
  }
  return changed != 0;
}

bool BitSet::subtract(const BitSet& other) {
  check_same_size(other);
  std::uint64_t changed = 0;
  for (std::size_t i = 0; i < words_.size(); ++i) {
    std::uint64_t next = words_[i] & ~other.words_[i];
    changed |= next ^ words_[i];
    words_[i] = next;
  }
  return changed != 0;
}

std::size_t BitSet::find_next(std::size_t from) const {
  if (from >= size_) return size_;
  std::size_t w = from / kWordBits;
  std::uint64_t bits = words_[w] & (~std::uint64_t{0} << (from % kWordBits));
  while (true) {
    if (bits != 0) return w * kWordBits + static_cast<std::size_t>(std::countr_zero(bits));
    if (++w == words_.size()) return size_;
    bits = words_[w];
  }
}

std::vector<std::uint32_t> BitSet::members() const {
  std::vector<std::uint32_t> out;
  for_each([&](std::size_t m) { out.push_back(static_cast<std::uint32_t>(m)); });
  return out;
}

std::string BitSet::to_string() const {
  std::string out = "{";
  for_each([&](std::size_t m) {
    if (out.size() > 1) out += ", ";
    out += std::to_string(m);
  });
  return out + "}";
}

void BitSet::check_index(std::size_t index) const {
  if (index >= size_) {
    throw std::out_of_range("BitSet index " + std::to_string(index) + " out of range (size " +
                            std::to_string(size_) + ")");
  }
}

void BitSet::check_same_size(const BitSet& other) const {
  if (other.size_ != size_) {
    throw std::invalid_argument("BitSet sizes differ: " + std::to_string(size_) + " vs " +
                                std::to_string(other.size_));
  }
}

void BitSet::clear_padding() {
  std::size_t tail = size_ % kWordBits;
  if (tail != 0) words_.back() &= (std::uint64_t{1} << tail) - 1;
}

std::ostream& operator<<(std::ostream& os, const BitSet& set) { return os << set.to_string(); }

}  // namespace warpsim::ptx
