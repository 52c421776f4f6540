#pragma once

// Host code shared by placement/blur-shared and placement/blur-dcache (seed 000 Ch. 2's Blur):
// the sizes, the input, the launch and the CPU reference are the same; only where the kernel
// keeps its exchange buffer differs (shared memory, or a per-block region of a global scratch
// buffer that the host allocates for blur-dcache).
// The filter: a normalized 3 x 3 box blur (cv::blur, ksize 3 x 3, anchor at the centre, the
// default border BORDER_REFLECT_101) of an 8-bit single-channel image, as OpenCV 2.4's OpenCL
// module runs it (boxFilter_C1_D0): blocks of 256 x 1 threads, each block two output rows of
// 1016 pixels (254 quads), grid (ceil(cols / 1016), ceil(rows / 2)).
// Sizes: paper = 1024 x 1024 (seed 000 Table 2.2: "1k x 1k", threads (256,1), blocks (2,512));
// small = 1024 columns x 512 rows (2 x 256 blocks), tiny = 1024 x 32 (2 x 16 blocks). Every size
// is 1024 wide, so the blocks' shape and their left and right borders are the paper's.

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/workload.h"

namespace warpsim::workload::placement_blur {

inline constexpr std::int32_t kCols = 1024;
inline constexpr std::int32_t kRows[] = {32, 512, 1024};  // tiny, small, paper
inline constexpr std::uint32_t kThreads = 256;
inline constexpr std::int32_t kKsize = 3;
inline constexpr std::uint32_t kOutPixels = (kThreads - kKsize + 1) * 4;  // columns per block

inline std::string dimensions(Size size) {
  return fmt::format("{} x {} 8-bit image (cols x rows), 3x3 box blur", kCols,
                     for_size(kRows, size));
}

// Pixel (y, x) of the input: a fixed integer hash, uniform over 0..255.
inline std::uint8_t input_pixel(std::uint32_t y, std::uint32_t x) {
  std::uint32_t h = (y * 0x9E3779B9u) ^ (x * 0x85EBCA6Bu) ^ 0x27d4eb2fu;
  h ^= h >> 15;
  h *= 0x2C1B3C6Du;
  h ^= h >> 12;
  h *= 0x297A2D39u;
  h ^= h >> 15;
  return static_cast<std::uint8_t>(h >> 24);
}

// BORDER_REFLECT_101: gfedcb|abcdefgh|gfedcba (for one pixel outside the image).
inline std::int32_t reflect101(std::int32_t i, std::int32_t n) {
  if (i < 0) return -i;
  if (i >= n) return 2 * n - 2 - i;
  return i;
}

// Runs `kernel` (blur_shared_kernel, or blur_dcache_kernel with `global_scratch`) of workload
// `name` and checks every output pixel against the CPU blur exactly.
inline void run(Host& host, std::string_view name, std::string_view kernel, bool global_scratch,
                Size size) {
  const std::int32_t rows = for_size(kRows, size);
  const std::int32_t cols = kCols;  // a multiple of 4: the kernel loads aligned quads
  const auto n = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
  std::vector<std::uint8_t> src(n);
  for (std::int32_t y = 0; y < rows; ++y) {
    for (std::int32_t x = 0; x < cols; ++x)
      src[static_cast<std::size_t>(y * cols + x)] = input_pixel(y, x);
  }
  host.load_workload_ptx(name);
  const Addr src_dev = host.alloc_copy(src);
  const Addr dst_dev = host.alloc(n);
  const func::Dim3 grid{blocks_for(static_cast<std::uint64_t>(cols), kOutPixels),
                        blocks_for(static_cast<std::uint64_t>(rows), 2), 1};
  const func::Dim3 block{kThreads, 1, 1};
  if (global_scratch) {
    // One 8 KB region (2 x 256 x uint4) per block.
    const Addr scratch = host.alloc(std::size_t{grid.x} * grid.y * 2 * kThreads * 16);
    host.launch(kernel, grid, block, 0, src_dev, dst_dev, rows, cols, scratch);
  } else {
    host.launch(kernel, grid, block, 0, src_dev, dst_dev, rows, cols);
  }
  const std::vector<std::uint8_t> got = host.read<std::uint8_t>(dst_dev, n);

  // The blur on the CPU: the 9-pixel integer sum, divided by 9 (truncating, as the original's
  // float quotient converted to uchar).
  std::vector<std::uint8_t> want(n);
  const std::int32_t an = kKsize / 2;
  for (std::int32_t y = 0; y < rows; ++y) {
    for (std::int32_t x = 0; x < cols; ++x) {
      std::uint32_t sum = 0;
      for (std::int32_t dy = -an; dy <= an; ++dy) {
        for (std::int32_t dx = -an; dx <= an; ++dx) {
          sum += src[static_cast<std::size_t>(reflect101(y + dy, rows) * cols +
                                              reflect101(x + dx, cols))];
        }
      }
      want[static_cast<std::size_t>(y * cols + x)] =
          static_cast<std::uint8_t>(sum / (kKsize * kKsize));
    }
  }
  check_equal("dst", got, want, static_cast<std::size_t>(cols));
}

}  // namespace warpsim::workload::placement_blur
