// rodinia/nw-b32: rodinia/nw with BLOCK_SIZE 32 instead of 16, as seed 002 (Table 3: needle.h
// BLOCK_SIZE 32, Tables 1 and 5: needle_cuda_shared_1/_2 with 33^2 * 4 + 32^2 * 4 = 8452 bytes of
// shared memory per 32-thread block) runs it. The same kernel body instantiated for 32 (nw-b32.cu
// includes ../nw/nw_block.cuh), same host code (../nw/nw_host.h), 32 x 32 tiles.

#include <string>
#include <string_view>

#include "../nw/nw_host.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class NwB32 final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/nw-b32"; }
  std::string_view description() const override {
    return "Rodinia NW with BLOCK_SIZE 32 (seed 002 Table 3: 32-thread blocks, 8452 B of shared "
           "memory)";
  }
  std::string dimensions(Size size) const override { return rodinia_nw::dimensions(size, 32); }
  void run(Host& host, Size size) const override {
    rodinia_nw::run(host, size,
                    {"rodinia/nw-b32", "needle_cuda_shared_1_b32", "needle_cuda_shared_2_b32", 32});
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(NwB32);

}  // namespace warpsim::workload
