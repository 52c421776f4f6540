// placement/mm-dcache: the D-cache version of the CUDA SDK's tiled matrix multiply (seed 000
// Ch. 2's MM case study): the same tiling, with the tiles read from global memory through the
// L1D instead of shared memory (mm-dcache.cu; sizes, inputs, launch and reference shared with
// placement/mm-shared in ../mm-shared/mm_host.h).

#include "../mm-shared/mm_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class MmDcache final : public Workload {
 public:
  std::string_view name() const override { return "placement/mm-dcache"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 MM, D-cache version: the same 16x16 tiling, tiles read from global "
           "memory through the L1D, no barriers";
  }
  std::string dimensions(Size size) const override { return placement_mm::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_mm::run(host, name(), "mm_dcache_kernel", size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(MmDcache);

}  // namespace warpsim::workload
