// placement/reuse-shared: seed 000 Ch. 2's reuse micro-kernel, shared-memory version
// (reuse-shared.cu; inputs, launch and reference in ../reuse-shared/reuse_host.h).

#include "../reuse-shared/reuse_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class ReuseShared final : public Workload {
 public:
  std::string_view name() const override { return "placement/reuse-shared"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 reuse micro-kernel: blocks of 256 threads read their 1 KB block 16 "
           "times; the block is copied into shared memory, then read from there";
  }
  std::string dimensions(Size size) const override { return placement_reuse::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_reuse::run(host, name(), "reuse_shared_kernel", size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(ReuseShared);

}  // namespace warpsim::workload
