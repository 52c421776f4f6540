#pragma once

// How much of a contiguous array the configured L2 holds at once. A cache's capacity is the sum
// of its sets' ways, but an array starting at some address fills the sets unevenly where the
// slice or set index hashes the address over a count that is not a power of two (Kepler's 12
// channels, Ampere's 80 slices): the first set to overflow ends the array that fits before the
// cache is full. This is what the seed-003 size search (`warpsim probe`) measures, so the probe's
// tests compare with it (tests/integration/check_probe.py).

#include <cstdint>
#include <optional>

#include "sim/config_node.h"
#include "sim/time.h"

namespace warpsim {

struct L2Fit {
  std::uint64_t capacity_bytes = 0;  // every line of every set of every slice
  std::uint64_t array_bytes = 0;     // the largest array at the given address that fits
};

// For the resolved GPU config's L2 (all slices, the config's address mapping and set index),
// with every line of an array from `array` counted in 32-byte sectors. Empty where the memory
// model has no L2 (memory.model fixed).
std::optional<L2Fit> l2_fit(const ConfigNode& resolved, Addr array);

}  // namespace warpsim
