#pragma once

// Host code shared by placement/pf-shared and placement/pf-dcache (and pf-dcache-sync): Rodinia's
// PathFinder as seed 000 (Chao Li's thesis, Ch.2 Table 2.2) runs it: 256-thread blocks
// (BLOCK_SIZE), pyramid height 20, a grid of ceil(cols / (256 - 2 x 20)) blocks: 19 for 4096
// columns, the thesis' (19,1). The host launches the kernel once per `pyramid` rows (the last
// launch gets the rows that remain), swapping two result rows between launches, as Rodinia's
// calc_path does.
// Inputs: weights 0..9 (Rodinia draws them with rand() % 10; ours come from a fixed integer
// hash of the cell). The first row is the starting costs, the other rows-1 rows the weights the
// kernel adds. The check: the last row's path costs, computed on the CPU by the plain dynamic
// program (each cell's weight plus the least of the up to three cells above it), compared
// exactly.

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/workload.h"

namespace warpsim::workload::placement_pf {

struct Dims {
  std::int32_t cols, rows, pyramid;
};
// tiny: 3 blocks and 3 launches (20, 20 and 4 rows); small: 10 blocks, 5 launches; paper: seed
// 000 Table 2.2, 4096 x 100 x 20 (19 blocks, 5 launches of 20, 20, 20, 20 and 19 rows).
inline constexpr Dims kDims[] = {{512, 45, 20}, {2048, 100, 20}, {4096, 100, 20}};
inline constexpr std::int32_t kBlock = 256;

inline std::string dimensions(Size size) {
  const Dims& d = for_size(kDims, size);
  return fmt::format("cols={}, rows={}, pyramid height={}", d.cols, d.rows, d.pyramid);
}

// A weight 0..9 for cell (row, col): a fixed integer hash (the finalizer of splitmix64).
inline std::int32_t weight(std::uint64_t row, std::uint64_t col) {
  std::uint64_t z = row * 0x9E3779B97F4A7C15ull + col + 0x632BE59BD9B4E019ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<std::int32_t>(z % 10);
}

inline void run(Host& host, Size size, std::string_view workload, std::string_view kernel) {
  const Dims& d = for_size(kDims, size);
  const auto cols = static_cast<std::size_t>(d.cols);
  const auto rows = static_cast<std::size_t>(d.rows);
  std::vector<std::int32_t> first(cols);
  std::vector<std::int32_t> wall((rows - 1) * cols);  // rows 1 .. rows-1
  for (std::size_t c = 0; c < cols; ++c) first[c] = weight(0, c);
  for (std::size_t r = 1; r < rows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) wall[(r - 1) * cols + c] = weight(r, c);
  }

  host.load_workload_ptx(workload);
  const Addr wall_dev = host.alloc_copy(wall);
  const Addr results[2] = {host.alloc_copy(first),
                           host.alloc_copy(std::vector<std::int32_t>(cols, -1))};
  const std::int32_t border = d.pyramid;  // pyramid height x HALO (1)
  const std::int32_t small_block_cols = kBlock - d.pyramid * 2;
  const auto grid = static_cast<std::uint32_t>((d.cols + small_block_cols - 1) / small_block_cols);
  int src = 1;
  int dst = 0;
  for (std::int32_t t = 0; t < d.rows - 1; t += d.pyramid) {
    std::swap(src, dst);
    const std::int32_t iteration = std::min(d.pyramid, d.rows - t - 1);
    host.launch(kernel, {grid}, {static_cast<std::uint32_t>(kBlock)}, 0, iteration, wall_dev,
                results[src], results[dst], d.cols, d.rows, t, border);
  }
  const std::vector<std::int32_t> got = host.read<std::int32_t>(results[dst], cols);

  std::vector<std::int32_t> want = first;
  std::vector<std::int32_t> next(cols);
  for (std::size_t r = 1; r < rows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) {
      std::int32_t best = want[c];
      if (c > 0) best = std::min(best, want[c - 1]);
      if (c + 1 < cols) best = std::min(best, want[c + 1]);
      next[c] = best + wall[(r - 1) * cols + c];
    }
    want.swap(next);
  }
  check_equal("result", got, want);
}

}  // namespace warpsim::workload::placement_pf
