#pragma once

#include <cstdint>
#include <string>

#include "sim/time.h"

namespace warpsim {

using ClockDomainId = std::uint32_t;

// A clock domain (core, interconnect, L2, DRAM): its edges fall at integer multiples of
// `period` picoseconds on the global time axis.
struct ClockDomain {
  std::string name;
  Picos period = 1;

  Cycle cycle_at(Picos t) const { return Cycle(t / period); }
  Picos time_of(Cycle c) const { return c.value() * period; }
  // First edge of this domain at or after `t`.
  Picos edge_at_or_after(Picos t) const { return (t + period - 1) / period * period; }
};

// Period in whole picoseconds of a clock given in MHz (rounded to nearest). Throws
// std::invalid_argument for a non-positive or absurd frequency.
Picos period_from_mhz(double mhz);

}  // namespace warpsim
