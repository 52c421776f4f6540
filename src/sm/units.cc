#include "sm/units.h"

#include <algorithm>

namespace warpsim {

FunctionalUnits::FunctionalUnits(const SmConfig& config) {
  for (std::size_t u = 0; u < free_at_.size(); ++u) free_at_[u].assign(config.units[u], 0);
}

bool FunctionalUnits::can_issue(Unit unit, Cycle now) const {
  const auto& pipes = free_at_[static_cast<std::size_t>(unit)];
  return std::any_of(pipes.begin(), pipes.end(), [&](std::uint64_t t) { return t <= now.value(); });
}

void FunctionalUnits::issue(Unit unit, Cycle now, std::uint32_t interval) {
  for (std::uint64_t& t : free_at_[static_cast<std::size_t>(unit)]) {
    if (t <= now.value()) {
      t = now.value() + interval;
      return;
    }
  }
}

std::uint64_t FunctionalUnits::free_from(Unit unit) const {
  const auto& pipes = free_at_[static_cast<std::size_t>(unit)];
  return pipes.empty() ? kNever : *std::min_element(pipes.begin(), pipes.end());
}

std::uint64_t FunctionalUnits::next_free(Cycle now) const {
  std::uint64_t next = kNever;
  for (const auto& pipes : free_at_) {
    for (std::uint64_t t : pipes) {
      if (t > now.value()) next = std::min(next, t);
    }
  }
  return next;
}

}  // namespace warpsim
