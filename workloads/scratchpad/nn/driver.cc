// scratchpad/nn: seed 002's NN (Table 2, Set-3: GPGPU-Sim's executeSecondLayer; nn.cu): the
// second layer of a LeNet-style network over `images` inputs of 6 maps of 13 x 13, 50 output maps
// of 5 x 5; inputs and weights in [-1, 1) from a fixed hash. Sizes: tiny 4 images, small 64,
// paper 256. Checked: every neuron within its float error bound.

#include <cmath>
#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "workload/check.h"
#include "workload/host.h"
#include "workload/lcg.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

constexpr std::uint32_t kImages[] = {4, 64, 256};
constexpr std::uint32_t kMaps = 50, kInMaps = 6, kInSide = 13, kOutSide = 5;
constexpr std::uint32_t kWeightsPerMap = 1 + kInMaps * 25;

class Nn final : public Workload {
 public:
  std::string_view name() const override { return "scratchpad/nn"; }
  std::string_view description() const override {
    return "GPGPU-Sim NN's executeSecondLayer: a LeNet-style convolution layer, one 5x5-thread "
           "block per map and image, no shared memory (seed 002 Set-3)";
  }
  std::string dimensions(Size size) const override {
    return fmt::format("{} images, 6 x 13 x 13 -> 50 x 5 x 5", for_size(kImages, size));
  }
  void run(Host& host, Size size) const override;
};

void Nn::run(Host& host, Size size) const {
  const std::uint32_t images = for_size(kImages, size);
  std::vector<float> in(std::size_t{images} * kInMaps * kInSide * kInSide);
  std::vector<float> weights(std::size_t{kMaps} * kWeightsPerMap);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = hashed_signed_unit(i, 3);
  for (std::size_t i = 0; i < weights.size(); ++i) weights[i] = 0.1f * hashed_signed_unit(i, 4);
  host.load_workload_ptx(name());
  const Addr in_dev = host.alloc_copy(in);
  const Addr w_dev = host.alloc_copy(weights);
  const std::size_t outputs = std::size_t{images} * kMaps * kOutSide * kOutSide;
  const Addr out_dev = host.alloc(outputs * sizeof(float));
  host.launch("second_layer", {kMaps, images}, {kOutSide, kOutSide}, 0, out_dev, in_dev, w_dev);
  const auto got = host.read<float>(out_dev, outputs);
  std::vector<Bounded> want(outputs);
  for (std::uint32_t image = 0; image < images; ++image) {
    for (std::uint32_t map = 0; map < kMaps; ++map) {
      const float* w = weights.data() + std::size_t{map} * kWeightsPerMap;
      const float* x = in.data() + std::size_t{image} * kInMaps * kInSide * kInSide;
      for (std::uint32_t oy = 0; oy < kOutSide; ++oy) {
        for (std::uint32_t ox = 0; ox < kOutSide; ++ox) {
          Bounded sum = Bounded::exact(w[0]);
          for (std::uint32_t m = 0; m < kInMaps; ++m) {
            for (std::uint32_t ky = 0; ky < 5; ++ky) {
              for (std::uint32_t kx = 0; kx < 5; ++kx) {
                sum = sum +
                      Bounded::exact(w[1 + m * 25 + ky * 5 + kx]) *
                          Bounded::exact(x[(m * kInSide + 2 * oy + ky) * kInSide + 2 * ox + kx]);
              }
            }
          }
          const Bounded magnitude{std::fabs(sum.value), sum.error};
          want[((std::size_t{image} * kMaps + map) * kOutSide + oy) * kOutSide + ox] =
              Bounded::exact(1.7159f) * sum / (Bounded::exact(1.0f) + magnitude);
        }
      }
    }
  }
  check_close("neurons", got, want, kOutSide * kOutSide);
}

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Nn);

}  // namespace warpsim::workload
