// placement/pf-dcache-sync: seed 000's PF D-cache version with the barrier kept (Chao Li's
// thesis, Ch.2 §2.3.4, Fig. 2.7b without the removal; Table 2.2: threads (256,1), blocks (19,1),
// 4096 x 100 x 20): Rodinia PathFinder with `result` in a register, `prev` in shared memory and
// two barriers per row, as placement/pf-shared. Kernel in pf-dcache-sync.cu; inputs, launches,
// sizes and the check as placement/pf-shared (../pf-shared/pf_host.h).

#include "../pf-shared/pf_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class PfDcacheSync final : public Workload {
 public:
  std::string_view name() const override { return "placement/pf-dcache-sync"; }
  std::string_view description() const override {
    return "Seed 000 PF case study, D-cache version with the barrier kept: Rodinia PathFinder, "
           "result in a register, two barriers per row";
  }
  std::string dimensions(Size size) const override { return placement_pf::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_pf::run(host, size, name(), "pf_dcache_sync_dynproc");
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(PfDcacheSync);

}  // namespace warpsim::workload
