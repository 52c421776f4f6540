// scratchpad/mc2: seed 002's MC2 (the CUDA SDK's marchingCubes, generateTriangles with 48-thread
// blocks and 13824 B of shared memory; Table 5). Kernels ../mc1/mc.cuh via mc2.cu, host
// ../mc1/mc_host.h.

#include "../mc1/mc_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class Mc2 final : public Workload {
 public:
  std::string_view name() const override { return "scratchpad/mc2"; }
  std::string_view description() const override {
    return "CUDA SDK marchingCubes: voxel classification, then generateTriangles with 12 edge "
           "vertices and normals per thread in shared memory (48 threads, 13824 B; seed 002 MC2)";
  }
  std::string dimensions(Size size) const override { return mc::dimensions(size); }
  void run(Host& host, Size size) const override { mc::run(host, size, name(), 48); }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Mc2);

}  // namespace warpsim::workload
