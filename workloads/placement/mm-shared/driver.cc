// placement/mm-shared: the CUDA SDK's tiled matrix multiply with 16x16 tiles of A and B staged in
// shared memory, the shared-memory version of seed 000 Ch. 2's MM case study (mm-shared.cu;
// sizes, inputs, launch and reference in mm_host.h).

#include "mm_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class MmShared final : public Workload {
 public:
  std::string_view name() const override { return "placement/mm-shared"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 MM, shared-memory version: CUDA SDK tiled C = A B, 16x16 tiles "
           "staged in shared memory between barriers";
  }
  std::string dimensions(Size size) const override { return placement_mm::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_mm::run(host, name(), "mm_shared_kernel", size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(MmShared);

}  // namespace warpsim::workload
