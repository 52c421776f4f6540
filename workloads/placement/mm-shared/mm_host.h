#pragma once

// Host code shared by placement/mm-shared and placement/mm-dcache (seed 000 Ch. 2's MM case
// study): the sizes, the inputs, the launch and the CPU reference are the same; only the kernel
// differs (tiles staged in shared memory, or read from global memory through the L1D).
// Launch: blocks of 16x16 threads, grid (n / 16, n / 16), as the CUDA SDK's matrixMul and seed
// 000 Table 2.2 (threads (16,16), blocks (16,16) for 256 x 256).
// Sizes: paper = 256 x 256 (seed 000 Table 2.2; its Ch. 3 and Ch. 6 use 2048 x 2048, not offered
// here); small = 128, tiny = 64 (4 x 4 blocks of 4 tile steps each).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/staged.h"
#include "workload/workload.h"

namespace warpsim::workload::placement_mm {

inline constexpr std::int32_t kSide[] = {64, 128, 256};  // hA = wA = wB: tiny, small, paper
inline constexpr std::uint32_t kTile = 16;

inline std::string dimensions(Size size) {
  const std::int32_t n = for_size(kSide, size);
  return fmt::format("A, B, C {}x{}, 16x16 tiles", n, n);
}

// A small signed value from a fixed integer hash of (matrix, i, j): eighths in [-2, 2).
inline float input_value(std::uint32_t matrix, std::uint32_t i, std::uint32_t j) {
  std::uint32_t h = matrix * 0x9E3779B9u ^ (i * 0x85EBCA6Bu) ^ (j * 0xC2B2AE35u);
  h ^= h >> 15;
  h *= 0x2C1B3C6Du;
  h ^= h >> 12;
  return static_cast<float>(static_cast<std::int32_t>(h % 32u) - 16) / 8.0f;
}

// Stages `kernel` (mm_shared_kernel or mm_dcache_kernel, same parameters) of workload `name` on
// n x n matrices; the check compares C with A B computed with error bounds.
inline Staged stage(Host& host, std::string_view name, std::string_view kernel, Size size) {
  const std::int32_t n = for_size(kSide, size);
  const auto un = static_cast<std::size_t>(n);
  std::vector<float> a(un * un), b(un * un);
  for (std::uint32_t i = 0; i < un; ++i) {
    for (std::uint32_t j = 0; j < un; ++j) {
      a[i * un + j] = input_value(1, i, j);
      b[i * un + j] = input_value(2, i, j);
    }
  }
  host.load_workload_ptx(name);
  const Addr a_dev = host.alloc_copy(a);
  const Addr b_dev = host.alloc_copy(b);
  const Addr c_dev = host.alloc(un * un * sizeof(float));
  Staged staged;
  staged.launch = [&host, kernel = std::string(kernel), un, n, a_dev, b_dev,
                   c_dev](std::uint64_t stream) {
    const func::Dim3 grid{blocks_for(un, kTile), blocks_for(un, kTile), 1};
    host.launch_on(stream, kernel, grid, {kTile, kTile, 1}, 0, a_dev, b_dev, c_dev, n, n);
  };
  staged.check = [&host, un, c_dev, a = std::move(a), b = std::move(b)] {
    const std::vector<float> got = host.read<float>(c_dev, un * un);
    // Both kernels add the products in k order, tile after tile.
    std::vector<Bounded> want(un * un);
    for (std::size_t i = 0; i < un; ++i) {
      for (std::size_t j = 0; j < un; ++j) {
        Bounded sum;
        for (std::size_t k = 0; k < un; ++k)
          sum += Bounded::exact(a[i * un + k]) * Bounded::exact(b[k * un + j]);
        want[i * un + j] = sum;
      }
    }
    check_close("C", got, want, un);
  };
  return staged;
}

inline void run(Host& host, std::string_view name, std::string_view kernel, Size size) {
  stage(host, name, kernel, size).run();
}

}  // namespace warpsim::workload::placement_mm
