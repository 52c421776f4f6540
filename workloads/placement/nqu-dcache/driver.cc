// placement/nqu-dcache: the D-cache version of seed 000 Ch. 2's NQU: the same search with the
// stacks in per-thread local arrays (nqu-dcache.cu; starts, launches and reference shared with
// placement/nqu-shared in ../nqu-shared/nqu_host.h).

#include "../nqu-shared/nqu_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class NquDcache final : public Workload {
 public:
  std::string_view name() const override { return "placement/nqu-dcache"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 NQU, D-cache version: the same search with the stacks in per-thread "
           "local arrays (local memory through the L1D), only the reduction in shared memory";
  }
  std::string dimensions(Size size) const override { return placement_nqu::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_nqu::run(host, name(), "nqu_dcache_kernel", size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(NquDcache);

}  // namespace warpsim::workload
