#pragma once

// Telling latency levels apart (seed 003 §2.4: each load of a fine-grained P-chase is labelled a
// hit, a next-level access, a TLB miss, ... by its latency). No fixed cycle thresholds: every
// GPU has its own latencies, so levels are found from the samples themselves, split wherever two
// sorted neighbours are further apart than a level's own spread can explain.

#include <cstdint>
#include <vector>

namespace warpsim::probe {

// The smallest difference that separates two levels near `latency` cycles: 8 cycles, or 4 % of
// the latency where that is more. A level's own spread is a few cycles (clock granularity, one
// thread's loads queueing behind nothing); the steps the probe must resolve are larger: an L1
// TLB miss adds 27 cycles at about 351 on the GTX560Ti and 11 at about 214 on the GTX980 (seed
// 003 Fig. 14), an L1 miss adds hundreds. (The GTX780's 6-cycle P1->P2 step is not resolved.)
double level_gap(double latency);

struct LatencyLevel {
  std::uint32_t low = 0;   // fastest sample of the level
  std::uint32_t high = 0;  // slowest
  double median = 0;
  std::size_t count = 0;
};

// Sorted fastest first. Empty for no samples.
std::vector<LatencyLevel> cluster_latencies(std::vector<std::uint32_t> samples);

// The median (the upper one of an even count); 0 for no samples.
double median_of(std::vector<std::uint32_t> samples);

// The level holding most of `samples` (the fastest of equals): a baseline run's own level, with
// any rare outlier (a cold instruction fetch before the first timed load) left out.
LatencyLevel main_level(const std::vector<std::uint32_t>& samples);

// Every sample but the slowest one in `outlier_one_in`, as one level: a hit level that spans a
// latency spread (an L2's near and far partitions) instead of splitting at it.
LatencyLevel level_without_outliers(std::vector<std::uint32_t> samples, std::size_t outlier_one_in);

// Loads slower than this many cycles are above `level`: its slowest sample plus half a gap.
std::uint32_t threshold_above(const LatencyLevel& level);

}  // namespace warpsim::probe
