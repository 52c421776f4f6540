// polybench/covar: the covariance matrix, after PolyBench/GPU 1.0's COVAR (covar.cu): three
// kernels (column means, centring, the covariance matrix's upper triangle mirrored into the
// lower); 256-thread blocks for the per-column kernels and 32x8 for the per-element one
// (DIM_THREAD_BLOCK_KERNEL_1/3 = 256 x 1, KERNEL_2 = 32 x 8 in PolyBench/GPU 1.0's
// covariance.cu).
// Sizes: PolyBench/GPU's M = N = 2048 for paper (COVAR is among seed 001's workloads, which gives
// no input sizes). Inputs: PolyBench/GPU's init, data[i][j] = i * j / M with 1-based i and j, in
// a 0-based M x N array (the original pads to (M+1) x (N+1)).

#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

constexpr std::int32_t kSide[] = {32, 128, 2048};  // M = N: tiny, small, paper
constexpr std::uint32_t kBlock = 256;
constexpr func::Dim3 kBlock2d{32, 8, 1};
constexpr float kFloatN = 3214212.01f;

class Covar final : public Workload {
 public:
  std::string_view name() const override { return "polybench/covar"; }
  std::string_view description() const override {
    return "PolyBench/GPU COVAR: covariance matrix (means, centring, one thread per row of the "
           "triangular product)";
  }
  std::string dimensions(Size size) const override {
    return fmt::format("M=N={}", for_size(kSide, size));
  }
  void run(Host& host, Size size) const override;
};

void Covar::run(Host& host, Size size) const {
  const std::int32_t side = for_size(kSide, size);
  const auto m = static_cast<std::size_t>(side);
  const std::size_t n = m;
  std::vector<float> data(n * m);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < m; ++j) {
      data[i * m + j] = static_cast<float>((i + 1) * (j + 1)) / static_cast<float>(m);
    }
  }
  host.load_workload_ptx(name());
  const Addr data_dev = host.alloc_copy(data);
  const Addr mean_dev = host.alloc(m * sizeof(float));
  const Addr symmat_dev = host.alloc_copy(std::vector<float>(m * m, 0.0f));
  const func::Dim3 columns{blocks_for(m, kBlock)};
  const func::Dim3 grid2d{blocks_for(m, kBlock2d.x), blocks_for(n, kBlock2d.y), 1};
  host.launch("mean_kernel", columns, {kBlock}, 0, mean_dev, data_dev, side, side);
  host.launch("reduce_kernel", grid2d, kBlock2d, 0, mean_dev, data_dev, side, side);
  host.launch("covar_kernel", columns, {kBlock}, 0, symmat_dev, data_dev, side, side);
  const std::vector<float> symmat = host.read<float>(symmat_dev, m * m);

  std::vector<Bounded> mean(m);
  for (std::size_t j = 0; j < m; ++j) {
    Bounded sum;
    for (std::size_t i = 0; i < n; ++i) sum += Bounded::exact(data[i * m + j]);
    mean[j] = sum / Bounded::exact(kFloatN);
  }
  std::vector<Bounded> centred(n * m);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < m; ++j)
      centred[i * m + j] = Bounded::exact(data[i * m + j]) - mean[j];
  }
  std::vector<Bounded> want(m * m);
  for (std::size_t j1 = 0; j1 < m; ++j1) {
    for (std::size_t j2 = j1; j2 < m; ++j2) {
      Bounded sum;
      for (std::size_t i = 0; i < n; ++i) sum += centred[i * m + j1] * centred[i * m + j2];
      want[j1 * m + j2] = sum;
      want[j2 * m + j1] = sum;
    }
  }
  check_close("mean", host.read<float>(mean_dev, m), mean);
  check_close("data", host.read<float>(data_dev, n * m), centred, m);
  check_close("symmat", symmat, want, m);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Covar);

}  // namespace warpsim::workload
