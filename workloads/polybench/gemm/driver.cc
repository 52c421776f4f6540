// polybench/gemm: C = alpha A B + beta C, after PolyBench/GPU 1.0's GEMM (gemm.cu): one thread per
// element of C, 32x8 blocks (DIM_THREAD_BLOCK_X = 32, _Y = 8 in PolyBench/GPU 1.0's gemm.cu),
// the grid's x over columns; alpha = 32412, beta = 2123 as there.
// Sizes: PolyBench/GPU's NI = NJ = NK = 512, scaling factor 1 in MRPB (seed 004 Table 2): paper
// = 512. Inputs: PolyBench/GPU's init (A[i][k] = i * k / NI, B[k][j] = k * j / NI,
// C[i][j] = i * j / NI).

#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

constexpr std::int32_t kSide[] = {64, 256, 512};  // NI = NJ = NK: tiny, small, paper
constexpr func::Dim3 kBlock{32, 8, 1};
constexpr float kAlpha = 32412.0f;
constexpr float kBeta = 2123.0f;

class Gemm final : public Workload {
 public:
  std::string_view name() const override { return "polybench/gemm"; }
  std::string_view description() const override {
    return "PolyBench/GPU GEMM: C = alpha A B + beta C, one thread per element (compute-bound)";
  }
  std::string dimensions(Size size) const override {
    return fmt::format("NI=NJ=NK={}", for_size(kSide, size));
  }
  void run(Host& host, Size size) const override;
};

void Gemm::run(Host& host, Size size) const {
  const std::int32_t n = for_size(kSide, size);
  const auto un = static_cast<std::size_t>(n);
  std::vector<float> a(un * un), b(un * un), c(un * un);
  for (std::size_t i = 0; i < un; ++i) {
    for (std::size_t j = 0; j < un; ++j) {
      a[i * un + j] = static_cast<float>(i * j) / n;
      b[i * un + j] = static_cast<float>(i * j) / n;
      c[i * un + j] = static_cast<float>(i * j) / n;
    }
  }
  host.load_workload_ptx(name());
  const Addr a_dev = host.alloc_copy(a);
  const Addr b_dev = host.alloc_copy(b);
  const Addr c_dev = host.alloc_copy(c);
  const func::Dim3 grid{blocks_for(un, kBlock.x), blocks_for(un, kBlock.y), 1};
  host.launch("gemm_kernel", grid, kBlock, 0, a_dev, b_dev, c_dev, kAlpha, kBeta, n, n, n);
  const std::vector<float> got = host.read<float>(c_dev, un * un);

  std::vector<Bounded> want(un * un);
  for (std::size_t i = 0; i < un; ++i) {
    for (std::size_t j = 0; j < un; ++j) {
      Bounded sum = Bounded::exact(c[i * un + j]) * Bounded::exact(kBeta);
      for (std::size_t k = 0; k < un; ++k) {
        sum +=
            Bounded::exact(kAlpha) * Bounded::exact(a[i * un + k]) * Bounded::exact(b[k * un + j]);
      }
      want[i * un + j] = sum;
    }
  }
  check_close("C", got, want, un);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Gemm);

}  // namespace warpsim::workload
