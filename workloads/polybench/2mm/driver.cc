// polybench/2mm: tmp = A B, then E = tmp D, after PolyBench/GPU 1.0's 2MM (2mm.cu): two kernels,
// one thread per output element, 32x8 blocks (DIM_THREAD_BLOCK_X = 32, _Y = 8 in PolyBench/GPU
// 1.0's 2mm.cu), the grid's x over columns; both accumulate onto their arrays' initial contents
// (zero here).
// Sizes: PolyBench/GPU's NI = NJ = NK = NL = 2048 with MRPB's scaling factor 1/4 (seed 004
// Table 2) gives paper = 512. Inputs: PolyBench/GPU's init (A[i][k] = i * k / NI,
// B[k][j] = k * (j+1) / NJ, D[j][l] = j * (l+2) / NK).

#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

constexpr std::int32_t kSide[] = {64, 256, 512};  // NI = NJ = NK = NL: tiny, small, paper
constexpr func::Dim3 kBlock{32, 8, 1};

class TwoMm final : public Workload {
 public:
  std::string_view name() const override { return "polybench/2mm"; }
  std::string_view description() const override {
    return "PolyBench/GPU 2MM: two chained matrix products, one thread per element "
           "(compute-bound)";
  }
  std::string dimensions(Size size) const override {
    return fmt::format("NI=NJ=NK=NL={}", for_size(kSide, size));
  }
  void run(Host& host, Size size) const override;
};

std::vector<Bounded> product(const std::vector<Bounded>& left, const std::vector<Bounded>& right,
                             std::size_t n) {
  std::vector<Bounded> out(n * n);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      Bounded sum;
      for (std::size_t k = 0; k < n; ++k) sum += left[i * n + k] * right[k * n + j];
      out[i * n + j] = sum;
    }
  }
  return out;
}

void TwoMm::run(Host& host, Size size) const {
  const std::int32_t n = for_size(kSide, size);
  const auto un = static_cast<std::size_t>(n);
  std::vector<float> a(un * un), b(un * un), d(un * un);
  const std::vector<float> zero(un * un, 0.0f);
  for (std::size_t i = 0; i < un; ++i) {
    for (std::size_t j = 0; j < un; ++j) {
      a[i * un + j] = static_cast<float>(i * j) / n;
      b[i * un + j] = static_cast<float>(i * (j + 1)) / n;
      d[i * un + j] = static_cast<float>(i * (j + 2)) / n;
    }
  }
  host.load_workload_ptx(name());
  const Addr a_dev = host.alloc_copy(a);
  const Addr b_dev = host.alloc_copy(b);
  const Addr d_dev = host.alloc_copy(d);
  const Addr tmp_dev = host.alloc_copy(zero);
  const Addr e_dev = host.alloc_copy(zero);
  const func::Dim3 grid{blocks_for(un, kBlock.x), blocks_for(un, kBlock.y), 1};
  host.launch("mm2_kernel1", grid, kBlock, 0, a_dev, b_dev, tmp_dev, n, n, n);
  host.launch("mm2_kernel2", grid, kBlock, 0, tmp_dev, d_dev, e_dev, n, n, n);
  const std::vector<float> tmp = host.read<float>(tmp_dev, un * un);
  const std::vector<float> e = host.read<float>(e_dev, un * un);

  const std::vector<Bounded> want_tmp = product(exact(a), exact(b), un);
  check_close("tmp", tmp, want_tmp, un);
  check_close("E", e, product(want_tmp, exact(d), un), un);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(TwoMm);

}  // namespace warpsim::workload
