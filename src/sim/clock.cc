#include "sim/clock.h"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace warpsim {

Picos period_from_mhz(double mhz) {
  // Above 1 THz the period would round to zero picoseconds.
  if (!(mhz > 0.0) || mhz > 1e6) {
    throw std::invalid_argument(
        fmt::format("clock frequency {} MHz is out of range (0, 1e6]", mhz));
  }
  return static_cast<Picos>(std::llround(1e6 / mhz));
}

}  // namespace warpsim
