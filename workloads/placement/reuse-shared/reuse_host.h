#pragma once

// Host code shared by placement/reuse-shared and placement/reuse-dcache (seed 000 Ch. 2's reuse
// micro-kernel, reuse.cuh): the inputs, the launch and the CPU reference. Each block of 256
// threads owns 256 floats and reads them kPasses times; the thesis gives no size, so the grid
// is whole waves of the GTX480 the study runs on (15 SMs, 6 blocks of 256 threads each):
// tiny 15 blocks, small 90 (one wave), paper 360 (four waves).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/workload.h"

namespace warpsim::workload::placement_reuse {

inline constexpr std::uint32_t kBlocks[] = {15, 90, 360};  // tiny, small, paper
inline constexpr std::uint32_t kThreads = 256;
inline constexpr std::int32_t kPasses = 16;

inline std::string dimensions(Size size) {
  return fmt::format("{} blocks of {} floats, each read {} times by each warp",
                     for_size(kBlocks, size), kThreads, kPasses);
}

// Launches `kernel` (reuse_shared_kernel or reuse_dcache_kernel) of workload `name` and checks
// every thread's sum against the CPU's.
inline void run(Host& host, std::string_view name, std::string_view kernel, Size size) {
  const std::uint32_t blocks = for_size(kBlocks, size);
  const std::size_t n = std::size_t{blocks} * kThreads;
  std::vector<float> in(n);
  std::uint32_t h = 0x2545F491u;
  for (float& v : in) {  // eighths in [-2, 2) from an xorshift sequence
    h ^= h << 13;
    h ^= h >> 17;
    h ^= h << 5;
    v = static_cast<float>(static_cast<std::int32_t>(h % 32u) - 16) / 8.0f;
  }
  host.load_workload_ptx(name);
  const Addr in_dev = host.alloc_copy(in);
  const Addr out_dev = host.alloc(n * sizeof(float));
  host.launch(kernel, {blocks, 1, 1}, {kThreads, 1, 1}, 0, in_dev, out_dev, kPasses);
  host.synchronize();
  const std::vector<float> got = host.read<float>(out_dev, n);
  std::vector<Bounded> want(n);
  for (std::size_t b = 0; b < blocks; ++b) {
    for (std::uint32_t t = 0; t < kThreads; ++t) {
      Bounded sum;
      for (std::int32_t p = 0; p < kPasses; ++p) {
        for (std::uint32_t row = 0; row < kThreads / 32; ++row)
          sum += Bounded::exact(in[b * kThreads + row * 32 + t % 32]);
      }
      want[b * kThreads + t] = sum;
    }
  }
  check_close("out", got, want, kThreads);
}

}  // namespace warpsim::workload::placement_reuse
