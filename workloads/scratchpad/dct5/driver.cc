// scratchpad/dct5: seed 002's DCT5 (Table 2, Set-3: the SDK's CUDAkernel1DCT; dct5.cu): the 8x8
// forward DCT of every block of a W x W image, one coefficient per thread; the orthonormal DCT-II
// matrix from the host. Sizes: tiny 64 x 64, small 384 x 384, paper 512 x 512 (dct8x8's sizes).
// Checked: every coefficient within its float error bound (the kernel's sums in order).

#include <cmath>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

constexpr std::uint32_t kSides[] = {64, 384, 512};

class Dct5 final : public Workload {
 public:
  std::string_view name() const override { return "scratchpad/dct5"; }
  std::string_view description() const override {
    return "CUDA SDK CUDAkernel1DCT: 8x8 DCT one coefficient per thread (64 threads, 512 B; seed "
           "002 Set-3 DCT5)";
  }
  std::string dimensions(Size size) const override {
    const std::uint32_t w = for_size(kSides, size);
    return fmt::format("{} x {} image", w, w);
  }
  void run(Host& host, Size size) const override;
};

void Dct5::run(Host& host, Size size) const {
  const std::uint32_t w = for_size(kSides, size);
  const std::size_t pixels = std::size_t{w} * w;
  std::vector<float> image(pixels), matrix(64);
  for (std::size_t i = 0; i < pixels; ++i) {
    std::uint32_t h = static_cast<std::uint32_t>(i) * 0x9e3779b1u + 0x1b873593u;
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 12;
    image[i] = static_cast<float>(h & 0xFFu);
  }
  for (int u = 0; u < 8; ++u) {
    for (int k = 0; k < 8; ++k) {
      const double scale = u == 0 ? std::sqrt(1.0 / 8) : std::sqrt(2.0 / 8);
      matrix[u * 8 + k] =
          static_cast<float>(scale * std::cos((2 * k + 1) * u * 3.14159265358979323846 / 16));
    }
  }
  host.load_workload_ptx(name());
  const Addr src_dev = host.alloc_copy(image);
  const Addr matrix_dev = host.alloc_copy(matrix);
  const Addr dst_dev = host.alloc(pixels * sizeof(float));
  host.launch("dct_coefficient", {w / 8, w / 8}, {8, 8}, 0, dst_dev, src_dev, matrix_dev,
              static_cast<std::int32_t>(w));
  const auto got = host.read<float>(dst_dev, pixels);
  std::vector<Bounded> want(pixels);
  for (std::uint32_t by = 0; by < w / 8; ++by) {
    for (std::uint32_t bx = 0; bx < w / 8; ++bx) {
      Bounded rows[8][8];
      const auto px = [&](int r, int c) {
        return Bounded::exact(image[(std::size_t{by} * 8 + r) * w + bx * 8 + c]);
      };
      for (int u = 0; u < 8; ++u) {
        for (int v = 0; v < 8; ++v) {
          Bounded sum = Bounded::exact(0.0f);
          for (int k = 0; k < 8; ++k) sum = sum + Bounded::exact(matrix[u * 8 + k]) * px(k, v);
          rows[u][v] = sum;
        }
      }
      for (int u = 0; u < 8; ++u) {
        for (int v = 0; v < 8; ++v) {
          Bounded out = Bounded::exact(0.0f);
          for (int k = 0; k < 8; ++k) out = out + rows[u][k] * Bounded::exact(matrix[v * 8 + k]);
          want[(std::size_t{by} * 8 + u) * w + bx * 8 + v] = out;
        }
      }
    }
  }
  check_close("coefficients", got, want, w);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Dct5);

}  // namespace warpsim::workload
