// scratchpad/histogram: byte histogram, after the CUDA SDK's histogram sample (histogram256) as
// seed 002 (Jatala et al., scratchpad sharing) runs it: histogram256Kernel with 6-warp
// (192-thread) blocks and per-warp sub-histograms, its bin count raised 256 -> 384 (Table 3) so
// that a block holds 6 x 384 x 4 B = 9216 B of shared memory (Table 1), then the merge kernel
// (256-thread blocks, one per bin; the SDK's MERGE_THREADBLOCK_SIZE). The first kernel's grid is
// the SDK's PARTIAL_HISTOGRAM256_COUNT = 240 blocks (seed 002's Table 4 counts 46,080 threads =
// 240 x 192), except at tiny size. Shared-memory updates use atomicAdd (histogram.cu).
// Sizes: paper = 64 MB of input, the SDK's byteCount = 64 * 1048576.
// Input: bytes of a fixed integer hash of each word's index, roughly uniform over 0..255 (the
// SDK's are rand() & 0xFF).

#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

struct Dims {
  std::uint32_t bytes;
  std::uint32_t blocks;  // partial histograms
};
constexpr Dims kDims[] = {{32 << 10, 24}, {4 << 20, 240}, {64 << 20, 240}};
constexpr std::uint32_t kBins = 384;
constexpr std::uint32_t kBlock = 192;  // 6 warps
constexpr std::uint32_t kMergeBlock = 256;

class Histogram final : public Workload {
 public:
  std::string_view name() const override { return "scratchpad/histogram"; }
  std::string_view description() const override {
    return "CUDA SDK histogram256 with 384 bins: per-warp shared sub-histograms (192 threads, "
           "9216 B) and shared atomics, then a merge kernel (seed 002)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("{} KB input, {} partial histograms, {} bins", d.bytes >> 10, d.blocks,
                       kBins);
  }
  void run(Host& host, Size size) const override;
};

void Histogram::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  const std::uint32_t words = d.bytes / 4;
  std::vector<std::uint32_t> data(words);
  for (std::uint32_t i = 0; i < words; ++i) {
    std::uint32_t h = i * 0x9e3779b1u + 0x7f4a7c15u;
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 12;
    h *= 0x297a2d39u;
    h ^= h >> 15;
    data[i] = h;
  }
  host.load_workload_ptx(name());
  const Addr data_dev = host.alloc_copy(data);
  const Addr partial_dev = host.alloc(std::size_t{d.blocks} * kBins * sizeof(std::uint32_t));
  const Addr hist_dev = host.alloc(kBins * sizeof(std::uint32_t));
  const auto word_count = static_cast<std::int32_t>(words);
  const auto partial_count = static_cast<std::int32_t>(d.blocks);
  host.launch("histogram_block_kernel", {d.blocks}, {kBlock}, 0, partial_dev, data_dev, word_count);
  host.launch("histogram_merge_kernel", {kBins}, {kMergeBlock}, 0, hist_dev, partial_dev,
              partial_count);
  const auto got_partial = host.read<std::uint32_t>(partial_dev, std::size_t{d.blocks} * kBins);
  const auto got_hist = host.read<std::uint32_t>(hist_dev, kBins);

  // The grid-stride loop gives word i to thread i mod (blocks x 192), i.e. to block
  // (i mod (blocks x 192)) / 192.
  std::vector<std::uint32_t> want_partial(std::size_t{d.blocks} * kBins);
  std::vector<std::uint32_t> want_hist(kBins);
  const std::uint32_t threads = d.blocks * kBlock;
  for (std::uint32_t i = 0; i < words; ++i) {
    const std::size_t block = (i % threads) / kBlock;
    for (int byte = 0; byte < 4; ++byte) {
      const std::uint32_t bin = (data[i] >> (8 * byte)) & 0xFFu;
      ++want_partial[block * kBins + bin];
      ++want_hist[bin];
    }
  }
  check_equal("partial", got_partial, want_partial, kBins);
  check_equal("merged histogram", got_hist, want_hist);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Histogram);

}  // namespace warpsim::workload
