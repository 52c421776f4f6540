// scratchpad/dct8x8-t64: seed 002's 48/64 KB DCT1 and DCT2 (Table 5: 8320 B of shared memory;
// 256-thread blocks, which the paper's 8 blocks per SM at 2048 threads imply), dct8x8's kernels
// with 64 x 32 float tiles (dct8x8-t64.cu) and its host code (../dct8x8/dct8x8_host.h).

#include "../dct8x8/dct8x8_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class Dct8x8T64 final : public scratchpad_dct::Dct8x8Base {
 public:
  Dct8x8T64() : Dct8x8Base(64, 32) {}
  std::string_view name() const override { return "scratchpad/dct8x8-t64"; }
  std::string_view description() const override {
    return "dct8x8 with 64 x 32 float tiles: 256-thread blocks with 8320 B of shared memory "
           "(seed 002's DCT1/DCT2 at 48 and 64 KB), fixed point as dct8x8";
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Dct8x8T64);

}  // namespace warpsim::workload
