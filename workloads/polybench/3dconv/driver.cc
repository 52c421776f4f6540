// polybench/3dconv: a 15-point stencil over a 3-D volume, after PolyBench/GPU 1.0's 3DCONV
// (3dconv.cu, with its coefficients and neighbours): the host launches one kernel per interior
// plane i (NI - 2 launches), each with one thread per (j, k) of the plane, 32x8 blocks
// (DIM_THREAD_BLOCK_X = 32, _Y = 8 in PolyBench/GPU 1.0's 3DConvolution.cu), the grid's x over k.
// Sizes: PolyBench/GPU's NI = NJ = NK = 256, scaling factor 1 in MRPB (seed 004 Table 2): paper
// = 256. Inputs: the original fills A with rand(); ours are a deterministic pattern in [0, 1]
// (A[i][j][k] = ((7 i + 13 j + 29 k) mod 64) / 63).

#include <array>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

constexpr std::int32_t kSide[] = {16, 64, 256};  // NI = NJ = NK: tiny, small, paper
constexpr func::Dim3 kBlock{32, 8, 1};

// The kernel's terms in its order: coefficient and (di, dj, dk) offsets of the neighbour.
struct Term {
  float c;
  int di, dj, dk;
};
constexpr std::array<Term, 15> kTerms = {{{2, -1, -1, -1},
                                          {4, 1, -1, -1},
                                          {5, -1, -1, -1},
                                          {7, 1, -1, -1},
                                          {-8, -1, -1, -1},
                                          {10, 1, -1, -1},
                                          {-3, 0, -1, 0},
                                          {6, 0, 0, 0},
                                          {-9, 0, 1, 0},
                                          {2, -1, -1, 1},
                                          {4, 1, -1, 1},
                                          {5, -1, 0, 1},
                                          {7, 1, 0, 1},
                                          {-8, -1, 1, 1},
                                          {10, 1, 1, 1}}};

class Conv3d final : public Workload {
 public:
  std::string_view name() const override { return "polybench/3dconv"; }
  std::string_view description() const override {
    return "PolyBench/GPU 3DCONV: 3-D stencil, one kernel launch per plane, one thread per point "
           "(compute-bound, streaming)";
  }
  std::string dimensions(Size size) const override {
    return fmt::format("NI=NJ=NK={}", for_size(kSide, size));
  }
  void run(Host& host, Size size) const override;
};

void Conv3d::run(Host& host, Size size) const {
  const std::int32_t n = for_size(kSide, size);
  const auto un = static_cast<std::size_t>(n);
  std::vector<float> a(un * un * un);
  for (std::size_t i = 0; i < un; ++i) {
    for (std::size_t j = 0; j < un; ++j) {
      for (std::size_t k = 0; k < un; ++k) {
        a[(i * un + j) * un + k] = static_cast<float>((7 * i + 13 * j + 29 * k) % 64) / 63.0f;
      }
    }
  }
  const std::vector<float> zero(a.size(), 0.0f);
  host.load_workload_ptx(name());
  const Addr a_dev = host.alloc_copy(a);
  const Addr b_dev = host.alloc_copy(zero);
  const func::Dim3 grid{blocks_for(un, kBlock.x), blocks_for(un, kBlock.y), 1};
  for (std::int32_t i = 1; i < n - 1; ++i) {
    host.launch("convolution3d_kernel", grid, kBlock, 0, a_dev, b_dev, n, n, n, i);
  }
  const std::vector<float> got = host.read<float>(b_dev, a.size());

  std::vector<Bounded> want(a.size());
  for (std::size_t i = 1; i + 1 < un; ++i) {
    for (std::size_t j = 1; j + 1 < un; ++j) {
      for (std::size_t k = 1; k + 1 < un; ++k) {
        Bounded sum;
        for (const Term& t : kTerms) {
          const std::size_t at = ((i + t.di) * un + (j + t.dj)) * un + (k + t.dk);
          sum += Bounded::exact(t.c) * Bounded::exact(a[at]);
        }
        want[(i * un + j) * un + k] = sum;
      }
    }
  }
  check_close("B", got, want, un * un);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Conv3d);

}  // namespace warpsim::workload
