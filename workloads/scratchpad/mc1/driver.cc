// scratchpad/mc1: seed 002's MC1 (the CUDA SDK's marchingCubes, generateTriangles with 32-thread
// blocks and 9216 B of shared memory; Tables 1 and 7). Kernels mc.cuh via mc1.cu, host mc_host.h.

#include "mc_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class Mc1 final : public Workload {
 public:
  std::string_view name() const override { return "scratchpad/mc1"; }
  std::string_view description() const override {
    return "CUDA SDK marchingCubes: voxel classification, then generateTriangles with 12 edge "
           "vertices and normals per thread in shared memory (32 threads, 9216 B; seed 002 MC1)";
  }
  std::string dimensions(Size size) const override { return mc::dimensions(size); }
  void run(Host& host, Size size) const override { mc::run(host, size, name(), 32); }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Mc1);

}  // namespace warpsim::workload
