#pragma once

// Comparing a workload's results with its CPU reference (bounded.h).

#include <cstddef>
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

// `values` as exact Bounded inputs.
std::vector<Bounded> exact(std::span<const float> values);

}  // namespace warpsim::workload
