#include "workload/check.h"

#include <cmath>

#include <fmt/format.h>

#include "workload/workload.h"

namespace warpsim::workload {

namespace {

constexpr double kSlack = 2.0;            // bounded.h: second-order terms
constexpr double kAbsoluteFloor = 1e-30;  // exact zeros

std::string where(std::string_view array, std::size_t index, std::size_t columns) {
  if (columns == 0) return fmt::format("{}[{}]", array, index);
  return fmt::format("{}[{}][{}]", array, index / columns, index % columns);
}

}  // namespace

void report_unequal_sizes(std::string_view array, std::size_t got, std::size_t want) {
  throw CheckFailed(fmt::format("{}: {} results, the reference has {}", array, got, want));
}

void report_unequal(std::string_view array, std::size_t first, std::size_t columns,
                    std::int64_t got, std::int64_t want, std::size_t differ, std::size_t size) {
  throw CheckFailed(fmt::format("{} = {}, the CPU reference gives {}; {} of {} elements differ",
                                where(array, first, columns), got, want, differ, size));
}

void check_close(std::string_view array, std::span<const float> got, std::span<const Bounded> want,
                 std::size_t columns) {
  if (got.size() != want.size()) report_unequal_sizes(array, got.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (!std::isfinite(want[i].error) || !std::isfinite(want[i].value)) {
      throw CheckFailed(fmt::format(
          "{}: the CPU reference cannot bound the float error ({:.9g} +- {:.3g}); this workload "
          "needs an exact float reference (bounded.h)",
          where(array, i, columns), want[i].value, want[i].error));
    }
  }
  std::size_t bad = 0;
  std::size_t first = got.size();
  for (std::size_t i = 0; i < got.size(); ++i) {
    const double diff = std::fabs(static_cast<double>(got[i]) - want[i].value);
    const bool ok = !std::isnan(got[i]) && diff <= kSlack * want[i].error + kAbsoluteFloor;
    if (!ok) {
      if (bad++ == 0) first = i;
    }
  }
  if (bad == 0) return;
  throw CheckFailed(fmt::format(
      "{} = {:.9g}, the CPU reference gives {:.9g} (allowed difference {:.3g}); {} of {} "
      "elements differ",
      where(array, first, columns), got[first], want[first].value, kSlack * want[first].error, bad,
      got.size()));
}

std::vector<Bounded> exact(std::span<const float> values) {
  std::vector<Bounded> out;
  out.reserve(values.size());
  for (float v : values) out.push_back(Bounded::exact(v));
  return out;
}

}  // namespace warpsim::workload
