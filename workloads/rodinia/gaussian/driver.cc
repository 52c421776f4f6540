// rodinia/gaussian: solves A x = b by Gaussian elimination without pivoting, after Rodinia 3.x's
// gaussian (CUDA version by Chris Gregg after Kura and Xu): n-1 forward steps of two kernels each
// (gaussian_fan1: the multipliers of column t, 1-D blocks of 512 threads (MAXBLOCKSIZE), grid
// ceil(n / 512); gaussian_fan2: the update of the trailing rows of A and b, 4 x 4 blocks
// (BLOCK_SIZE_XY), grid ceil(n / 4) x ceil(n / 4) over the whole matrix, as the original), then
// back substitution on the host.
// Sizes: paper n = 208, Rodinia's matrix208 input (seed 004 Table 3, "Gaussian matrix 208 x 208").
// Inputs: the matrix Rodinia's `-s` option generates (a[i][j] = 10 exp(-0.01 |i - j|), a
// symmetric positive definite Toeplitz matrix, so elimination needs no pivoting) and b[i] = 1;
// the matrix208 file itself is not reproduced.

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

constexpr std::int32_t kSide[] = {32, 96, 208};  // n: tiny, small, paper
constexpr std::uint32_t kFan1Block = 512;
constexpr std::uint32_t kFan2Block = 4;

class Gaussian final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/gaussian"; }
  std::string_view description() const override {
    return "Rodinia Gaussian elimination: two kernels per pivot over the trailing matrix "
           "(many short launches, small 4x4 blocks)";
  }
  std::string dimensions(Size size) const override {
    return fmt::format("N={} ({} launches)", for_size(kSide, size),
                       2 * (for_size(kSide, size) - 1));
  }
  void run(Host& host, Size size) const override;
};

struct System {
  std::vector<float> a;  // n x n
  std::vector<float> b;  // n
  std::vector<float> m;  // n x n multipliers
};

// The forward elimination on the CPU, in float, with the kernels' operations in their order:
// the committed PTX computes the multiplier with div.rn.f32 and each update as mul.f32 then
// sub.f32 (not fused), so the results must be identical. (First-order error bounds, bounded.h,
// grow with every step of the elimination and say little after a few hundred; exact
// replication, as polybench/fdtd-2d does, keeps the check sharp.)
void reference_forward(System& s, std::size_t n) {
  for (std::size_t t = 0; t + 1 < n; ++t) {
    for (std::size_t r = t + 1; r < n; ++r) s.m[r * n + t] = s.a[r * n + t] / s.a[t * n + t];
    for (std::size_t r = t + 1; r < n; ++r) {
      const float mult = s.m[r * n + t];
      for (std::size_t c = t; c < n; ++c) {
        const float product = mult * s.a[t * n + c];
        s.a[r * n + c] = s.a[r * n + c] - product;
      }
      const float product = mult * s.b[t];
      s.b[r] = s.b[r] - product;
    }
  }
}

// Rodinia's BackSub on the host: x[i] = (b[i] - sum_{j > i} a[i][j] x[j]) / a[i][i], the sum taken
// from j = n-1 down.
std::vector<float> back_substitute(const System& s, std::size_t n) {
  std::vector<float> x(n);
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t i = n - 1 - k;
    float v = s.b[i];
    for (std::size_t j = n - 1; j > i; --j) v -= s.a[i * n + j] * x[j];
    x[i] = v / s.a[i * n + i];
  }
  return x;
}

void Gaussian::run(Host& host, Size size) const {
  const std::int32_t n = for_size(kSide, size);
  const auto un = static_cast<std::size_t>(n);
  System input{std::vector<float>(un * un), std::vector<float>(un, 1.0f),
               std::vector<float>(un * un, 0.0f)};
  for (std::size_t i = 0; i < un; ++i) {
    for (std::size_t j = 0; j < un; ++j) {
      const double distance = std::abs(static_cast<double>(i) - static_cast<double>(j));
      input.a[i * un + j] = static_cast<float>(10.0 * std::exp(-0.01 * distance));
    }
  }
  host.load_workload_ptx(name());
  const Addr m_dev = host.alloc_copy(input.m);
  const Addr a_dev = host.alloc_copy(input.a);
  const Addr b_dev = host.alloc_copy(input.b);
  const func::Dim3 fan1_grid{blocks_for(un, kFan1Block)};
  const func::Dim3 fan2_grid{blocks_for(un, kFan2Block), blocks_for(un, kFan2Block), 1};
  for (std::int32_t t = 0; t < n - 1; ++t) {
    host.launch("gaussian_fan1", fan1_grid, {kFan1Block}, 0, m_dev, a_dev, n, t);
    host.launch("gaussian_fan2", fan2_grid, {kFan2Block, kFan2Block, 1}, 0, m_dev, a_dev, b_dev, n,
                t);
  }
  System got{host.read<float>(a_dev, un * un), host.read<float>(b_dev, un),
             host.read<float>(m_dev, un * un)};
  const std::vector<float> x = back_substitute(got, un);

  System want = input;
  reference_forward(want, un);
  const std::vector<float> want_x = back_substitute(want, un);
  // exact(): error bound 0, so check_close demands equality.
  check_close("m", got.m, exact(want.m), un);
  check_close("a", got.a, exact(want.a), un);
  check_close("b", got.b, exact(want.b));
  check_close("x", x, exact(want_x));
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Gaussian);

}  // namespace warpsim::workload
