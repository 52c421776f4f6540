// placement/nqu-shared: N-queens by per-thread depth-first search with the search stacks in shared
// memory, the shared-memory version of seed 000 Ch. 2's NQU (nqu-shared.cu; starts, launches and
// reference in nqu_host.h).

#include "nqu_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class NquShared final : public Workload {
 public:
  std::string_view name() const override { return "placement/nqu-shared"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 NQU, shared-memory version: GPGPU-Sim N-queens, per-thread depth-first "
           "search stacks in shared memory (96 threads, 15744 B per block)";
  }
  std::string dimensions(Size size) const override { return placement_nqu::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_nqu::run(host, name(), "nqu_shared_kernel", size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(NquShared);

}  // namespace warpsim::workload
