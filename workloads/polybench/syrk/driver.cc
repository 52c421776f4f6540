// polybench/syrk: C = alpha A A^T + beta C, after PolyBench/GPU 1.0's SYRK (syrk.cu): one thread
// per element of the whole N x N matrix C, 32x8 blocks (DIM_THREAD_BLOCK_X = 32, _Y = 8 in
// PolyBench/GPU 1.0's syrk.cu), the grid's x over columns; alpha = 12435, beta = 4546 as there.
// Sizes: PolyBench/GPU's N = M = 1024 with MRPB's scaling factor 1/4 (seed 004 Table 2) gives
// paper = 256. Inputs: PolyBench/GPU's init (A[i][k] = i * k / N, C[i][j] = (i * j + 2) / N).

#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

constexpr std::int32_t kSide[] = {32, 128, 256};  // N = M: tiny, small, paper
constexpr func::Dim3 kBlock{32, 8, 1};
constexpr float kAlpha = 12435.0f;
constexpr float kBeta = 4546.0f;

class Syrk final : public Workload {
 public:
  std::string_view name() const override { return "polybench/syrk"; }
  std::string_view description() const override {
    return "PolyBench/GPU SYRK: C = alpha A A^T + beta C, one thread per element (cross-warp "
           "contention)";
  }
  std::string dimensions(Size size) const override {
    return fmt::format("N=M={}", for_size(kSide, size));
  }
  void run(Host& host, Size size) const override;
};

void Syrk::run(Host& host, Size size) const {
  const std::int32_t n = for_size(kSide, size);
  const auto un = static_cast<std::size_t>(n);
  std::vector<float> a(un * un), c(un * un);
  for (std::size_t i = 0; i < un; ++i) {
    for (std::size_t j = 0; j < un; ++j) {
      a[i * un + j] = static_cast<float>(i * j) / n;
      c[i * un + j] = static_cast<float>(i * j + 2) / n;
    }
  }
  host.load_workload_ptx(name());
  const Addr a_dev = host.alloc_copy(a);
  const Addr c_dev = host.alloc_copy(c);
  const func::Dim3 grid{blocks_for(un, kBlock.x), blocks_for(un, kBlock.y), 1};
  host.launch("syrk_kernel", grid, kBlock, 0, a_dev, c_dev, kAlpha, kBeta, n, n);
  const std::vector<float> got = host.read<float>(c_dev, un * un);

  std::vector<Bounded> want(un * un);
  const Bounded alpha = Bounded::exact(kAlpha);
  for (std::size_t i = 0; i < un; ++i) {
    for (std::size_t j = 0; j < un; ++j) {
      Bounded sum = Bounded::exact(c[i * un + j]) * Bounded::exact(kBeta);
      for (std::size_t k = 0; k < un; ++k) {
        sum += alpha * Bounded::exact(a[i * un + k]) * Bounded::exact(a[j * un + k]);
      }
      want[i * un + j] = sum;
    }
  }
  check_close("C", got, want, un);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Syrk);

}  // namespace warpsim::workload
