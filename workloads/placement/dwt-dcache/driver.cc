// placement/dwt-dcache: the D-cache version of seed 000 Ch. 2's DWT: the same launches of the CUDA
// SDK's dwtHaar1D as placement/dwt-shared, with each block's working array in a per-block region
// of a global scratch array (cached by the L1D) instead of shared memory (dwt-dcache.cu; sizes,
// inputs, launches and reference shared in ../dwt-shared/dwt_host.h).

#include "../dwt-shared/dwt_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class DwtDcache final : public Workload {
 public:
  std::string_view name() const override { return "placement/dwt-dcache"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 DWT, D-cache version: the same dwtHaar1D launches and levels, each "
           "block's working array in a per-block global scratch region cached by the L1D";
  }
  std::string dimensions(Size size) const override { return placement_dwt::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_dwt::run(host, name(), "dwt_dcache_kernel", true, size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(DwtDcache);

}  // namespace warpsim::workload
