#pragma once

// Host code shared by placement/sp-shared and placement/sp-dcache (seed 000 Ch. 2's SP, the CUDA
// SDK's scalarProd): the sizes, the inputs, the launch and the CPU reference are the same; only
// the kernel differs (partial sums in shared memory, or in a per-block region of a global
// scratch buffer that sp-dcache also takes).
// Launch: seed 000 Table 2.2's shape, blocks of 64 threads and a grid of 256 blocks (the SDK
// launches 128 blocks of 256). Table 2.2's input "8192x512" is read in the SDK's parameters as
// VECTOR_N x ELEMENT_N: 8192 vector pairs of 512 elements each (the SDK's default: 256 pairs of
// 4096), so each block computes 32 products. With 512 < ACCUM_N = 1024 elements, each of
// accumulators 0..511 gets one product and 512..1023 stay 0 (the kernel as written does that;
// the tree still runs its 10 levels).
// Sizes: paper 8192 x 512 on 256 blocks (Table 2.2); small 1024 x 512 on 256 blocks (4 pairs
// per block); tiny 128 x 512 on 64 blocks (2 pairs per block, so the loop over pairs runs twice
// while the instruction count stays near 150,000). Smaller sizes keep the vector length and
// block and cut the number of pairs.
// Inputs: a[i], b[i] uniform in [-1, 1) from a fixed hash of i (hashed_signed_unit).
// Check: exact. The kernels compute each partial sum with __fmaf_rn in position order and the
// tree with __fadd_rn; the host repeats the same operations (std::fma, float +) in the same
// order and demands identical results.

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

namespace warpsim::workload::placement_sp {

struct Dims {
  std::uint32_t vectors, elements, grid;
};
// tiny, small, paper
inline constexpr Dims kDims[] = {{128, 512, 64}, {1024, 512, 256}, {8192, 512, 256}};
inline constexpr std::uint32_t kAccum = 1024;  // ACCUM_N (SP_ACCUM_N in sp_device.cuh)
inline constexpr std::uint32_t kBlock = 64;

inline std::string dimensions(Size size) {
  const Dims& d = for_size(kDims, size);
  return fmt::format("{} vector pairs of {} elements, {} blocks of 64", d.vectors, d.elements,
                     d.grid);
}

// Runs `kernel` (sp_shared_kernel, or sp_dcache_kernel with `global_scratch`: one 1024-float
// accumulator region per block) of workload `name` and checks the products exactly.
inline void run(Host& host, std::string_view name, std::string_view kernel, bool global_scratch,
                Size size) {
  const Dims& d = for_size(kDims, size);
  const std::size_t total = std::size_t{d.vectors} * d.elements;
  std::vector<float> a(total), b(total);
  for (std::size_t i = 0; i < total; ++i) {
    a[i] = hashed_signed_unit(i, 21);
    b[i] = hashed_signed_unit(i, 22);
  }
  host.load_workload_ptx(name);
  const Addr a_dev = host.alloc_copy(a);
  const Addr b_dev = host.alloc_copy(b);
  const Addr c_dev = host.alloc(std::size_t{d.vectors} * sizeof(float));
  const auto vectors = static_cast<std::int32_t>(d.vectors);
  const auto elements = static_cast<std::int32_t>(d.elements);
  if (global_scratch) {
    const Addr scratch = host.alloc(std::size_t{d.grid} * kAccum * sizeof(float));
    host.launch(kernel, {d.grid}, {kBlock}, 0, c_dev, a_dev, b_dev, vectors, elements, scratch);
  } else {
    host.launch(kernel, {d.grid}, {kBlock}, 0, c_dev, a_dev, b_dev, vectors, elements);
  }
  const std::vector<float> got = host.read<float>(c_dev, d.vectors);

  std::vector<float> want(d.vectors);
  std::vector<float> accum(kAccum);
  for (std::uint32_t v = 0; v < d.vectors; ++v) {
    const std::size_t base = std::size_t{v} * d.elements;
    const std::size_t end = base + d.elements;
    for (std::uint32_t i = 0; i < kAccum; ++i) {
      float sum = 0.0f;
      for (std::size_t pos = base + i; pos < end; pos += kAccum)
        sum = std::fma(a[pos], b[pos], sum);
      accum[i] = sum;
    }
    for (std::uint32_t stride = kAccum / 2; stride > 0; stride >>= 1) {
      for (std::uint32_t i = 0; i < stride; ++i) accum[i] = accum[i] + accum[stride + i];
    }
    want[v] = accum[0];
  }
  // exact(): error bound 0, so check_close demands identical results.
  check_close("C", got, exact(want));
}

}  // namespace warpsim::workload::placement_sp
