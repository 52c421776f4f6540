// placement/bp-dcache: the D-cache version of Rodinia's backprop (seed 000 Ch. 2's BP):
// rodinia/backprop's kernels with bpnn_layerforward_CUDA's shared tiles moved to a per-block
// region of a global scratch array (bp-dcache.cu); the sizes, inputs, launches, the CPU part of
// the training step and the checks are rodinia/backprop's (../../rodinia/backprop/
// backprop_host.h, which launches the kernels by their Rodinia names from this workload's PTX),
// so rodinia/backprop is this workload's shared-memory version.

#include <string>
#include <string_view>

#include "../../rodinia/backprop/backprop_host.h"
#include "bp_dcache.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

// The scratch array has a region for each block (in / 16 blocks).
static_assert(rodinia_backprop::kInputUnits[0] <= rodinia_backprop::kInputUnits[2] &&
              rodinia_backprop::kInputUnits[1] <= rodinia_backprop::kInputUnits[2] &&
              rodinia_backprop::kInputUnits[2] / rodinia_backprop::kTile <= BP_DCACHE_MAX_BLOCKS);

class BpDcache final : public Workload {
 public:
  std::string_view name() const override { return "placement/bp-dcache"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 BP, D-cache version: rodinia/backprop's kernels, the forward layer's "
           "16x16 tile and tree reduction in a per-block global scratch region cached by the L1D";
  }
  std::string dimensions(Size size) const override { return rodinia_backprop::dimensions(size); }
  void run(Host& host, Size size) const override {
    rodinia_backprop::run_backprop(host, size, name());
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(BpDcache);

}  // namespace warpsim::workload
