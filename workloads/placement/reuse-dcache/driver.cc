// placement/reuse-dcache: seed 000 Ch. 2's reuse micro-kernel, D-cache version
// (reuse-dcache.cu; inputs, launch and reference in ../reuse-shared/reuse_host.h).

#include "../reuse-shared/reuse_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class ReuseDcache final : public Workload {
 public:
  std::string_view name() const override { return "placement/reuse-dcache"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 reuse micro-kernel: blocks of 256 threads read their 1 KB block 16 "
           "times; the block is read from global memory through the L1D";
  }
  std::string dimensions(Size size) const override { return placement_reuse::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_reuse::run(host, name(), "reuse_dcache_kernel", size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(ReuseDcache);

}  // namespace warpsim::workload
