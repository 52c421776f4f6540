#pragma once

// The inputs of rodinia/kmeans and rodinia/kmeans-b576: 8 blobs around fixed random centres (a
// local fixed-seed LCG), each point's feature the blob's plus uniform noise, so that 5 clusters
// take several iterations to settle.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "workload/lcg.h"

namespace warpsim::workload::rodinia_kmeans {

// Point-major features [points][features].
inline std::vector<float> make_points(std::int32_t count, std::int32_t features) {
  constexpr int kBlobs = 8;
  const auto nf = static_cast<std::size_t>(features);
  Lcg lcg(20260521);
  std::vector<float> centres(kBlobs * nf);
  for (float& v : centres) v = lcg.unit() * 10.0f;
  std::vector<float> points(static_cast<std::size_t>(count) * nf);
  for (std::size_t p = 0; p < static_cast<std::size_t>(count); ++p) {
    const auto blob = static_cast<std::size_t>(lcg.unit() * kBlobs);
    for (std::size_t f = 0; f < nf; ++f)
      points[p * nf + f] = centres[blob * nf + f] + (lcg.unit() - 0.5f) * 8.0f;
  }
  return points;
}

}  // namespace warpsim::workload::rodinia_kmeans
