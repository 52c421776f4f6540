// scratchpad/cv: seed 002's CV (Table 7; the SDK's convolutionColumnsKernel with 14 result steps,
// 8256 B of shared memory per 128-thread block; cv.cu). A W x H image of uniform values in
// [0, 1) and a 17-tap filter (a Gaussian, normalized); grid (W / 16) x (H / 112).
// Sizes: tiny 64 x 112, small 512 x 448, paper 2048 x 2016 (the SDK's 3072 x 3072 is not a
// multiple of 112). Checked: every output within its float error bound (the sum's order is the
// kernel's).

#include <cmath>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

struct Dims {
  std::uint32_t width, height;
};
constexpr Dims kDims[] = {{64, 112}, {512, 448}, {2048, 2016}};
constexpr int kRadius = 8;
constexpr std::uint32_t kBlockX = 16, kBlockY = 8, kRowsPerBlock = 14 * 8;

class Cv final : public Workload {
 public:
  std::string_view name() const override { return "scratchpad/cv"; }
  std::string_view description() const override {
    return "CUDA SDK convolutionColumnsKernel with 14 result steps: a 17-tap column filter over "
           "16 x 129 shared strips (128 threads, 8256 B; seed 002 CV)";
  }
  std::string dimensions(Size size) const override {
    const Dims& d = for_size(kDims, size);
    return fmt::format("{} x {} image, radius {}", d.width, d.height, kRadius);
  }
  void run(Host& host, Size size) const override;
};

void Cv::run(Host& host, Size size) const {
  const Dims& d = for_size(kDims, size);
  const std::size_t pixels = std::size_t{d.width} * d.height;
  std::vector<float> image(pixels);
  for (std::size_t i = 0; i < pixels; ++i) {
    std::uint32_t h = static_cast<std::uint32_t>(i) * 0x9e3779b1u + 0x632be5abu;
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    image[i] = static_cast<float>(h >> 8) * 0x1p-24f;
  }
  std::vector<float> filter(2 * kRadius + 1);
  double total = 0;
  for (int k = 0; k <= 2 * kRadius; ++k) total += std::exp(-0.125 * (k - kRadius) * (k - kRadius));
  for (int k = 0; k <= 2 * kRadius; ++k) {
    filter[k] = static_cast<float>(std::exp(-0.125 * (k - kRadius) * (k - kRadius)) / total);
  }
  host.load_workload_ptx(name());
  const Addr src_dev = host.alloc_copy(image);
  const Addr filter_dev = host.alloc_copy(filter);
  const Addr dst_dev = host.alloc(pixels * sizeof(float));
  host.launch("convolution_columns", {d.width / kBlockX, d.height / kRowsPerBlock},
              {kBlockX, kBlockY}, 0, dst_dev, src_dev, filter_dev,
              static_cast<std::int32_t>(d.width), static_cast<std::int32_t>(d.height));
  const auto got = host.read<float>(dst_dev, pixels);
  std::vector<Bounded> want(pixels);
  const auto h = static_cast<int>(d.height);
  for (int y = 0; y < h; ++y) {
    for (std::uint32_t x = 0; x < d.width; ++x) {
      Bounded sum = Bounded::exact(0.0f);
      for (int j = -kRadius; j <= kRadius; ++j) {
        const int yy = y + j;
        const float v =
            yy >= 0 && yy < h ? image[static_cast<std::size_t>(yy) * d.width + x] : 0.0f;
        sum = sum + Bounded::exact(filter[kRadius - j]) * Bounded::exact(v);
      }
      want[static_cast<std::size_t>(y) * d.width + x] = sum;
    }
  }
  check_close("output", got, want, d.width);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Cv);

}  // namespace warpsim::workload
