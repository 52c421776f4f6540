// ccws/kmn: k-means as Rogers et al. run it in the CCWS study (MICRO 2012, "KMN"; seed 001 Table
// 3.2 takes it from there): every iteration kmn_assign (one thread per point, 1-D blocks of 256
// threads, ceil(points / 256) blocks) gives each point its nearest centroid, reading the point's
// feature row in place (point-major), and the host recomputes the centroids (the mean of each
// cluster's points, float sums in point order) and counts the points that changed cluster. It
// stops when none changes or after `iterations` launches.
// Sizes: neither CCWS nor seed 001 gives a size we could use; ours keep Rodinia kmeans' 34
// features and 5 clusters, with 1024 (tiny), 16384 (small) and 65536 (paper) points.
// Inputs: 8 noisy blobs around fixed random centres (a local fixed-seed LCG); the first 5 points
// are the initial centroids, as in Rodinia's kmeans_clustering.c.
// Check: every iteration's membership equals the CPU reference exactly (the kernel's float
// operations repeated in the PTX's order: sub.f32, then fma.rn.f32 into the running sum).

#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/kmeans_reference.h"
#include "workload/lcg.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

struct Dims {
  std::int32_t points;
  std::int32_t features;
  std::int32_t clusters;
  std::int32_t iterations;
};
constexpr Dims kDims[] = {{1024, 34, 5, 2}, {16384, 34, 5, 3}, {65536, 34, 5, 5}};
constexpr std::uint32_t kBlock = 256;

class Kmn final : public Workload {
 public:
  std::string_view name() const override { return "ccws/kmn"; }
  std::string_view description() const override {
    return "CCWS k-means (KMN): one thread per point reads its point-major feature row once per "
           "centroid (intra-warp locality, extremely cache-sensitive)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("{} points x {} features, {} clusters, at most {} iterations", d.points,
                       d.features, d.clusters, d.iterations);
  }
  void run(Host& host, Size size) const override;
};

std::vector<float> make_points(const Dims& d) {
  constexpr std::size_t kBlobs = 8;
  const auto nf = static_cast<std::size_t>(d.features);
  Lcg lcg(0xCC5EED01ull);
  std::vector<float> centres(kBlobs * nf);
  for (float& v : centres) v = lcg.unit() * 10.0f;
  std::vector<float> points(static_cast<std::size_t>(d.points) * nf);
  for (std::size_t p = 0; p < static_cast<std::size_t>(d.points); ++p) {
    const std::size_t blob = lcg.below(kBlobs);
    for (std::size_t f = 0; f < nf; ++f)
      points[p * nf + f] = centres[blob * nf + f] + (lcg.unit() - 0.5f) * 8.0f;
  }
  return points;
}

void Kmn::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  const auto np = static_cast<std::size_t>(d.points);
  const auto nf = static_cast<std::size_t>(d.features);
  const std::vector<float> points = make_points(d);
  std::vector<float> centroids(points.begin(),
                               points.begin() + static_cast<std::ptrdiff_t>(d.clusters * nf));

  host.load_workload_ptx(name());
  const Addr features_dev = host.alloc_copy(points);
  const Addr centroids_dev = host.alloc(centroids.size() * sizeof(float));
  const Addr membership_dev = host.alloc(np * sizeof(std::int32_t));
  std::vector<std::int32_t> membership(np, -1);
  for (std::int32_t iteration = 0; iteration < d.iterations; ++iteration) {
    host.copy_in(centroids_dev, centroids.data(), centroids.size() * sizeof(float));
    host.launch("kmn_assign", {blocks_for(np, kBlock)}, {kBlock}, 0, features_dev, centroids_dev,
                membership_dev, d.points, d.features, d.clusters);
    const std::vector<std::int32_t> got = host.read<std::int32_t>(membership_dev, np);
    const std::vector<std::int32_t> want =
        nearest_centres(points, centroids, d.features, d.clusters);
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
    update_centres(points, membership, centroids, d.features, d.clusters);
    if (changed == 0) break;
  }
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Kmn);

}  // namespace warpsim::workload
