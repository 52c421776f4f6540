// polybench/gramschmidt: QR decomposition by Gram-Schmidt, after PolyBench/GPU 1.0's
// GRAMSCHMIDT (gramschmidt.cu): for each of the N columns the host launches three kernels with
// 256-thread blocks (DIM_THREAD_BLOCK_X = 256, _Y = 1 in PolyBench/GPU 1.0's gramschmidt.cu): the
// column's norm by one thread in a one-block grid, the column of Q (ceil(M / 256) blocks), and
// the row of R with the update of the later columns (ceil(N / 256) blocks): 3 N launches.
// Sizes: PolyBench/GPU's M = N = 2048 for paper (GRAMSCHMIDT is among seed 001's workloads,
// which gives no input sizes). Inputs: not PolyBench's, whose A[i][j] = (i+1)(j+1)/(M+1) has rank
// one, so that every column after the first cancels to rounding noise and the results are
// noise too; ours is a deterministic pattern plus a diagonal, A[i][j] = ((i+1)(j+3) mod 17) / 17
// + 2 [i = j], which keeps the columns independent.

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

class GramSchmidt final : public Workload {
 public:
  std::string_view name() const override { return "polybench/gramschmidt"; }
  std::string_view description() const override {
    return "PolyBench/GPU GRAMSCHMIDT: QR decomposition, three kernels per column (a one-thread "
           "norm, a column scale, a column update)";
  }
  std::string dimensions(Size size) const override {
    return fmt::format("M=N={}", for_size(kSide, size));
  }
  void run(Host& host, Size size) const override;
};

// The three kernels for every column, on the CPU, in float: the same operations in the same
// order, fused where the committed PTX fuses them (fma.rn.f32 for the norm and the dot product;
// mul.f32 then sub.f32 for the update), each correctly rounded like the PTX instructions
// (sqrt.rn, div.rn). The results must therefore be identical, not merely close. (Error bounds
// as the other workloads use, bounded.h, do not work here: a first-order bound for Gram-Schmidt
// doubles with each column, since it cannot see the projection cancel the previous columns'
// errors, and overflows within a hundred columns.)
void reference(std::vector<float>& a, std::vector<float>& r, std::vector<float>& q, std::size_t m,
               std::size_t n) {
  for (std::size_t k = 0; k < n; ++k) {
    float norm = 0.0f;
    for (std::size_t i = 0; i < m; ++i) norm = std::fma(a[i * n + k], a[i * n + k], norm);
    r[k * n + k] = std::sqrt(norm);
    for (std::size_t i = 0; i < m; ++i) q[i * n + k] = a[i * n + k] / r[k * n + k];
    for (std::size_t j = k + 1; j < n; ++j) {
      float dot = 0.0f;
      for (std::size_t i = 0; i < m; ++i) dot = std::fma(q[i * n + k], a[i * n + j], dot);
      r[k * n + j] = dot;
      for (std::size_t i = 0; i < m; ++i) {
        const float product = q[i * n + k] * dot;
        a[i * n + j] = a[i * n + j] - product;
      }
    }
  }
}

void GramSchmidt::run(Host& host, Size size) const {
  const std::int32_t side = for_size(kSide, size);
  const auto m = static_cast<std::size_t>(side);
  const std::size_t n = m;
  std::vector<float> a(m * n);
  for (std::size_t i = 0; i < m; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      a[i * n + j] = static_cast<float>((i + 1) * (j + 3) % 17) / 17.0f + (i == j ? 2.0f : 0.0f);
    }
  }
  const std::vector<float> zero(m * n, 0.0f);
  host.load_workload_ptx(name());
  const Addr a_dev = host.alloc_copy(a);
  const Addr r_dev = host.alloc_copy(zero);
  const Addr q_dev = host.alloc_copy(zero);
  for (std::int32_t k = 0; k < side; ++k) {
    host.launch("gramschmidt_kernel1", {1}, {kBlock}, 0, a_dev, r_dev, q_dev, k, side, side);
    host.launch("gramschmidt_kernel2", {blocks_for(m, kBlock)}, {kBlock}, 0, a_dev, r_dev, q_dev, k,
                side, side);
    host.launch("gramschmidt_kernel3", {blocks_for(n, kBlock)}, {kBlock}, 0, a_dev, r_dev, q_dev, k,
                side, side);
  }
  std::vector<float> want_a = a;
  std::vector<float> want_r(m * n, 0.0f);
  std::vector<float> want_q(m * n, 0.0f);
  reference(want_a, want_r, want_q, m, n);
  // exact(): error bound 0, so check_close demands equality.
  check_close("R", host.read<float>(r_dev, m * n), exact(want_r), n);
  check_close("Q", host.read<float>(q_dev, m * n), exact(want_q), n);
  check_close("A", host.read<float>(a_dev, m * n), exact(want_a), n);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(GramSchmidt);

}  // namespace warpsim::workload
