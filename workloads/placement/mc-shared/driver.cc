// placement/mc-shared: marching cubes (CUDA SDK marchingCubes) with generateTriangles' vertex
// and normal lists in shared memory (9216 B per 32-thread block), the shared-memory side of seed
// 000's MC case study (Chao Li's thesis, Ch.2 §2.3.3, Table 2.2: threads (32,1), blocks
// (1024,1), 32768 voxels). Kernels in mc-shared.cu; inputs, launches and the check in
// mc_host.h, shared with placement/mc-dcache.
// Sizes: paper = 32 x 32 x 32 = 32768 voxels (seed 000 Table 2.2, the SDK's default grid of
// 2^5 per side), 1024 blocks of 32; small 32 x 32 x 16 (512 blocks); tiny 16 x 8 x 8 (32 blocks).

#include "mc_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class McShared final : public Workload {
 public:
  std::string_view name() const override { return "placement/mc-shared"; }
  std::string_view description() const override {
    return "Seed 000 MC case study: CUDA SDK marching cubes, generateTriangles' per-thread "
           "vertex lists in shared memory (9216 B per block)";
  }
  std::string dimensions(Size size) const override { return placement_mc::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_mc::run(host, size, name(), "mc_shared_classify", "mc_shared_generate");
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(McShared);

}  // namespace warpsim::workload
