// placement/lps-shared: Mike Giles' 3D Laplace solver (laplace3d, GPGPU-Sim's ISPASS-2009 LPS) with
// the plane buffer in shared memory, the shared-memory version of seed 000 Ch. 2's LPS (Table
// 2.2: threads (32,4), blocks (4,25), 100 x 100 x 100). Kernel in lps-shared.cu and
// lps_device.cuh; sizes, inputs, launches and reference in lps_host.h.

#include "lps_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class LpsShared final : public Workload {
 public:
  std::string_view name() const override { return "placement/lps-shared"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 LPS, shared-memory version: one Jacobi sweep per launch of Giles' 3D "
           "Laplace solver, 32x4 blocks marching along z with planes k-1..k+1 and the halo in "
           "shared memory";
  }
  std::string dimensions(Size size) const override { return placement_lps::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_lps::run(host, name(), "lps_shared_kernel", false, size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(LpsShared);

}  // namespace warpsim::workload
