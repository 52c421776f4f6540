// placement/sp-dcache: the D-cache version of the CUDA SDK's scalarProd (seed 000 Ch. 2's SP):
// the same loops and barriers, with the 1024 partial sums and their tree in a per-block region
// of a global scratch buffer, cached by the L1D, instead of shared memory (sp-dcache.cu; sizes,
// inputs, launch and reference shared with placement/sp-shared in ../sp-shared/sp_host.h).

#include "../sp-shared/sp_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class SpDcache final : public Workload {
 public:
  std::string_view name() const override { return "placement/sp-dcache"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 SP, D-cache version: CUDA SDK scalarProd, partial sums and tree in a "
           "per-block global region through the L1D, barriers kept";
  }
  std::string dimensions(Size size) const override { return placement_sp::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_sp::run(host, name(), "sp_dcache_kernel", true, size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(SpDcache);

}  // namespace warpsim::workload
