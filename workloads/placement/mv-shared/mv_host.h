#pragma once

// Host code shared by placement/mv-shared and placement/mv-dcache (seed 000 Ch. 2's MV, the
// tiled matrix-vector product y = A x with 32 x 32 tiles): the sizes, the inputs, the launch
// and the CPU reference are the same; only the kernel differs (tile staged in shared memory, or
// each thread's row part in registers).
// Launch: blocks of 32 threads, one per 32 rows of A, grid n / 32: seed 000 Table 2.2's
// threads (32,1), blocks (64,1) for 2048 x 2048.
// Sizes: paper n = 2048 (Table 2.2), small 1024, tiny 256 (8 blocks of 8 steps). At 1024 and
// 2048 the rows are 4 KB and 8 KB apart, multiples of the L1D's set span under a linear
// index, so the D-cache version's set conflicts appear at small as at paper.
// Inputs: A and x uniform in [-1, 1) from a fixed hash of the index (hashed_signed_unit).
// Check: exact. Both kernels compute y[r] = fma(A[r][c], x[c], ...) for c = 0..n-1 in order
// (__fmaf_rn); the host repeats that with std::fma and demands identical results.

#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/workload.h"

namespace warpsim::workload::placement_mv {

inline constexpr std::uint32_t kSide[] = {256, 1024, 2048};  // n: tiny, small, paper
inline constexpr std::uint32_t kTile = 32;

inline std::string dimensions(Size size) {
  const std::uint32_t n = for_size(kSide, size);
  return fmt::format("A {}x{}, 32x32 tiles, {} blocks of 32", n, n, n / kTile);
}

// Runs `kernel` (mv_shared_kernel or mv_dcache_kernel, same parameters) of workload `name` and
// checks y exactly.
inline void run(Host& host, std::string_view name, std::string_view kernel, Size size) {
  const std::uint32_t n = for_size(kSide, size);
  std::vector<float> a(std::size_t{n} * n), x(n);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = hashed_signed_unit(i, 31);
  for (std::uint32_t i = 0; i < n; ++i) x[i] = hashed_signed_unit(i, 32);
  host.load_workload_ptx(name);
  const Addr a_dev = host.alloc_copy(a);
  const Addr x_dev = host.alloc_copy(x);
  const Addr y_dev = host.alloc(std::size_t{n} * sizeof(float));
  host.launch(kernel, {n / kTile}, {kTile}, 0, y_dev, a_dev, x_dev, static_cast<std::int32_t>(n));
  const std::vector<float> got = host.read<float>(y_dev, n);

  std::vector<float> want(n);
  for (std::uint32_t r = 0; r < n; ++r) {
    float sum = 0.0f;
    for (std::uint32_t c = 0; c < n; ++c) sum = std::fma(a[std::size_t{r} * n + c], x[c], sum);
    want[r] = sum;
  }
  // exact(): error bound 0, so check_close demands identical results.
  check_close("y", got, exact(want));
}

}  // namespace warpsim::workload::placement_mv
