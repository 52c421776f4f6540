#pragma once

// Host code shared by placement/mt-shared and placement/mt-dcache (seed 000 Ch. 2's MT): the
// sizes, the input, the launch and the CPU reference are the same; only the kernel differs (the
// tile in shared memory, or in a per-block region of a global scratch array that the D-cache
// kernel takes as an extra parameter).
// Launch: blocks of 16x16 threads, grid (width / 16, height / 16), one element per thread, as
// the CUDA SDK's transpose and seed 000 Table 2.2 (threads (16,16), blocks (64,64) for 1024 x
// 1024). The SDK times many repetitions of the kernel; we run it once.
// Sizes (width x height of the input): paper = 1024 x 1024 (Table 2.2); small = 512 x 512 (1024
// blocks, about 68 per SM of a 15-SM Fermi); tiny = 256 x 128, not square, so that swapping
// width and height anywhere fails the check.
// Input: in[y][x] = y width + x + 1, all distinct and exact in float (below 2^24), none zero, so
// every misplaced or unwritten element of the result differs from the reference.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/workload.h"

namespace warpsim::workload::placement_mt {

struct Dims {
  std::int32_t width, height;
};
inline constexpr Dims kDims[] = {{256, 128}, {512, 512}, {1024, 1024}};  // tiny, small, paper
inline constexpr std::uint32_t kTile = 16;
inline constexpr std::size_t kTileWords = kTile * (kTile + 1);  // the D-cache kernel's tile

inline std::string dimensions(Size size) {
  const Dims& d = for_size(kDims, size);
  return fmt::format("{}x{} floats (width x height), 16x16 tiles", d.width, d.height);
}

// Runs `kernel` (mt_shared_kernel, or mt_dcache_kernel with `global_scratch`) of workload `name`
// and checks out = in^T exactly.
inline void run(Host& host, std::string_view name, std::string_view kernel, bool global_scratch,
                Size size) {
  const Dims& d = for_size(kDims, size);
  const auto width = static_cast<std::size_t>(d.width);
  const auto height = static_cast<std::size_t>(d.height);
  std::vector<float> in(width * height);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i + 1);
  host.load_workload_ptx(name);
  const Addr in_dev = host.alloc_copy(in);
  const Addr out_dev = host.alloc(in.size() * sizeof(float));
  const func::Dim3 grid{blocks_for(width, kTile), blocks_for(height, kTile), 1};
  if (global_scratch) {
    const Addr scratch =
        host.alloc(static_cast<std::size_t>(grid.x) * grid.y * kTileWords * sizeof(float));
    host.launch(kernel, grid, {kTile, kTile, 1}, 0, out_dev, in_dev, d.width, d.height, scratch);
  } else {
    host.launch(kernel, grid, {kTile, kTile, 1}, 0, out_dev, in_dev, d.width, d.height);
  }
  const std::vector<float> got = host.read<float>(out_dev, in.size());

  // out has width rows of height floats: out[x][y] = in[y][x]. No arithmetic: compared exactly.
  std::vector<float> want(in.size());
  for (std::size_t y = 0; y < height; ++y) {
    for (std::size_t x = 0; x < width; ++x) want[x * height + y] = in[y * width + x];
  }
  check_close("out", got, exact(want), height);
}

}  // namespace warpsim::workload::placement_mt
