// placement/mt-dcache: the D-cache version of seed 000 Ch. 2's MT: the same coalesced transpose
// as placement/mt-shared, with the 16x17 tile in a per-block region of a global scratch array
// (cached by the L1D) instead of shared memory (mt-dcache.cu; sizes, input, launch and reference
// shared in ../mt-shared/mt_host.h).

#include "../mt-shared/mt_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class MtDcache final : public Workload {
 public:
  std::string_view name() const override { return "placement/mt-dcache"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 MT, D-cache version: the same coalesced transpose, the 16x17 tile "
           "in a per-block global scratch region cached by the L1D, barrier kept";
  }
  std::string dimensions(Size size) const override { return placement_mt::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_mt::run(host, name(), "mt_dcache_kernel", true, size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(MtDcache);

}  // namespace warpsim::workload
