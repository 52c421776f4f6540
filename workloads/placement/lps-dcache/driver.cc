// placement/lps-dcache: the D-cache version of seed 000 Ch. 2's LPS: the same sweeps of Mike
// Giles' 3D Laplace solver as placement/lps-shared, with the block's plane buffer in a per-block
// region of a global scratch array (cached by the L1D) instead of shared memory (lps-dcache.cu;
// sizes, inputs, launches and reference shared in ../lps-shared/lps_host.h).

#include "../lps-shared/lps_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class LpsDcache final : public Workload {
 public:
  std::string_view name() const override { return "placement/lps-dcache"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 LPS, D-cache version: the same Jacobi sweeps and 32x4 tiling, the "
           "three-plane buffer in a per-block global scratch region cached by the L1D";
  }
  std::string dimensions(Size size) const override { return placement_lps::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_lps::run(host, name(), "lps_dcache_kernel", true, size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(LpsDcache);

}  // namespace warpsim::workload
