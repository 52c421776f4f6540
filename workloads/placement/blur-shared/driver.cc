// placement/blur-shared: a 3 x 3 box blur after OpenCV 2.4's OpenCL box filter, the shared-memory
// version of seed 000 Ch. 2's Blur (blur-shared.cu and blur_device.cuh; sizes, input, launch and
// reference in blur_host.h).

#include "blur_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class BlurShared final : public Workload {
 public:
  std::string_view name() const override { return "placement/blur-shared"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 Blur, shared-memory version: OpenCV's 3x3 box filter, 256-thread "
           "blocks exchanging vertical sums through shared memory, two rows per block";
  }
  std::string dimensions(Size size) const override { return placement_blur::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_blur::run(host, name(), "blur_shared_kernel", false, size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(BlurShared);

}  // namespace warpsim::workload
