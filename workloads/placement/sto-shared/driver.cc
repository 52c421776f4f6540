// placement/sto-shared: StoreGPU's sliding-window MD5 with each thread's message block staged in
// its own 16 words of a shared array, the shared-memory side of seed 000's STO (Chao Li's thesis,
// Ch. 2, Table 2.2: threads (128,1), blocks (384,1), input 196656 bytes). Kernel in
// sto-shared.cu (device code in sto_device.cuh); inputs, launch, sizes and the check in
// sto_host.h, shared with placement/sto-dcache.
// Sizes: paper 384 blocks = 49152 windows of 52 bytes every 4 bytes (196656 bytes, seed 000
// Table 2.2); small 192 blocks; tiny 16 blocks.

#include "sto_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class StoShared final : public Workload {
 public:
  std::string_view name() const override { return "placement/sto-shared"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 STO, shared-memory version: StoreGPU sliding-window MD5, each "
           "thread's message block staged in shared memory (16256 B per block)";
  }
  std::string dimensions(Size size) const override { return placement_sto::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_sto::run(host, size, name(), "sto_shared_md5");
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(StoShared);

}  // namespace warpsim::workload
