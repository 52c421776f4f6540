// placement/mc-dcache: marching cubes (CUDA SDK marchingCubes) with generateTriangles' vertex
// and normal lists in thread-local arrays (local memory, cached by the L1D; no shared memory),
// the "D-cache version" of seed 000's MC case study (Chao Li's thesis, Ch.2 §2.3.3, Fig. 2.6b;
// Table 2.2: threads (32,1), blocks (1024,1), 32768 voxels). Kernels in mc-dcache.cu; inputs,
// launches, sizes and the check as placement/mc-shared (../mc-shared/mc_host.h).

#include "../mc-shared/mc_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class McDcache final : public Workload {
 public:
  std::string_view name() const override { return "placement/mc-dcache"; }
  std::string_view description() const override {
    return "Seed 000 MC case study, D-cache version: CUDA SDK marching cubes, generateTriangles' "
           "per-thread vertex lists in local memory (no shared memory)";
  }
  std::string dimensions(Size size) const override { return placement_mc::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_mc::run(host, size, name(), "mc_dcache_classify", "mc_dcache_generate");
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(McDcache);

}  // namespace warpsim::workload
