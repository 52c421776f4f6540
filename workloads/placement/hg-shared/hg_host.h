#pragma once

// Host code shared by placement/hg-shared and placement/hg-dcache (seed 000 Ch. 2's HG, the CUDA
// SDK's histogram64): the input, the launches and the CPU reference are the same; only where the
// kernels keep their sub-histograms and merge buffer differs (shared memory, or per-block
// regions of global scratch arrays that the host allocates for the D-cache version).
// Launches: histogram64 with blocks of 64 threads over the input as 32-bit words, then merge64
// with 64 blocks (one per bin) of 256 threads over the partial histograms. Seed 000 Table 2.2:
// threads (64,1), blocks (128,1), 1024 x 1024 bytes; every size keeps 32 words (128 bytes) per
// thread, so the grid is bytes / 8192 blocks.
// Sizes: tiny = 128 KB (16 blocks); small = paper = 1 MB (128 blocks, Table 2.2: it takes
// well under a second in timing mode, and fewer blocks would not fill gtx480's 15 SMs to the
// 8 blocks per SM that the two versions' occupancy differs by).
// Input: bytes 0..255 from a fixed integer hash (the SDK uses rand()).
// Check, exactly: every block's partial histogram (its bytes counted on the CPU) and the final
// 64-bin histogram.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/workload.h"

namespace warpsim::workload::placement_hg {

inline constexpr std::uint32_t kBytes[] = {128u << 10, 1u << 20, 1u << 20};
inline constexpr std::uint32_t kBins = 64;
inline constexpr std::uint32_t kThreads = 64;
inline constexpr std::uint32_t kWordsPerThread = 32;
inline constexpr std::uint32_t kMergeThreads = 256;

inline std::string dimensions(Size size) {
  const std::uint32_t bytes = for_size(kBytes, size);
  return fmt::format("{} bytes, 64 bins, {} blocks of 64 threads", bytes,
                     bytes / (4 * kThreads * kWordsPerThread));
}

// Byte i of the input: a fixed integer hash (murmur3's finalizer).
inline std::uint8_t input_byte(std::uint32_t i) {
  const std::uint32_t h = fmix32(i * 0x9E3779B1u + 0x7F4A7C15u);
  return static_cast<std::uint8_t>(h);
}

// Runs histogram64 and merge64 of workload `name` (kernels `prefix`_histogram64 and
// `prefix`_merge64); with `dcache`, each also gets its global scratch array as last argument.
inline void run(Host& host, std::string_view name, std::string_view prefix, bool dcache,
                Size size) {
  const std::uint32_t bytes = for_size(kBytes, size);
  const std::uint32_t words = bytes / 4;
  const std::uint32_t blocks = words / (kThreads * kWordsPerThread);
  std::vector<std::uint8_t> data(bytes);
  for (std::uint32_t i = 0; i < bytes; ++i) data[i] = input_byte(i);

  host.load_workload_ptx(name);
  const Addr data_dev = host.alloc_copy(data);
  const Addr partial_dev = host.alloc(std::size_t{blocks} * kBins * sizeof(std::uint32_t));
  const Addr hist_dev = host.alloc(kBins * sizeof(std::uint32_t));
  const std::string histogram64 = fmt::format("{}_histogram64", prefix);
  const std::string merge64 = fmt::format("{}_merge64", prefix);
  if (dcache) {
    const Addr sub_dev = host.alloc(std::size_t{blocks} * kBins * kThreads);  // bytes
    const Addr merge_dev = host.alloc(std::size_t{kBins} * kMergeThreads * sizeof(std::uint32_t));
    host.launch(histogram64, {blocks}, {kThreads}, 0, partial_dev, data_dev,
                static_cast<std::int32_t>(words), sub_dev);
    host.launch(merge64, {kBins}, {kMergeThreads}, 0, hist_dev, partial_dev,
                static_cast<std::int32_t>(blocks), merge_dev);
  } else {
    host.launch(histogram64, {blocks}, {kThreads}, 0, partial_dev, data_dev,
                static_cast<std::int32_t>(words));
    host.launch(merge64, {kBins}, {kMergeThreads}, 0, hist_dev, partial_dev,
                static_cast<std::int32_t>(blocks));
  }
  const auto got_partial = host.read<std::uint32_t>(partial_dev, std::size_t{blocks} * kBins);
  const auto got_hist = host.read<std::uint32_t>(hist_dev, kBins);

  // Word w goes to block (w / kThreads) % blocks: the grid-stride loop's distribution.
  std::vector<std::uint32_t> want_partial(std::size_t{blocks} * kBins, 0);
  std::vector<std::uint32_t> want_hist(kBins, 0);
  for (std::uint32_t i = 0; i < bytes; ++i) {
    const std::uint32_t block = (i / 4 / kThreads) % blocks;
    ++want_partial[std::size_t{block} * kBins + (data[i] >> 2)];
    ++want_hist[data[i] >> 2];
  }
  check_equal("partial histograms", got_partial, want_partial, kBins);
  check_equal("histogram", got_hist, want_hist);
}

}  // namespace warpsim::workload::placement_hg
