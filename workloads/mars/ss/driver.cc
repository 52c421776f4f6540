// mars/ss: similarity score as a Mars MapReduce job (ss.cu; the pipeline in ../mars.cuh and
// ../mars_host.h): MapCount, the scans and Map over every pair of documents, emitting (cosine
// similarity, (i, j)), then a bitonic sort of the records by score, highest first, and grouping.
// Sizes: seed 001 (Table 3.1: 2.38x with 16x L1 and L2) gives none; paper is the Mars release's
// run script's 1024 documents of 256 features. tiny: 64 documents of 64 features; small: 256 of
// 256 (32,640 pairs).
// Input: features are integers 0..99 as floats, like the release's rand() % 100, from an LCG.
// With dim x 99^2 < 2^24 every partial sum of the dot products and norms is an exactly
// representable integer, so the kernel's scores are exact roundings of the same sqrt, product
// and quotient the CPU reference computes in float: scores must be identical.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "../mars_host.h"
#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

struct Dims {
  std::uint32_t documents;
  std::uint32_t features;
};
constexpr Dims kDims[] = {{64, 64}, {256, 256}, {1024, 256}};

class SimilarityScore final : public Workload {
 public:
  std::string_view name() const override { return "mars/ss"; }
  std::string_view description() const override {
    return "Mars similarity score: map cos(a, b) over every pair of document feature rows, "
           "bitonic sort by score, group (seed 001)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("{} documents x {} features, {} pairs", d.documents, d.features,
                       d.documents * (d.documents - 1) / 2);
  }
  void run(Host& host, Size size) const override;
};

void SimilarityScore::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  const std::size_t nd = d.documents;
  const std::size_t nf = d.features;
  Lcg lcg(20261231);
  std::vector<float> features(nd * nf);
  for (float& f : features) f = static_cast<float>(lcg.below(100));
  // Mars's map input: one record per pair i < j, row-major.
  std::vector<std::int32_t> records;
  records.reserve(nd * (nd - 1) / 2 * 4);
  for (std::uint32_t i = 0; i < d.documents; ++i) {
    for (std::uint32_t j = i + 1; j < d.documents; ++j) {
      records.insert(records.end(),
                     {static_cast<std::int32_t>(i), static_cast<std::int32_t>(j), 0, 0});
    }
  }
  const auto tasks = static_cast<std::uint32_t>(records.size() / 4);

  host.load_workload_ptx(name());
  const Addr features_dev = host.alloc_copy(features);
  const Addr records_dev = host.alloc_copy(records);
  const mars::Launch map_launch = mars::launch_for(tasks);
  const auto task_count = static_cast<std::int32_t>(tasks);
  const auto dim = static_cast<std::int32_t>(d.features);
  mars::Intermediate im = mars::map_stage(
      host, tasks,
      [&](const mars::TaskArrays& per_task) {
        host.launch("ss_map_count", {map_launch.grid}, {map_launch.block}, 0, records_dev,
                    task_count, per_task.counts, per_task.key_bytes, per_task.val_bytes);
      },
      [&](const mars::TaskArrays& bases, const mars::Intermediate& out) {
        host.launch("ss_map", {map_launch.grid}, {map_launch.block}, 0, records_dev, features_dev,
                    dim, task_count, bases.counts, bases.key_bytes, bases.val_bytes, out.dir,
                    out.keys, out.vals);
      });
  const mars::Groups groups = mars::sort_and_group(host, im, features_dev);

  // CPU reference: integer dot products and norms (exact in float, see above), then the
  // kernel's float sqrt, product and quotient.
  std::vector<float> want(nd * nd, 0.0f);
  for (std::size_t i = 0; i < nd; ++i) {
    for (std::size_t j = i + 1; j < nd; ++j) {
      std::int64_t dot = 0;
      std::int64_t norm_i = 0;
      std::int64_t norm_j = 0;
      for (std::size_t f = 0; f < nf; ++f) {
        const auto a = static_cast<std::int64_t>(features[i * nf + f]);
        const auto b = static_cast<std::int64_t>(features[j * nf + f]);
        dot += a * b;
        norm_i += a * a;
        norm_j += b * b;
      }
      const float denominator =
          std::sqrt(static_cast<float>(norm_i)) * std::sqrt(static_cast<float>(norm_j));
      want[i * nd + j] = static_cast<float>(dot) / denominator;
    }
  }

  const mars::HostIntermediate got = mars::read_intermediate(host, im);
  mars::expect(std::size_t(im.records) == tasks,
               fmt::format("map emitted {} scores for {} pairs", im.records, tasks));
  std::vector<bool> seen(nd * nd, false);
  std::int32_t runs = 0;
  float previous = 0.0f;
  for (std::size_t r = 0; r < tasks; ++r) {
    const float score = got.key_as<float>(r);
    const auto i = static_cast<std::size_t>(got.val_as<std::int32_t>(r));
    std::int32_t second = 0;
    std::memcpy(&second, got.vals.data() + got.val_off(r) + 4, 4);
    const auto j = static_cast<std::size_t>(second);
    mars::expect(
        got.key_size(r) == 4 && got.val_size(r) == 8 && i < j && j < nd && !seen[i * nd + j],
        fmt::format("sorted record {}: pair ({}, {}), key size {}, value size {}: not a "
                    "new pair of documents",
                    r, i, j, got.key_size(r), got.val_size(r)));
    seen[i * nd + j] = true;
    mars::expect(score == want[i * nd + j],
                 fmt::format("score of documents ({}, {}) = {:.9g}, the CPU reference gives "
                             "{:.9g}",
                             i, j, score, want[i * nd + j]));
    mars::expect(r == 0 || score <= previous,
                 fmt::format("sorted record {} has score {:.9g} after {:.9g}: not highest first", r,
                             score, previous));
    if (r == 0 || score != previous) ++runs;
    previous = score;
  }
  mars::expect(
      groups.count == runs,
      fmt::format("{} groups, the sorted scores hold {} distinct values", groups.count, runs));
  const std::vector<std::int32_t> ranges =
      host.read<std::int32_t>(groups.ranges, std::size_t(groups.count) * 2);
  std::int32_t next = 0;
  for (std::size_t g = 0; g < std::size_t(groups.count); ++g) {
    const std::int32_t first = ranges[2 * g];
    const std::int32_t end = ranges[2 * g + 1];
    bool ok = first == next && end > first && end <= im.records;
    for (std::int32_t r = first + 1; ok && r < end; ++r) {
      ok = got.key_as<float>(std::size_t(r)) == got.key_as<float>(std::size_t(first));
    }
    ok = ok && (end == im.records ||
                got.key_as<float>(std::size_t(end)) != got.key_as<float>(std::size_t(first)));
    mars::expect(ok, fmt::format("group {} covers records [{}, {}): not one run of equal scores "
                                 "starting at {}",
                                 g, first, end, next));
    next = end;
  }
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(SimilarityScore);

}  // namespace warpsim::workload
