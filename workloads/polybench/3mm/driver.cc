// polybench/3mm: E = A B, F = C D, G = E F, after PolyBench/GPU 1.0's 3MM (3mm.cu): three kernels,
// one thread per output element, 32x8 blocks (DIM_THREAD_BLOCK_X = 32, _Y = 8 in PolyBench/GPU
// 1.0's 3mm.cu), the grid's x over columns.
// Sizes: PolyBench/GPU's NI = NJ = NK = NL = NM = 512, scaling factor 1 in MRPB (seed 004
// Table 2): paper = 512. Inputs: PolyBench/GPU's init (A[i][k] = i * k / NI,
// B[k][j] = k * (j+1) / NJ, C[j][m] = j * (m+3) / NL, D[m][l] = m * (l+2) / NK).

#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

constexpr std::int32_t kSide[] = {64, 128, 512};  // NI = NJ = NK = NL = NM: tiny, small, paper
constexpr func::Dim3 kBlock{32, 8, 1};

class ThreeMm final : public Workload {
 public:
  std::string_view name() const override { return "polybench/3mm"; }
  std::string_view description() const override {
    return "PolyBench/GPU 3MM: three matrix products (two independent, one combining them), one "
           "thread per element (compute-bound)";
  }
  std::string dimensions(Size size) const override {
    return fmt::format("NI=NJ=NK=NL=NM={}", for_size(kSide, size));
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

std::vector<float> matrix(std::size_t n, std::size_t column_offset) {
  std::vector<float> m(n * n);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      m[i * n + j] = static_cast<float>(i * (j + column_offset)) / static_cast<float>(n);
    }
  }
  return m;
}

void ThreeMm::run(Host& host, Size size) const {
  const std::int32_t n = for_size(kSide, size);
  const auto un = static_cast<std::size_t>(n);
  const std::vector<float> a = matrix(un, 0), b = matrix(un, 1), c = matrix(un, 3),
                           d = matrix(un, 2);
  host.load_workload_ptx(name());
  const Addr a_dev = host.alloc_copy(a);
  const Addr b_dev = host.alloc_copy(b);
  const Addr c_dev = host.alloc_copy(c);
  const Addr d_dev = host.alloc_copy(d);
  const Addr e_dev = host.alloc(un * un * sizeof(float));
  const Addr f_dev = host.alloc(un * un * sizeof(float));
  const Addr g_dev = host.alloc(un * un * sizeof(float));
  const func::Dim3 grid{blocks_for(un, kBlock.x), blocks_for(un, kBlock.y), 1};
  host.launch("mm3_kernel1", grid, kBlock, 0, a_dev, b_dev, e_dev, n, n, n);
  host.launch("mm3_kernel2", grid, kBlock, 0, c_dev, d_dev, f_dev, n, n, n);
  host.launch("mm3_kernel3", grid, kBlock, 0, e_dev, f_dev, g_dev, n, n, n);
  const std::vector<float> g = host.read<float>(g_dev, un * un);

  const std::vector<Bounded> want_e = product(exact(a), exact(b), un);
  const std::vector<Bounded> want_f = product(exact(c), exact(d), un);
  check_close("E", host.read<float>(e_dev, un * un), want_e, un);
  check_close("F", host.read<float>(f_dev, un * un), want_f, un);
  check_close("G", g, product(want_e, want_f, un), un);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(ThreeMm);

}  // namespace warpsim::workload
