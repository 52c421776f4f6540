// placement/sto-dcache: StoreGPU's sliding-window MD5 with each thread's message block in a
// thread-local array (local memory, cached by the L1D; no shared memory), the "D-cache version"
// of seed 000's STO (Chao Li's thesis, Ch. 2, category 2; Table 2.2: threads (128,1), blocks
// (384,1), input 196656 bytes). Kernel in sto-dcache.cu; inputs, launch, sizes and the check as
// placement/sto-shared (../sto-shared/sto_host.h).

#include "../sto-shared/sto_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class StoDcache final : public Workload {
 public:
  std::string_view name() const override { return "placement/sto-dcache"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 STO, D-cache version: StoreGPU sliding-window MD5, each thread's "
           "message block in a local array (no shared memory)";
  }
  std::string dimensions(Size size) const override { return placement_sto::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_sto::run(host, size, name(), "sto_dcache_md5");
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(StoDcache);

}  // namespace warpsim::workload
