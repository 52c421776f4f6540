// placement/mm-prefetch: the D-cache version of the tiled matrix multiply with the thesis's
// software prefetching of each tile step's tiles (seed 000 Ch. 2's MM case study, Fig. 2.3;
// mm-prefetch.cu). Sizes, inputs, launch and reference are placement/mm-shared's
// (../mm-shared/mm_host.h).

#include "../mm-shared/mm_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class MmPrefetch final : public Workload {
 public:
  std::string_view name() const override { return "placement/mm-prefetch"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 MM, D-cache version with software prefetching: each tile step "
           "prefetches both tiles into the L1D, waits at a barrier, then reads them";
  }
  std::string dimensions(Size size) const override { return placement_mm::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_mm::run(host, name(), "mm_prefetch_kernel", size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(MmPrefetch);

}  // namespace warpsim::workload
