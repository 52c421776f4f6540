#pragma once

// sdk/hist (host side, shared with the concurrent pairs): the CUDA SDK's histogram256 as seed 000
// ch. 6 runs it (HIST, Table 6.2): per-warp sub-histograms in shared memory with the SDK's tagged
// updates (128 threads, 16 KB per block), then the merge kernel (hist.cu).
//
// Launches: histogram256_kernel on `blocks` blocks of 128 threads (Table 6.2: 1024 blocks; the
// SDK itself uses PARTIAL_HISTOGRAM256_COUNT = 240 blocks of 192), each writing one partial
// histogram; merge_histogram256_kernel on 256 blocks (one per bin) of 256 threads.
// Sizes: paper is the SDK's input, byteCount = 64 * 1048576, on Table 6.2's 1024 blocks (128
// words per thread); small 4 MB on the same 1024 blocks (8 words per thread), so that the study
// sees Table 6.2's launch shape; tiny 32 KB on 32 blocks (2 words per thread).
// Input: bytes of a fixed integer hash of each word's index, roughly uniform over 0..255 (the
// SDK's are rand() & 0xFF).
// Reference: exact integer comparison of every block's partial histogram (replaying the
// grid-stride assignment of words to blocks) and of the merged histogram.

#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/staged.h"
#include "workload/workload.h"

namespace warpsim::workload::sdk_hist {

struct Dims {
  std::uint32_t bytes;
  std::uint32_t blocks;  // partial histograms
};
inline constexpr Dims kDims[] = {{32u << 10, 32}, {4u << 20, 1024}, {64u << 20, 1024}};
inline constexpr std::uint32_t kBins = 256;
inline constexpr std::uint32_t kBlock = 128;       // 4 warps (hist.cu's HIST_THREADS)
inline constexpr std::uint32_t kMergeBlock = 256;  // MERGE_THREADBLOCK_SIZE

inline std::string dimensions(Size size) {
  const Dims& d = for_size(kDims, size);
  return fmt::format("{} KB input, {} blocks of {} threads, {} bins", d.bytes >> 10, d.blocks,
                     kBlock, kBins);
}

inline Staged stage(Host& host, Size size) {
  const Dims d = for_size(kDims, size);
  const std::uint32_t words = d.bytes / 4;
  std::vector<std::uint32_t> data(words);
  for (std::uint32_t i = 0; i < words; ++i) data[i] = fmix32(i * 0x9E3779B1u + 0x6A09E667u);

  host.load_workload_ptx("sdk/hist");
  const Addr data_dev = host.alloc_copy(data);
  const Addr partial_dev = host.alloc(std::size_t{d.blocks} * kBins * sizeof(std::uint32_t));
  const Addr hist_dev = host.alloc(kBins * sizeof(std::uint32_t));
  Staged staged;
  staged.launch = [&host, d, words, data_dev, partial_dev, hist_dev](std::uint64_t stream) {
    const auto word_count = static_cast<std::int32_t>(words);
    const auto partial_count = static_cast<std::int32_t>(d.blocks);
    host.launch_on(stream, "histogram256_kernel", {d.blocks}, {kBlock}, 0, partial_dev, data_dev,
                   word_count);
    host.launch_on(stream, "merge_histogram256_kernel", {kBins}, {kMergeBlock}, 0, hist_dev,
                   partial_dev, partial_count);
  };
  staged.check = [&host, d, words, partial_dev, hist_dev, data = std::move(data)] {
    const auto got_partial = host.read<std::uint32_t>(partial_dev, std::size_t{d.blocks} * kBins);
    const auto got_hist = host.read<std::uint32_t>(hist_dev, kBins);
    // The grid-stride loop gives word i to thread i mod (blocks x 128), i.e. to block
    // (i mod (blocks x 128)) / 128.
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
    check_equal("partial histogram", got_partial, want_partial, kBins);
    check_equal("merged histogram", got_hist, want_hist);
  };
  return staged;
}

}  // namespace warpsim::workload::sdk_hist
