// placement/blur-dcache: the D-cache version of seed 000 Ch. 2's Blur: the same 3 x 3 box blur as
// placement/blur-shared, exchanging the vertical sums through a per-block region of a global
// scratch buffer (cached by the L1D) instead of shared memory (blur-dcache.cu; sizes, input,
// launch and reference shared in ../blur-shared/blur_host.h).

#include "../blur-shared/blur_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class BlurDcache final : public Workload {
 public:
  std::string_view name() const override { return "placement/blur-dcache"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 Blur, D-cache version: the same 3x3 box filter, vertical sums "
           "exchanged through a per-block global scratch region cached by the L1D";
  }
  std::string dimensions(Size size) const override { return placement_blur::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_blur::run(host, name(), "blur_dcache_kernel", true, size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(BlurDcache);

}  // namespace warpsim::workload
