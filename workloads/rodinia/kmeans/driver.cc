// rodinia/kmeans: k-means clustering, after Rodinia 3.x's kmeans (CUDA): kmeans_invert_mapping
// once (1-D grid, blocks of 256 threads: THREADS_PER_DIM^2), then per iteration kmeans_point (one
// thread per point, 256 threads a block, a square 2-D grid of ceil(sqrt(ceil(npoints / 256)))^2
// blocks, as kmeans_cuda.cu sizes it) and, on the host, the new centres (the mean of each
// cluster's points, summed in point order in float) and the number of points that changed
// cluster. It iterates until no point changes cluster or for at most `max_iterations`
// (Rodinia's kmeans_clustering.c stops at 500), starting from the first nclusters points as
// centres (Rodinia 3.x's kmeans_clustering.c: its random pick is commented out).
// Sizes: paper = 204800 points of 34 features, 5 clusters (seed 004 Table 3, "K-means 204800 34-D
// points"; Rodinia's 204800.txt input and its default of 5 clusters). tiny and small stop after
// a few iterations.
// Inputs: Rodinia reads 204800.txt; ours are 8 blobs around fixed random centres (a local
// fixed-seed LCG), each point's feature the blob's plus uniform noise, so that 5 clusters take
// several iterations to settle.

#include <cmath>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "kmeans_host.h"
#include "workload/check.h"
#include "workload/host.h"
#include "workload/kmeans_reference.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

struct Dims {
  std::int32_t points;
  std::int32_t features;
  std::int32_t clusters;
  std::int32_t max_iterations;
};
constexpr Dims kDims[] = {{2048, 34, 5, 3}, {16384, 34, 5, 8}, {204800, 34, 5, 500}};
constexpr std::uint32_t kBlock = 256;

class Kmeans final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/kmeans"; }
  std::string_view description() const override {
    return "Rodinia k-means: one thread per point, feature-major loads, host-side centre update "
           "per iteration";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("{} points x {} features, {} clusters, at most {} iterations", d.points,
                       d.features, d.clusters, d.max_iterations);
  }
  void run(Host& host, Size size) const override;
};

void Kmeans::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  const auto np = static_cast<std::size_t>(d.points);
  const auto nf = static_cast<std::size_t>(d.features);
  const std::vector<float> points = rodinia_kmeans::make_points(d.points, d.features);
  // kmeans_cuda.cu: blocks = ceil(points / 256), arranged as a square of side ceil(sqrt(blocks)).
  const std::uint32_t blocks = blocks_for(np, kBlock);
  auto side = static_cast<std::uint32_t>(std::sqrt(static_cast<double>(blocks)));
  while (side * side < blocks) ++side;

  host.load_workload_ptx(name());
  const Addr flipped_dev = host.alloc_copy(points);
  const Addr features_dev = host.alloc(np * nf * sizeof(float));
  host.launch("kmeans_invert_mapping", {side * side}, {kBlock}, 0, flipped_dev, features_dev,
              d.points, d.features);
  const Addr membership_dev = host.alloc(np * sizeof(std::int32_t));
  const Addr clusters_dev = host.alloc(static_cast<std::size_t>(d.clusters) * nf * sizeof(float));

  // The transpose is a copy: exact.
  const std::vector<float> features = host.read<float>(features_dev, np * nf);
  std::vector<float> want_features(np * nf);
  for (std::size_t p = 0; p < np; ++p) {
    for (std::size_t f = 0; f < nf; ++f) want_features[f * np + p] = points[p * nf + f];
  }
  check_close("features", features, exact(want_features), np);

  std::vector<float> clusters(points.begin(),
                              points.begin() + static_cast<std::ptrdiff_t>(d.clusters * nf));
  std::vector<std::int32_t> membership(np, -1);
  for (std::int32_t iteration = 0; iteration < d.max_iterations; ++iteration) {
    host.copy_in(clusters_dev, clusters.data(), clusters.size() * sizeof(float));
    host.launch("kmeans_point", {side, side, 1}, {kBlock}, 0, features_dev, d.features, d.points,
                d.clusters, membership_dev, clusters_dev);
    const std::vector<std::int32_t> got = host.read<std::int32_t>(membership_dev, np);
    const std::vector<std::int32_t> want =
        nearest_centres(points, clusters, d.features, d.clusters);
    for (std::size_t p = 0; p < np; ++p) {
      if (got[p] != want[p]) {
        throw CheckFailed(
            fmt::format("iteration {}: membership[{}] = {}, the CPU reference gives {}", iteration,
                        p, got[p], want[p]));
      }
    }
    std::size_t changed = 0;
    for (std::size_t p = 0; p < np; ++p) changed += got[p] != membership[p] ? 1 : 0;
    membership = got;
    update_centres(points, membership, clusters, d.features, d.clusters);
    if (changed == 0) break;
  }
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Kmeans);

}  // namespace warpsim::workload
