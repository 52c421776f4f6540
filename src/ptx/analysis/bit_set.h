#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iosfwd>
#include <string>
#include <vector>

namespace warpsim::ptx {

// A fixed-size dense set of small integers (register indices, definition ids, node ids),
// stored as 64-bit words: the value type of the BitSet dataflow problems.
//
// Contract:
//  - The size (universe) is fixed at construction; every index must be < size(), else
//    test/set/reset throw std::out_of_range.
//  - Binary operations require equal sizes and throw std::invalid_argument otherwise, so a
//    problem that mixes register files of different widths fails loudly, not silently.
//  - union_with / intersect_with / subtract update in place and return whether this set
//    changed, which is what a fixed-point solver needs to decide whether to keep going.
//  - Bits past size() are always zero, so == and count() never see stale padding.
class BitSet {
 public:
  BitSet() = default;
  explicit BitSet(std::size_t size, bool value = false);
  static BitSet full(std::size_t size) { return BitSet(size, true); }
  static BitSet of(std::size_t size, std::initializer_list<std::size_t> members);

  std::size_t size() const { return size_; }
  bool test(std::size_t index) const;
  void set(std::size_t index);
  void reset(std::size_t index);
  void set_all();
  void clear();

  std::size_t count() const;
  bool any() const;
  bool none() const { return !any(); }
  bool is_subset_of(const BitSet& other) const;

  bool union_with(const BitSet& other);
  bool intersect_with(const BitSet& other);
  bool subtract(const BitSet& other);

  // The smallest member >= from, or size() when there is none.
  std::size_t find_next(std::size_t from) const;
  std::vector<std::uint32_t> members() const;
  std::string to_string() const;

  template <typename Fn>
  void for_each(Fn&& fn) const {
    for (std::size_t w = 0; w < words_.size(); ++w) {
      for (std::uint64_t bits = words_[w]; bits != 0; bits &= bits - 1) {
        fn(w * kWordBits + static_cast<std::size_t>(std::countr_zero(bits)));
      }
    }
  }

  friend bool operator==(const BitSet&, const BitSet&) = default;

 private:
  static constexpr std::size_t kWordBits = 64;

  void check_index(std::size_t index) const;
  void check_same_size(const BitSet& other) const;
  void clear_padding();

  std::size_t size_ = 0;
  std::vector<std::uint64_t> words_;
};

// Prints "{1, 4, 9}" so test failures show members, not words.
std::ostream& operator<<(std::ostream& os, const BitSet& set);

}  // namespace warpsim::ptx
