#pragma once

// The CPU side of the k-means workloads (rodinia/kmeans, ccws/kmn): points and centres are
// row-major (one row of `features` floats each).

#include <cstdint>
#include <vector>

namespace warpsim::workload {

// The nearest centre of each point, with the kernels' float operations in their order (the
// committed PTX computes each term as sub.f32, then fma.rn.f32 into the running sum, features in
// order), so the distances are identical and so is the choice, ties included: the first of
// equal distances, by the strict comparison the kernels make.
std::vector<std::int32_t> nearest_centres(const std::vector<float>& points,
                                          const std::vector<float>& centres, std::int32_t features,
                                          std::int32_t clusters);

// The host step: each centre becomes the float sum of its points' features, in point order,
// divided by their count; a cluster with no points keeps its centre.
void update_centres(const std::vector<float>& points, const std::vector<std::int32_t>& membership,
                    std::vector<float>& centres, std::int32_t features, std::int32_t clusters);

}  // namespace warpsim::workload
