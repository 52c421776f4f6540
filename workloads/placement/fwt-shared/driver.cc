// placement/fwt-shared: the CUDA SDK's fast Walsh-Hadamard transform, the last 11 stages of each
// 2048-element chunk in shared memory, the shared-memory version of seed 000 Ch. 2's FWT
// (fwt-shared.cu, fwt_device.cuh; sizes, input, launches and reference in fwt_host.h).

#include "fwt_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class FwtShared final : public Workload {
 public:
  std::string_view name() const override { return "placement/fwt-shared"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 FWT, shared-memory version: CUDA SDK fast Walsh-Hadamard transform, "
           "radix-4 stages in global memory, then 2048-element chunks in 8 KB of shared memory";
  }
  std::string dimensions(Size size) const override { return placement_fwt::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_fwt::run(host, name(), "fwt_chunk_shared_kernel", false, size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(FwtShared);

}  // namespace warpsim::workload
