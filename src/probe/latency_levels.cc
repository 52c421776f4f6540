#include "probe/latency_levels.h"

#include <algorithm>
#include <cmath>

namespace warpsim::probe {
namespace {

constexpr double kMinGap = 8;
constexpr double kRelativeGap = 0.04;

LatencyLevel level_of(const std::vector<std::uint32_t>& sorted, std::size_t begin,
                      std::size_t end) {
  LatencyLevel level;
  level.low = sorted[begin];
  level.high = sorted[end - 1];
  level.count = end - begin;
  level.median = sorted[begin + level.count / 2];
  return level;
}

}  // namespace

double level_gap(double latency) { return std::max(kMinGap, kRelativeGap * latency); }

std::vector<LatencyLevel> cluster_latencies(std::vector<std::uint32_t> samples) {
  std::vector<LatencyLevel> levels;
  if (samples.empty()) return levels;
  std::sort(samples.begin(), samples.end());
  std::size_t begin = 0;
  for (std::size_t i = 1; i <= samples.size(); ++i) {
    if (i == samples.size() || samples[i] - samples[i - 1] > level_gap(samples[i - 1])) {
      levels.push_back(level_of(samples, begin, i));
      begin = i;
    }
  }
  return levels;
}

double median_of(std::vector<std::uint32_t> samples) {
  if (samples.empty()) return 0;
  const auto middle = samples.begin() + static_cast<std::ptrdiff_t>(samples.size() / 2);
  std::nth_element(samples.begin(), middle, samples.end());
  return *middle;
}

LatencyLevel main_level(const std::vector<std::uint32_t>& samples) {
  LatencyLevel best;
  for (const LatencyLevel& level : cluster_latencies(samples)) {
    if (level.count > best.count) best = level;
  }
  return best;
}

LatencyLevel level_without_outliers(std::vector<std::uint32_t> samples,
                                    std::size_t outlier_one_in) {
  if (samples.empty()) return {};
  std::sort(samples.begin(), samples.end());
  const std::size_t keep = samples.size() - samples.size() / outlier_one_in;
  return LatencyLevel{.low = samples.front(),
                      .high = samples[keep - 1],
                      .median = static_cast<double>(samples[keep / 2]),
                      .count = keep};
}

std::uint32_t threshold_above(const LatencyLevel& level) {
  return level.high + static_cast<std::uint32_t>(std::ceil(level_gap(level.high) / 2));
}

}  // namespace warpsim::probe
