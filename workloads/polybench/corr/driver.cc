// polybench/corr: the correlation matrix, after PolyBench/GPU 1.0's CORR (corr.cu): four kernels
// (column means, standard deviations, centring and scaling, the correlation matrix's upper
// triangle mirrored into the lower); 256-thread blocks for the per-column kernels and 32x8 for
// the per-element one (DIM_THREAD_BLOCK_KERNEL_1/3/4 = 256 x 1, KERNEL_2 = 32 x 8 in
// PolyBench/GPU 1.0's correlation.cu). As there, the last diagonal element, which no thread
// writes, is set to 1 by the host.
// Sizes: PolyBench/GPU's M = N = 2048 for paper (CORR is among seed 001's workloads, which gives
// no input sizes). Inputs: PolyBench/GPU's init, data[i][j] = i * j / M with 1-based i and j, in
// a 0-based M x N array (the original pads to (M+1) x (N+1)).

#include <cmath>
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
constexpr float kSqrtFloatN = 1792.8224f;
constexpr float kEps = 0.005f;

class Corr final : public Workload {
 public:
  std::string_view name() const override { return "polybench/corr"; }
  std::string_view description() const override {
    return "PolyBench/GPU CORR: correlation matrix (means, deviations, normalization, one thread "
           "per row of the triangular product)";
  }
  std::string dimensions(Size size) const override {
    return fmt::format("M=N={}", for_size(kSide, size));
  }
  void run(Host& host, Size size) const override;
};

// The per-column statistics and the normalized data, as the first three kernels compute them.
// Where the float result could fall on either side of eps, the reference follows the branch the
// device took (`got_std`): both are correct float arithmetic.
std::vector<Bounded> normalized(const std::vector<float>& data, const std::vector<float>& got_std,
                                std::size_t m, std::size_t n, std::vector<Bounded>& mean,
                                std::vector<Bounded>& std_dev) {
  for (std::size_t j = 0; j < m; ++j) {
    Bounded sum;
    for (std::size_t i = 0; i < n; ++i) sum += Bounded::exact(data[i * m + j]);
    mean[j] = sum / Bounded::exact(kFloatN);
    Bounded squares;
    for (std::size_t i = 0; i < n; ++i) {
      const Bounded d = Bounded::exact(data[i * m + j]) - mean[j];
      squares += d * d;
    }
    const Bounded s = sqrt(squares / Bounded::exact(kFloatN));
    const bool ambiguous = std::fabs(s.value - kEps) <= 2 * s.error;
    const bool replaced = ambiguous ? got_std[j] == 1.0f : s.value <= kEps;
    std_dev[j] = replaced ? Bounded::exact(1.0f) : s;
  }
  std::vector<Bounded> out(n * m);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < m; ++j) {
      const Bounded centred = Bounded::exact(data[i * m + j]) - mean[j];
      out[i * m + j] = centred / (Bounded::exact(kSqrtFloatN) * std_dev[j]);
    }
  }
  return out;
}

void Corr::run(Host& host, Size size) const {
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
  const Addr std_dev_dev = host.alloc(m * sizeof(float));
  const Addr symmat_dev = host.alloc_copy(std::vector<float>(m * m, 0.0f));
  const func::Dim3 columns{blocks_for(m, kBlock)};
  const func::Dim3 grid2d{blocks_for(m, kBlock2d.x), blocks_for(n, kBlock2d.y), 1};
  host.launch("mean_kernel", columns, {kBlock}, 0, mean_dev, data_dev, side, side);
  host.launch("std_kernel", columns, {kBlock}, 0, mean_dev, std_dev_dev, data_dev, side, side);
  host.launch("reduce_kernel", grid2d, kBlock2d, 0, mean_dev, std_dev_dev, data_dev, side, side);
  host.launch("corr_kernel", columns, {kBlock}, 0, symmat_dev, data_dev, side, side);
  std::vector<float> symmat = host.read<float>(symmat_dev, m * m);
  symmat[m * m - 1] = 1.0f;
  const std::vector<float> got_std = host.read<float>(std_dev_dev, m);

  std::vector<Bounded> mean(m), std_dev(m);
  const std::vector<Bounded> normal = normalized(data, got_std, m, n, mean, std_dev);
  std::vector<Bounded> want(m * m);
  for (std::size_t j1 = 0; j1 < m; ++j1) {
    want[j1 * m + j1] = Bounded::exact(1.0f);
    for (std::size_t j2 = j1 + 1; j2 < m; ++j2) {
      Bounded sum;
      for (std::size_t i = 0; i < n; ++i) sum += normal[i * m + j1] * normal[i * m + j2];
      want[j1 * m + j2] = sum;
      want[j2 * m + j1] = sum;
    }
  }
  check_close("mean", host.read<float>(mean_dev, m), mean);
  check_close("std", got_std, std_dev);
  check_close("data", host.read<float>(data_dev, n * m), normal, m);
  check_close("symmat", symmat, want, m);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Corr);

}  // namespace warpsim::workload
