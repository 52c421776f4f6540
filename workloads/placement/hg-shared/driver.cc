// placement/hg-shared: the CUDA SDK's histogram64 with the per-thread byte sub-histograms in
// shared memory, the shared-memory version of seed 000 Ch. 2's HG (hg-shared.cu and
// hg_device.cuh; input, launches and reference in hg_host.h).

#include "hg_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class HgShared final : public Workload {
 public:
  std::string_view name() const override { return "placement/hg-shared"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 HG, shared-memory version: CUDA SDK histogram64, per-thread byte "
           "sub-histograms of 64 bins in shared memory (64 threads, 4096 B), then a merge kernel";
  }
  std::string dimensions(Size size) const override { return placement_hg::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_hg::run(host, name(), "hg_shared", false, size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(HgShared);

}  // namespace warpsim::workload
