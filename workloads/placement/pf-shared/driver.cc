// placement/pf-shared: Rodinia PathFinder's dynproc_kernel with `prev` and `result` in shared
// memory, the shared-memory side of seed 000's PF case study (Chao Li's thesis, Ch.2 §2.3.4,
// Fig. 2.7a; Table 2.2: threads (256,1), blocks (19,1), 4096 x 100 x 20). Kernel in pf-shared.cu;
// inputs, launches, sizes and the check in pf_host.h, shared with placement/pf-dcache.

#include "pf_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class PfShared final : public Workload {
 public:
  std::string_view name() const override { return "placement/pf-shared"; }
  std::string_view description() const override {
    return "Seed 000 PF case study: Rodinia PathFinder, prev and result rows in shared memory, "
           "two barriers per row";
  }
  std::string dimensions(Size size) const override { return placement_pf::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_pf::run(host, size, name(), "pf_shared_dynproc");
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(PfShared);

}  // namespace warpsim::workload
