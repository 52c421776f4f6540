// placement/mt-shared: the CUDA SDK's coalesced matrix transpose with a padded 16x16 tile in
// shared memory, the shared-memory version of seed 000 Ch. 2's MT (mt-shared.cu; sizes, input,
// launch and reference in mt_host.h).

#include "mt_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class MtShared final : public Workload {
 public:
  std::string_view name() const override { return "placement/mt-shared"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 MT, shared-memory version: CUDA SDK coalesced transpose, a 16x16 "
           "tile (padded to 16x17) staged in shared memory between a barrier";
  }
  std::string dimensions(Size size) const override { return placement_mt::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_mt::run(host, name(), "mt_shared_kernel", false, size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(MtShared);

}  // namespace warpsim::workload
