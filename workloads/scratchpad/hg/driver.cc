// scratchpad/hg: seed 002's HG (Table 7; Yang et al.'s histogram with 224 bins and 32 threads,
// per-thread byte counters in 7168 B of shared memory; hg.cu): bytes of values 0..223 from a
// fixed integer hash, one block per 8064 bytes, each writing its partial histogram.
// Sizes: tiny 128 x 112 bytes, small 512 x 448, paper 1024 x 896 (Table 8: runTest(1024, 896)).
// Checked: every block's partial histogram exactly.

#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

struct Dims {
  std::uint32_t width, height;
};
constexpr Dims kDims[] = {{128, 112}, {512, 448}, {1024, 896}};
constexpr std::uint32_t kBins = 224, kThreads = 32, kBatch = 252;

class Hg final : public Workload {
 public:
  std::string_view name() const override { return "scratchpad/hg"; }
  std::string_view description() const override {
    return "Byte histogram with per-thread 8-bit shared counters, 224 bins (32 threads, 7168 B; "
           "seed 002 HG)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("{} x {} bytes, {} bins", d.width, d.height, kBins);
  }
  void run(Host& host, Size size) const override;
};

void Hg::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  const std::uint32_t count = d.width * d.height;
  std::vector<std::uint8_t> data(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    std::uint32_t h = i * 0x9e3779b1u + 0x5bd1e995u;
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 12;
    data[i] = static_cast<std::uint8_t>(h % kBins);
  }
  const std::uint32_t per_block = kThreads * kBatch;
  const std::uint32_t blocks = (count + per_block - 1) / per_block;
  host.load_workload_ptx(name());
  const Addr data_dev = host.alloc_copy(data);
  const Addr partial_dev = host.alloc(std::size_t{blocks} * kBins * sizeof(std::uint32_t));
  host.launch("histogram224", {blocks}, {kThreads}, 0, partial_dev, data_dev,
              static_cast<std::int32_t>(count));
  const auto got = host.read<std::uint32_t>(partial_dev, std::size_t{blocks} * kBins);
  std::vector<std::uint32_t> want(std::size_t{blocks} * kBins, 0);
  for (std::uint32_t i = 0; i < count; ++i) ++want[std::size_t{i / per_block} * kBins + data[i]];
  check_equal("partial histograms", got, want, kBins);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Hg);

}  // namespace warpsim::workload
