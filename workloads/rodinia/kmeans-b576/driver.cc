// rodinia/kmeans-b576: seed 002's kmeans (Table 5: kmeansPoint with 576-thread blocks and its two
// block reductions, 4608 B of shared memory; kmeans-b576.cu), with rodinia/kmeans's inputs
// (../kmeans/kmeans_host.h) and iteration: per iteration kmeans_point_reduce assigns every point
// and each block writes how many of its points changed cluster and its per-cluster feature sums;
// the host adds the blocks' sums into the new centres (Rodinia's kmeans_cuda.cu with
// BLOCK_CENTER_REDUCE) and stops when no point changed. Grid: a square of ceil(points / 576)
// blocks. Sizes as rodinia/kmeans but small stops after 4 iterations (each reduces 170 sums per
// block): tiny 2048 x 34, 5 clusters, 3 iterations; small 16384 x 34, 4; paper 204800 x 34, 500.
// Checked per iteration: memberships and changed counts exactly, the blocks' sums within their
// float error bounds (the kernel's tree, in order).

#include <cmath>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "../kmeans/kmeans_host.h"
#include "workload/check.h"
#include "workload/host.h"
#include "workload/kmeans_reference.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

struct Dims {
  std::int32_t points, features, clusters, max_iterations;
};
constexpr Dims kDims[] = {{2048, 34, 5, 3}, {16384, 34, 5, 4}, {204800, 34, 5, 500}};
constexpr std::uint32_t kBlock = 576;

class KmeansB576 final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/kmeans-b576"; }
  std::string_view description() const override {
    return "Rodinia k-means with 576-thread blocks and block reductions of deltas and centre "
           "sums in shared memory (4608 B; seed 002 Table 5)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("{} points x {} features, {} clusters, at most {} iterations", d.points,
                       d.features, d.clusters, d.max_iterations);
  }
  void run(Host& host, Size size) const override;
};

void KmeansB576::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  const auto np = static_cast<std::size_t>(d.points);
  const auto nf = static_cast<std::size_t>(d.features);
  const auto nc = static_cast<std::size_t>(d.clusters);
  const std::vector<float> points = rodinia_kmeans::make_points(d.points, d.features);
  const std::uint32_t blocks = blocks_for(np, kBlock);
  auto side = static_cast<std::uint32_t>(std::sqrt(static_cast<double>(blocks)));
  while (side * side < blocks) ++side;
  const std::size_t grid = std::size_t{side} * side;

  host.load_workload_ptx(name());
  const Addr flipped_dev = host.alloc_copy(points);
  const Addr features_dev = host.alloc(np * nf * sizeof(float));
  host.launch("kmeans_invert_mapping", {blocks_for(np, 256)}, {256}, 0, flipped_dev, features_dev,
              d.points, d.features);
  const std::vector<std::int32_t> none(np, -1);
  const Addr membership_dev = host.alloc_copy(none);
  const Addr clusters_dev = host.alloc(nc * nf * sizeof(float));
  const Addr sums_dev = host.alloc(grid * nc * nf * sizeof(float));
  const Addr deltas_dev = host.alloc(grid * sizeof(std::int32_t));

  std::vector<float> clusters(points.begin(),
                              points.begin() + static_cast<std::ptrdiff_t>(nc * nf));
  std::vector<std::int32_t> membership = none;
  for (std::int32_t iteration = 0; iteration < d.max_iterations; ++iteration) {
    host.copy_in(clusters_dev, clusters.data(), clusters.size() * sizeof(float));
    host.launch("kmeans_point_reduce", {side, side, 1}, {kBlock}, 0, features_dev, d.features,
                d.points, d.clusters, membership_dev, clusters_dev, sums_dev, deltas_dev);
    const auto got = host.read<std::int32_t>(membership_dev, np);
    const auto want = nearest_centres(points, clusters, d.features, d.clusters);
    check_equal(fmt::format("membership, iteration {}", iteration), got, want);
    std::vector<std::int32_t> want_deltas(grid, 0);
    std::vector<Bounded> want_sums(grid * nc * nf);
    std::vector<Bounded> tree(kBlock);
    for (std::size_t b = 0; b < grid; ++b) {
      for (std::size_t i = 0; i < kBlock; ++i) {
        const std::size_t p = b * kBlock + i;
        if (p < np && want[p] != membership[p]) ++want_deltas[b];
      }
      for (std::size_t c = 0; c < nc; ++c) {
        for (std::size_t f = 0; f < nf; ++f) {
          for (std::size_t i = 0; i < kBlock; ++i) {
            const std::size_t p = b * kBlock + i;
            tree[i] = Bounded::exact(
                p < np && static_cast<std::size_t>(want[p]) == c ? points[p * nf + f] : 0.0f);
          }
          for (std::size_t s = 512; s > 0; s >>= 1) {
            for (std::size_t i = 0; i < s && i + s < kBlock; ++i) tree[i] = tree[i] + tree[i + s];
          }
          want_sums[(b * nc + c) * nf + f] = tree[0];
        }
      }
    }
    check_equal(fmt::format("changed points per block, iteration {}", iteration),
                host.read<std::int32_t>(deltas_dev, grid), want_deltas);
    const auto sums = host.read<float>(sums_dev, grid * nc * nf);
    check_close(fmt::format("centre sums, iteration {}", iteration), sums, want_sums, nf);
    std::size_t changed = 0;
    for (std::size_t p = 0; p < np; ++p) changed += got[p] != membership[p] ? 1 : 0;
    membership = got;
    // The new centres from the blocks' sums (Rodinia adds them on the host), in block order.
    for (std::size_t c = 0; c < nc; ++c) {
      std::size_t count = 0;
      for (std::size_t p = 0; p < np; ++p) count += static_cast<std::size_t>(membership[p]) == c;
      if (count == 0) continue;
      for (std::size_t f = 0; f < nf; ++f) {
        float sum = 0;
        for (std::size_t b = 0; b < grid; ++b) sum += sums[(b * nc + c) * nf + f];
        clusters[c * nf + f] = sum / static_cast<float>(count);
      }
    }
    if (changed == 0) break;
  }
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(KmeansB576);

}  // namespace warpsim::workload
