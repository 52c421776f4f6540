#include "workload/kmeans_reference.h"

#include <cmath>
#include <cstddef>
#include <limits>

namespace warpsim::workload {

std::vector<std::int32_t> nearest_centres(const std::vector<float>& points,
                                          const std::vector<float>& centres, std::int32_t features,
                                          std::int32_t clusters) {
  const auto nf = static_cast<std::size_t>(features);
  std::vector<std::int32_t> membership(points.size() / nf);
  for (std::size_t p = 0; p < membership.size(); ++p) {
    std::int32_t nearest = 0;
    float best = std::numeric_limits<float>::max();
    for (std::int32_t c = 0; c < clusters; ++c) {
      float dist = 0.0f;
      for (std::size_t f = 0; f < nf; ++f) {
        const float diff = points[p * nf + f] - centres[static_cast<std::size_t>(c) * nf + f];
        dist = std::fma(diff, diff, dist);
      }
      if (dist < best) {
        best = dist;
        nearest = c;
      }
    }
    membership[p] = nearest;
  }
  return membership;
}

void update_centres(const std::vector<float>& points, const std::vector<std::int32_t>& membership,
                    std::vector<float>& centres, std::int32_t features, std::int32_t clusters) {
  const auto nf = static_cast<std::size_t>(features);
  std::vector<float> sums(centres.size(), 0.0f);
  std::vector<std::int32_t> counts(static_cast<std::size_t>(clusters), 0);
  for (std::size_t p = 0; p < membership.size(); ++p) {
    const auto c = static_cast<std::size_t>(membership[p]);
    ++counts[c];
    for (std::size_t f = 0; f < nf; ++f) sums[c * nf + f] += points[p * nf + f];
  }
  for (std::size_t c = 0; c < counts.size(); ++c) {
    if (counts[c] == 0) continue;
    for (std::size_t f = 0; f < nf; ++f) {
      centres[c * nf + f] = sums[c * nf + f] / static_cast<float>(counts[c]);
    }
  }
}

}  // namespace warpsim::workload
