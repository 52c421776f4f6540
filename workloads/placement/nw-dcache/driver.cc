// placement/nw-dcache: the D-cache version of Rodinia's Needleman-Wunsch (seed 000 Ch. 2's NW):
// rodinia/nw's kernels with the shared tiles moved to a per-block region of a global scratch
// array (nw-dcache.cu); the sizes, inputs, launches and check are rodinia/nw's
// (../../rodinia/nw/nw_host.h), so rodinia/nw is this workload's shared-memory version.

#include <string>
#include <string_view>

#include "../../rodinia/nw/nw_host.h"
#include "nw_dcache.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

// The scratch array has a region for each block of the widest launch (n / 16 blocks).
static_assert(rodinia_nw::kSide[0] <= rodinia_nw::kSide[2] &&
              rodinia_nw::kSide[1] <= rodinia_nw::kSide[2] &&
              rodinia_nw::kSide[2] / 16 <= NW_DCACHE_MAX_BLOCKS);

class NwDcache final : public Workload {
 public:
  std::string_view name() const override { return "placement/nw-dcache"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 NW, D-cache version: rodinia/nw's kernels and launches, the 16 x 16 "
           "score and reference tiles in a per-block global scratch region cached by the L1D";
  }
  std::string dimensions(Size size) const override { return rodinia_nw::dimensions(size, 16); }
  void run(Host& host, Size size) const override {
    rodinia_nw::run(host, size, {name(), "needle_dcache_1", "needle_dcache_2", 16});
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(NwDcache);

}  // namespace warpsim::workload
