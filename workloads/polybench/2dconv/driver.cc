// polybench/2dconv: a 3x3 convolution, after PolyBench/GPU 1.0's 2DCONV (2dconv.cu, with its
// coefficients): one thread per output pixel, 32x8 blocks (DIM_THREAD_BLOCK_X = 32, _Y = 8 in
// PolyBench/GPU 1.0's 2DConvolution.cu), the grid's x over columns; border pixels are not
// written. Sizes: PolyBench/GPU's NI = NJ = 4096, scaling factor 1 in MRPB (seed 004 Table 2):
// paper = 4096. Inputs: the original fills A with rand(); ours are a deterministic pattern in
// [0, 1] (A[i][j] = ((37 i + 101 j) mod 256) / 255).

#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

constexpr std::int32_t kSide[] = {64, 512, 4096};  // NI = NJ: tiny, small, paper
constexpr func::Dim3 kBlock{32, 8, 1};
// c[row offset + 1][column offset + 1] for the neighbour at (i + row offset, j + column offset).
constexpr float kCoefficients[3][3] = {
    {0.2f, 0.5f, -0.8f}, {-0.3f, 0.6f, -0.9f}, {0.4f, 0.7f, 0.10f}};

class Conv2d final : public Workload {
 public:
  std::string_view name() const override { return "polybench/2dconv"; }
  std::string_view description() const override {
    return "PolyBench/GPU 2DCONV: 3x3 convolution of an image, one thread per pixel "
           "(compute-bound, streaming)";
  }
  std::string dimensions(Size size) const override {
    return fmt::format("NI=NJ={}", for_size(kSide, size));
  }
  void run(Host& host, Size size) const override;
};

void Conv2d::run(Host& host, Size size) const {
  const std::int32_t n = for_size(kSide, size);
  const auto un = static_cast<std::size_t>(n);
  std::vector<float> a(un * un);
  for (std::size_t i = 0; i < un; ++i) {
    for (std::size_t j = 0; j < un; ++j)
      a[i * un + j] = static_cast<float>((37 * i + 101 * j) % 256) / 255.0f;
  }
  const std::vector<float> zero(un * un, 0.0f);
  host.load_workload_ptx(name());
  const Addr a_dev = host.alloc_copy(a);
  const Addr b_dev = host.alloc_copy(zero);
  const func::Dim3 grid{blocks_for(un, kBlock.x), blocks_for(un, kBlock.y), 1};
  host.launch("convolution2d_kernel", grid, kBlock, 0, a_dev, b_dev, n, n);
  const std::vector<float> got = host.read<float>(b_dev, un * un);

  // The kernel's order: row by row of the neighbourhood, each row left to right.
  std::vector<Bounded> want(un * un);
  for (std::size_t i = 1; i + 1 < un; ++i) {
    for (std::size_t j = 1; j + 1 < un; ++j) {
      Bounded sum;
      for (std::size_t di = 0; di < 3; ++di) {
        for (std::size_t dj = 0; dj < 3; ++dj) {
          sum += Bounded::exact(kCoefficients[di][dj]) *
                 Bounded::exact(a[(i + di - 1) * un + (j + dj - 1)]);
        }
      }
      want[i * un + j] = sum;
    }
  }
  check_close("B", got, want, un);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Conv2d);

}  // namespace warpsim::workload
