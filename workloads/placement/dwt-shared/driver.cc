// placement/dwt-shared: the CUDA SDK's dwtHaar1D (1D Haar wavelet decomposition) with each block's
// working array in shared memory, the shared-memory version of seed 000 Ch. 2's DWT (Table 2.2:
// threads (512,1), blocks (256,1), 256k values). Kernel in dwt-shared.cu and dwt_device.cuh;
// sizes, inputs, launches and reference in dwt_host.h.

#include "dwt_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class DwtShared final : public Workload {
 public:
  std::string_view name() const override { return "placement/dwt-shared"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 DWT, shared-memory version: CUDA SDK dwtHaar1D, 512-thread blocks "
           "decompose 1024 values each through all Haar levels in shared memory";
  }
  std::string dimensions(Size size) const override { return placement_dwt::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_dwt::run(host, name(), "dwt_shared_kernel", false, size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(DwtShared);

}  // namespace warpsim::workload
