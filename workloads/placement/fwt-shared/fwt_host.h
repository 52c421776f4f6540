#pragma once

// Host code shared by placement/fwt-shared and placement/fwt-dcache (seed 000 Ch. 2's FWT): the
// sizes, the input, the launches and the CPU reference are the same; only the chunk kernel
// differs (its buffer in shared memory, or in a per-block region of a global scratch array that
// the D-cache kernel takes as an extra parameter).
// Launches, as the CUDA SDK's fwtBatchGPU does them for one transform of N = 2^log2N elements:
// fwt_batch2_kernel with blocks of 256 threads, grid (N / 1024, 1), strides N / 4, N / 16, ...,
// 2^11 (one launch per pair of bits above bit 10), then the chunk kernel with blocks of 512
// threads, one per 2048-element chunk: seed 000 Table 2.2's threads (512,1), blocks (4096,1) for
// 8388608 elements (6 batch2 launches and 1 chunk launch). log2N must be odd (as 23 is): the
// chunk kernel's stages are 5 radix-4 and 1 radix-2.
// Sizes: paper = 2^23 (Table 2.2); small = 2^19 (4 + 1 launches, 256 chunks: about 6 waves of 3
// blocks per SM of a 15-SM Fermi); tiny = 2^15 (2 + 1 launches, 16 chunks).
// The SDK sample convolves two signals with three such transforms (and a pointwise product); we
// run one forward transform of one signal.
// Input and check: integers in [-2, 2] from a fixed integer hash. After k radix-2 stages every
// value is an integer of magnitude at most 2^(k+1) <= 2^24, exact in float, so the device's
// results are exact whatever the order of its additions; they are compared exactly with an
// integer transform on the CPU (radix-2 stages in int64), which is itself checked against the
// definition X[k] = sum_n (-1)^popcount(n & k) x[n] at a few k.

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/workload.h"

namespace warpsim::workload::placement_fwt {

inline constexpr int kLog2N[] = {15, 19, 23};  // tiny, small, paper
inline constexpr int kLog2Chunk = 11;          // fwt_device.cuh's FWT_LOG2_CHUNK
inline constexpr std::uint32_t kChunkThreads = 512;
inline constexpr std::uint32_t kBatch2Threads = 256;

inline std::string dimensions(Size size) {
  const int log2n = for_size(kLog2N, size);
  return fmt::format("N = 2^{} = {} floats, {} chunks of 2048", log2n, 1u << log2n,
                     1u << (log2n - kLog2Chunk));
}

// An integer in [-2, 2] for element i: a fixed integer hash.
inline std::int32_t input_value(std::uint32_t i) {
  const std::uint32_t h = fmix32(i * 0x9E3779B9u + 0x7F4A7C15u);
  return static_cast<std::int32_t>(h % 5u) - 2;
}

// Runs the transform with `chunk_kernel` (fwt_chunk_shared_kernel, or fwt_chunk_dcache_kernel
// with `global_scratch`) of workload `name` and checks it exactly.
inline void run(Host& host, std::string_view name, std::string_view chunk_kernel,
                bool global_scratch, Size size) {
  const int log2n = for_size(kLog2N, size);
  const std::size_t n = std::size_t{1} << log2n;
  const std::size_t chunks = n >> kLog2Chunk;
  std::vector<std::int64_t> x(n);
  std::vector<float> in(n);
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = input_value(static_cast<std::uint32_t>(i));
    in[i] = static_cast<float>(x[i]);
  }
  host.load_workload_ptx(name);
  const Addr data = host.alloc_copy(in);
  const func::Dim3 batch2_grid{static_cast<std::uint32_t>(n / (4 * kBatch2Threads)), 1, 1};
  for (int bits = log2n; bits > kLog2Chunk; bits -= 2) {  // bits bits-1 and bits-2
    const std::int32_t stride = std::int32_t{1} << (bits - 2);
    host.launch("fwt_batch2_kernel", batch2_grid, {kBatch2Threads, 1, 1}, 0, data, stride);
  }
  const func::Dim3 chunk_grid{static_cast<std::uint32_t>(chunks), 1, 1};
  if (global_scratch) {
    const Addr scratch = host.alloc(n * sizeof(float));
    host.launch(chunk_kernel, chunk_grid, {kChunkThreads, 1, 1}, 0, data, scratch);
  } else {
    host.launch(chunk_kernel, chunk_grid, {kChunkThreads, 1, 1}, 0, data);
  }
  const std::vector<float> got = host.read<float>(data, n);

  // The reference: radix-2 stages in int64, bit by bit.
  std::vector<std::int64_t> want = x;
  for (std::size_t s = 1; s < n; s <<= 1) {
    for (std::size_t i = 0; i < n; ++i) {
      if ((i & s) != 0) continue;
      const std::int64_t a = want[i];
      const std::int64_t b = want[i + s];
      want[i] = a + b;
      want[i + s] = a - b;
    }
  }
  // The reference itself, against the definition at a few outputs.
  for (const std::size_t k : {std::size_t{0}, std::size_t{1}, n / 2 + 3, n - 1,
                              (std::size_t{0x5A5A5A5A} * 2654435761u) & (n - 1)}) {
    std::int64_t sum = 0;
    for (std::size_t i = 0; i < n; ++i) sum += (std::popcount(i & k) & 1) != 0 ? -x[i] : x[i];
    if (sum != want[k]) {
      throw CheckFailed(
          fmt::format("the CPU reference itself is wrong: X[{}] = {}, the definition gives {}", k,
                      want[k], sum));
    }
  }
  std::vector<float> want_float(n);
  for (std::size_t i = 0; i < n; ++i) want_float[i] = static_cast<float>(want[i]);  // exact
  // exact(): error bound 0, so check_close demands identical results. Row = chunk, column =
  // index within the chunk.
  check_close("X", got, exact(want_float), std::size_t{1} << kLog2Chunk);
}

}  // namespace warpsim::workload::placement_fwt
