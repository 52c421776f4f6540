// placement/hg-dcache: the D-cache version of seed 000 Ch. 2's HG: the CUDA SDK's histogram64
// with the sub-histograms and merge buffer in per-block regions of global memory (hg-dcache.cu;
// input, launches and reference shared with placement/hg-shared in ../hg-shared/hg_host.h).

#include "../hg-shared/hg_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class HgDcache final : public Workload {
 public:
  std::string_view name() const override { return "placement/hg-dcache"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 HG, D-cache version: the same histogram64 with the sub-histograms "
           "and the merge buffer in per-block regions of global memory, through the L1D";
  }
  std::string dimensions(Size size) const override { return placement_hg::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_hg::run(host, name(), "hg_dcache", true, size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(HgDcache);

}  // namespace warpsim::workload
