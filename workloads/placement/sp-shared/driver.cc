// placement/sp-shared: the CUDA SDK's scalarProd with its 1024 partial sums and their halving
// tree in shared memory, the shared-memory version of seed 000 Ch. 2's SP (sp-shared.cu,
// sp_device.cuh; sizes, inputs, launch and reference in sp_host.h).

#include "sp_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class SpShared final : public Workload {
 public:
  std::string_view name() const override { return "placement/sp-shared"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 SP, shared-memory version: CUDA SDK scalarProd, 1024 partial sums "
           "and a halving tree per vector pair in shared memory";
  }
  std::string dimensions(Size size) const override { return placement_sp::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_sp::run(host, name(), "sp_shared_kernel", false, size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(SpShared);

}  // namespace warpsim::workload
