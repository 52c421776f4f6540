#pragma once

// Host code shared by placement/dwt-shared and placement/dwt-dcache (seed 000 Ch. 2's DWT, the
// CUDA SDK's dwtHaar1D): sizes, inputs, launches and the CPU reference are the same; the D-cache
// kernel also takes a global scratch array holding every block's working array.
// Launches, as the SDK's host code plans them: while the signal left has 1024 values or more,
// blocks of 512 threads decompose 1024 values each by 10 levels and leave one approximation per
// block; the last launch is one block of m / 2 threads taking the m < 1024 approximations left
// down to one (log2(m) levels), which it writes to od[0]. For 2^18 values (seed 000 Table 2.2:
// threads (512,1), blocks (256,1), 256k): 256 blocks of 512, then 1 block of 128 (8 levels).
// Sizes: paper = 2^18 = 262144 (Table 2.2); small = 2^17 (128 blocks, then 1 block of 64);
// tiny = 2^14 (16 blocks, then 1 block of 8).
//
// Reference: the Haar pyramid in the kernels' float operations and order
// (approximation fl(fl(a0 + a1) * c), detail fl(fl(a0 - a1) * c), c = fl(1 / sqrt(2)); the
// kernels write each with __fadd_rn / __fsub_rn / __fmul_rn), so the results must be identical.

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

namespace warpsim::workload::placement_dwt {

inline constexpr std::uint32_t kLength[] = {1u << 14, 1u << 17, 1u << 18};  // tiny, small, paper
inline constexpr std::uint32_t kMaxThreads = 512;                           // DWT_MAX_THREADS
inline constexpr std::size_t kWorkWords = 1056;                             // DWT_WORDS
inline constexpr float kInvSqrt2 = 0.70710678118654752440f;                 // DWT_INV_SQRT_2

inline std::string dimensions(Size size) {
  return fmt::format("1D Haar decomposition of {} values", for_size(kLength, size));
}

// A value in [-1, 1) from a fixed integer hash of i.
inline float input_value(std::uint32_t i) {
  const std::uint32_t h = fmix32(i * 0x9E3779B9u + 0x2545F491u);
  return static_cast<float>(h & 0xFFFFFFu) / static_cast<float>(1 << 23) - 1.0f;
}

// Runs `kernel` (dwt_shared_kernel, or dwt_dcache_kernel with `global_scratch`) of workload
// `name` and checks the whole decomposition exactly.
inline void run(Host& host, std::string_view name, std::string_view kernel, bool global_scratch,
                Size size) {
  const std::uint32_t n = for_size(kLength, size);
  std::vector<float> signal(n);
  for (std::uint32_t i = 0; i < n; ++i) signal[i] = input_value(i);

  host.load_workload_ptx(name);
  const Addr id_dev = host.alloc_copy(signal);
  const Addr od_dev = host.alloc(std::size_t{n} * sizeof(float));
  const std::uint32_t most_blocks = n >= 2 * kMaxThreads ? n / (2 * kMaxThreads) : 1;
  const Addr approx[2] = {host.alloc(std::size_t{most_blocks} * sizeof(float)),
                          host.alloc(std::size_t{most_blocks} * sizeof(float))};
  const Addr scratch =
      global_scratch ? host.alloc(std::size_t{most_blocks} * kWorkWords * sizeof(float)) : 0;
  Addr input = id_dev;
  int stage = 0;
  for (std::uint32_t m = n; m > 1; ++stage) {
    const std::uint32_t threads = m >= 2 * kMaxThreads ? kMaxThreads : m / 2;
    const std::uint32_t blocks = m / (2 * threads);
    const auto levels = static_cast<std::uint32_t>(std::countr_zero(2 * threads));
    const Addr approx_final = blocks == 1 ? od_dev : approx[stage % 2];
    const std::uint32_t half = m / 2;
    const auto bdim = static_cast<std::int32_t>(threads);
    if (global_scratch) {
      host.launch(kernel, {blocks}, {threads}, 0, input, od_dev, approx_final, levels, half, bdim,
                  scratch);
    } else {
      host.launch(kernel, {blocks}, {threads}, 0, input, od_dev, approx_final, levels, half, bdim);
    }
    input = approx_final;
    m = blocks;
  }
  const std::vector<float> got = host.read<float>(od_dev, n);

  // The pyramid: level by level, od[m / 2 + t] = detail of pair t of the m values left.
  std::vector<float> want(n);
  std::vector<float> a = signal;
  for (std::uint32_t m = n; m > 1; m /= 2) {
    for (std::uint32_t t = 0; t < m / 2; ++t) {
      const float a0 = a[2 * t];
      const float a1 = a[2 * t + 1];
      want[m / 2 + t] = (a0 - a1) * kInvSqrt2;
      a[t] = (a0 + a1) * kInvSqrt2;
    }
  }
  want[0] = a[0];
  // exact(): error bound 0, so check_close demands identical results.
  check_close("od", got, exact(want));
}

}  // namespace warpsim::workload::placement_dwt
