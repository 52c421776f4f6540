// placement/pf-dcache: the "D-cache version" of Rodinia PathFinder in seed 000's PF case study
// (Chao Li's thesis, Ch.2 §2.3.4, Fig. 2.7b; Table 2.2: threads (256,1), blocks (19,1),
// 4096 x 100 x 20): `result` in a register and one barrier per row instead of two (`prev`
// double-buffered in shared memory to keep that race-free; see pf-dcache.cu). Inputs, launches,
// sizes and the check as placement/pf-shared (../pf-shared/pf_host.h).

#include "../pf-shared/pf_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class PfDcache final : public Workload {
 public:
  std::string_view name() const override { return "placement/pf-dcache"; }
  std::string_view description() const override {
    return "Seed 000 PF case study, D-cache version: Rodinia PathFinder, result in a register, "
           "one barrier per row (prev double-buffered in shared memory)";
  }
  std::string dimensions(Size size) const override { return placement_pf::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_pf::run(host, size, name(), "pf_dcache_dynproc");
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(PfDcache);

}  // namespace warpsim::workload
