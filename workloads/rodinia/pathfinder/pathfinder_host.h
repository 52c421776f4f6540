#pragma once

// Host side shared by rodinia/pathfinder and its "/U" variant rodinia/pathfinder-u: sizes,
// inputs, launches and the CPU reference, after Rodinia 3.x's PathFinder (pathfinder.cu).
// The grid holds `rows` rows of `cols` integer weights in 0..9; row 0 is the initial cost and
// the kernels add rows 1 .. rows-1. Each launch advances min(pyramid, rows - 1 - t) rows from
// row t, with ceil(cols / (256 - 2 * pyramid)) blocks of 256 threads and the ghost-zone border
// pyramid, swapping two cost rows between launches, as the original's calc_path does.
// Sizes: paper 100000 columns x 100 rows (seed 004 Table 3, "100K x 100"), pyramid height 20
// (Rodinia's run script, `pathfinder 100000 100 20`); small 20000 x 100, tiny 2000 x 30 with
// pyramid height 8 (4 launches, the last one shorter).
// Inputs: weights from a fixed integer hash of the element's index (the original uses
// rand() % 10 with seed 9). The reference is the same dynamic programme row by row on the CPU;
// the costs are integers and compare exactly.

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/workload.h"

namespace warpsim::workload::pathfinder {

struct Dims {
  std::int32_t cols;
  std::int32_t rows;
  std::int32_t pyramid;
};
inline constexpr Dims kDims[] = {{2000, 30, 8}, {20000, 100, 20}, {100000, 100, 20}};
inline constexpr std::int32_t kBlock = 256;  // BLOCK_SIZE

inline std::string dimensions(Size size) {
  const Dims& d = for_size(kDims, size);
  return fmt::format("cols={}, rows={}, pyramid={}", d.cols, d.rows, d.pyramid);
}

// A weight in 0..9 for element `index` (a 32-bit integer mix, fixed seed).
inline std::int32_t weight(std::uint32_t index) {
  std::uint32_t h = index * 0x9e3779b1u + 0x7f4a7c15u;
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return static_cast<std::int32_t>(h % 10u);
}

// Runs the workload; `unshared` selects the /U kernel (dynproc_kernel_u, with its global
// scratch rows) instead of dynproc_kernel.
inline void run(Host& host, std::string_view workload_name, Size size, bool unshared) {
  const Dims& d = for_size(kDims, size);
  const auto cols = static_cast<std::size_t>(d.cols);
  const auto rows = static_cast<std::size_t>(d.rows);
  std::vector<std::int32_t> data(rows * cols);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = weight(static_cast<std::uint32_t>(i));

  host.load_workload_ptx(workload_name);
  const std::vector<std::int32_t> first_row(data.begin(), data.begin() + d.cols);
  const std::vector<std::int32_t> wall(data.begin() + d.cols, data.end());
  Addr cost[2] = {host.alloc_copy(first_row), host.alloc(cols * sizeof(std::int32_t))};
  const Addr wall_dev = host.alloc_copy(wall);
  const std::int32_t border = d.pyramid;
  const auto out_cols = static_cast<std::uint32_t>(kBlock - 2 * d.pyramid);
  const std::uint32_t blocks = blocks_for(cols, out_cols);
  const Addr scratch =
      unshared ? host.alloc(std::size_t{2} * kBlock * blocks * sizeof(std::int32_t)) : Addr{0};
  int src = 1;
  int dst = 0;
  for (std::int32_t t = 0; t < d.rows - 1; t += d.pyramid) {
    std::swap(src, dst);
    const std::int32_t iteration = std::min(d.pyramid, d.rows - 1 - t);
    if (unshared) {
      host.launch("dynproc_kernel_u", {blocks}, {kBlock}, 0, iteration, wall_dev, cost[src],
                  cost[dst], d.cols, d.rows, t, border, scratch);
    } else {
      host.launch("dynproc_kernel", {blocks}, {kBlock}, 0, iteration, wall_dev, cost[src],
                  cost[dst], d.cols, d.rows, t, border);
    }
  }
  const std::vector<std::int32_t> got = host.read<std::int32_t>(cost[dst], cols);

  std::vector<std::int32_t> want = first_row;
  std::vector<std::int32_t> next(cols);
  for (std::size_t r = 1; r < rows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) {
      std::int32_t best = want[c];
      if (c > 0) best = std::min(best, want[c - 1]);
      if (c + 1 < cols) best = std::min(best, want[c + 1]);
      next[c] = best + data[r * cols + c];
    }
    want.swap(next);
  }
  check_equal("cost", got, want);
}

}  // namespace warpsim::workload::pathfinder
