// polybench/fdtd-2d: 2-D finite-difference time-domain, after PolyBench/GPU 1.0's FDTD-2D
// (fdtd-2d.cu): TMAX time steps of three kernels each (update ey, ex, then hz), one thread per
// grid point, 32x8 blocks (DIM_THREAD_BLOCK_X = 32, _Y = 8 in PolyBench/GPU 1.0's fdtd2d.cu), the
// grid's x over columns.
// Sizes: PolyBench/GPU's NX = NY = 2048, TMAX = 500; MRPB's scaling factor 1/8 (seed 004 Table 2)
// scales the grid to 256 x 256 (we keep TMAX = 500: the paper does not say it scales time steps).
// Inputs: PolyBench/GPU's formulas (fict[t] = t, ex[i][j] = (i (j+1) + 1) / NX,
// ey[i][j] = ((i-1) (j+2) + 2) / NX, hz[i][j] = ((i-9) (j+4) + 3) / NX), over each array's own
// shape (the original fills only NX x NY elements of the two larger arrays).

#include <cmath>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

struct Dims {
  std::int32_t side;   // NX = NY
  std::int32_t steps;  // TMAX
};
constexpr Dims kDims[] = {{32, 3}, {128, 20}, {256, 500}};  // tiny, small, paper
constexpr func::Dim3 kBlock{32, 8, 1};

class Fdtd2d final : public Workload {
 public:
  std::string_view name() const override { return "polybench/fdtd-2d"; }
  std::string_view description() const override {
    return "PolyBench/GPU FDTD-2D: 2-D finite-difference time domain, three stencil kernels per "
           "time step (streaming)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("NX=NY={}, TMAX={}", d.side, d.steps);
  }
  void run(Host& host, Size size) const override;
};

std::vector<float> field(std::size_t rows, std::size_t cols, std::int64_t row_shift,
                         std::int64_t col_shift, std::int64_t add, std::int32_t nx) {
  std::vector<float> f(rows * cols);
  for (std::size_t i = 0; i < rows; ++i) {
    for (std::size_t j = 0; j < cols; ++j) {
      const std::int64_t v =
          (static_cast<std::int64_t>(i) + row_shift) * (static_cast<std::int64_t>(j) + col_shift) +
          add;
      f[i * cols + j] = static_cast<float>(v) / static_cast<float>(nx);
    }
  }
  return f;
}

// One time step of the three kernels on the CPU, in float: the same operations in the same
// order, fused where the committed PTX fuses them (sub.f32, then fma.rn.f32 with -0.5 or -0.7),
// each correctly rounded, so the results must be identical, not merely close. (Error bounds as
// the one-pass workloads use, bounded.h, do not work here: a first-order bound multiplies by up
// to 3.8 per time step, since it cannot see errors of opposite sign cancel, and overflows long
// before 500 steps.)
void reference_step(float fict, std::vector<float>& ex, std::vector<float>& ey,
                    std::vector<float>& hz, std::size_t n) {
  for (std::size_t j = 0; j < n; ++j) ey[j] = fict;
  for (std::size_t i = 1; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      ey[i * n + j] = std::fma(hz[i * n + j] - hz[(i - 1) * n + j], -0.5f, ey[i * n + j]);
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 1; j < n; ++j) {
      ex[i * (n + 1) + j] =
          std::fma(hz[i * n + j] - hz[i * n + (j - 1)], -0.5f, ex[i * (n + 1) + j]);
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      const float curl =
          ex[i * (n + 1) + (j + 1)] - ex[i * (n + 1) + j] + ey[(i + 1) * n + j] - ey[i * n + j];
      hz[i * n + j] = std::fma(curl, -0.7f, hz[i * n + j]);
    }
  }
}

void Fdtd2d::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  const std::int32_t n = d.side;
  const auto un = static_cast<std::size_t>(n);
  std::vector<float> fict(static_cast<std::size_t>(d.steps));
  for (std::size_t t = 0; t < fict.size(); ++t) fict[t] = static_cast<float>(t);
  const std::vector<float> ex = field(un, un + 1, 0, 1, 1, n);
  const std::vector<float> ey = field(un + 1, un, -1, 2, 2, n);
  const std::vector<float> hz = field(un, un, -9, 4, 3, n);
  host.load_workload_ptx(name());
  const Addr fict_dev = host.alloc_copy(fict);
  const Addr ex_dev = host.alloc_copy(ex);
  const Addr ey_dev = host.alloc_copy(ey);
  const Addr hz_dev = host.alloc_copy(hz);
  const func::Dim3 grid{blocks_for(un, kBlock.x), blocks_for(un, kBlock.y), 1};
  for (std::int32_t t = 0; t < d.steps; ++t) {
    host.launch("fdtd_step1_kernel", grid, kBlock, 0, fict_dev, ex_dev, ey_dev, hz_dev, t, n, n);
    host.launch("fdtd_step2_kernel", grid, kBlock, 0, ex_dev, ey_dev, hz_dev, t, n, n);
    host.launch("fdtd_step3_kernel", grid, kBlock, 0, ex_dev, ey_dev, hz_dev, t, n, n);
  }
  std::vector<float> want_ex = ex;
  std::vector<float> want_ey = ey;
  std::vector<float> want_hz = hz;
  for (float f : fict) reference_step(f, want_ex, want_ey, want_hz, un);
  // exact(): error bound 0, so check_close demands equality.
  check_close("ex", host.read<float>(ex_dev, ex.size()), exact(want_ex), un + 1);
  check_close("ey", host.read<float>(ey_dev, ey.size()), exact(want_ey), un);
  check_close("hz", host.read<float>(hz_dev, hz.size()), exact(want_hz), un);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Fdtd2d);

}  // namespace warpsim::workload
