#pragma once

// Comparing a workload's results with its CPU reference (bounded.h).

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "workload/bounded.h"

namespace warpsim::workload {

// Throws CheckFailed naming the first element of `got` that is NaN or further from `want`'s
// value than twice its error bound (plus 1e-30, so that exact zeros compare equal). `columns` > 0
// also gives the element's row and column in the message. A reference value or bound that is not
// finite is the reference's failure, not the simulator's: that throws CheckFailed too, saying so
// (an infinite bound would accept anything).
void check_close(std::string_view array, std::span<const float> got, std::span<const Bounded> want,
                 std::size_t columns = 0);

// Reports integer results that differ from the reference (check_equal below): throws CheckFailed
// naming the first differing element and how many differ, or the sizes when they differ.
[[noreturn]] void report_unequal(std::string_view array, std::size_t first, std::size_t columns,
                                 std::int64_t got, std::int64_t want, std::size_t differ,
                                 std::size_t size);
[[noreturn]] void report_unequal_sizes(std::string_view array, std::size_t got, std::size_t want);

// Throws CheckFailed unless integer results equal the reference element by element; the
// message names the first element that differs (`columns` > 0: by row and column).
template <std::integral T>
void check_equal(std::string_view array, const std::vector<T>& got, const std::vector<T>& want,
                 std::size_t columns = 0) {
  if (got.size() != want.size()) report_unequal_sizes(array, got.size(), want.size());
  std::size_t differ = 0;
  std::size_t first = 0;
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (got[i] != want[i] && differ++ == 0) first = i;
  }
  if (differ > 0) {
    report_unequal(array, first, columns, static_cast<std::int64_t>(got[first]),
                   static_cast<std::int64_t>(want[first]), differ, want.size());
  }
}

// `values` as exact Bounded inputs.
std::vector<Bounded> exact(std::span<const float> values);

}  // namespace warpsim::workload
