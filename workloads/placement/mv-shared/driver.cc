// placement/mv-shared: the tiled matrix-vector product y = A x with each 32 x 32 tile of A
// staged in shared memory, the shared-memory version of seed 000 Ch. 2's MV (mv-shared.cu;
// sizes, inputs, launch and reference in mv_host.h).

#include "mv_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class MvShared final : public Workload {
 public:
  std::string_view name() const override { return "placement/mv-shared"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 MV, shared-memory version: tiled y = A x, each 32x32 tile of A "
           "staged in shared memory (32x33, padded) between barriers";
  }
  std::string dimensions(Size size) const override { return placement_mv::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_mv::run(host, name(), "mv_shared_kernel", size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(MvShared);

}  // namespace warpsim::workload
