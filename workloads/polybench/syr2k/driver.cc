// polybench/syr2k: C = alpha A B^T + alpha B A^T + beta C, after PolyBench/GPU 1.0's SYR2K
// (syr2k.cu): one thread per element of the whole N x N matrix C, 32x8 blocks
// (DIM_THREAD_BLOCK_X = 32, _Y = 8 in PolyBench/GPU 1.0's syr2k.cu), the grid's x over columns;
// alpha = 12435, beta = 4546 as there.
// Sizes: PolyBench/GPU's N = M = 2048 with MRPB's scaling factor 1/16 (seed 004 Table 2) gives
// paper = 128. Inputs: PolyBench/GPU's init (A[i][k] = i * k / N, B[i][k] = (i * k + 1) / N,
// C[i][j] = (i * j + 2) / N).

#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

constexpr std::int32_t kSide[] = {32, 64, 128};  // N = M: tiny, small, paper
constexpr func::Dim3 kBlock{32, 8, 1};
constexpr float kAlpha = 12435.0f;
constexpr float kBeta = 4546.0f;

class Syr2k final : public Workload {
 public:
  std::string_view name() const override { return "polybench/syr2k"; }
  std::string_view description() const override {
    return "PolyBench/GPU SYR2K: C = alpha A B^T + alpha B A^T + beta C, one thread per element "
           "(cross-warp contention)";
  }
  std::string dimensions(Size size) const override {
    return fmt::format("N=M={}", for_size(kSide, size));
  }
  void run(Host& host, Size size) const override;
};

void Syr2k::run(Host& host, Size size) const {
  const std::int32_t n = for_size(kSide, size);
  const auto un = static_cast<std::size_t>(n);
  std::vector<float> a(un * un), b(un * un), c(un * un);
  for (std::size_t i = 0; i < un; ++i) {
    for (std::size_t j = 0; j < un; ++j) {
      a[i * un + j] = static_cast<float>(i * j) / n;
      b[i * un + j] = static_cast<float>(i * j + 1) / n;
      c[i * un + j] = static_cast<float>(i * j + 2) / n;
    }
  }
  host.load_workload_ptx(name());
  const Addr a_dev = host.alloc_copy(a);
  const Addr b_dev = host.alloc_copy(b);
  const Addr c_dev = host.alloc_copy(c);
  const func::Dim3 grid{blocks_for(un, kBlock.x), blocks_for(un, kBlock.y), 1};
  host.launch("syr2k_kernel", grid, kBlock, 0, a_dev, b_dev, c_dev, kAlpha, kBeta, n, n);
  const std::vector<float> got = host.read<float>(c_dev, un * un);

  std::vector<Bounded> want(un * un);
  const Bounded alpha = Bounded::exact(kAlpha);
  auto at = [&](const std::vector<float>& m, std::size_t i, std::size_t k) {
    return Bounded::exact(m[i * un + k]);
  };
  for (std::size_t i = 0; i < un; ++i) {
    for (std::size_t j = 0; j < un; ++j) {
      Bounded sum = Bounded::exact(c[i * un + j]) * Bounded::exact(kBeta);
      for (std::size_t k = 0; k < un; ++k) {
        sum += alpha * at(a, i, k) * at(b, j, k) + alpha * at(b, i, k) * at(a, j, k);
      }
      want[i * un + j] = sum;
    }
  }
  check_close("C", got, want, un);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Syr2k);

}  // namespace warpsim::workload
