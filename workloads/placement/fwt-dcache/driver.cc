// placement/fwt-dcache: the D-cache version of seed 000 Ch. 2's FWT: the same fast Walsh-Hadamard
// transform as placement/fwt-shared, each chunk's stages through a per-block region of a global
// scratch array (cached by the L1D) instead of shared memory (fwt-dcache.cu; sizes, input,
// launches and reference shared in ../fwt-shared/fwt_host.h).

#include "../fwt-shared/fwt_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class FwtDcache final : public Workload {
 public:
  std::string_view name() const override { return "placement/fwt-dcache"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 FWT, D-cache version: the same fast Walsh-Hadamard transform, each "
           "2048-element chunk's stages through a per-block global scratch region";
  }
  std::string dimensions(Size size) const override { return placement_fwt::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_fwt::run(host, name(), "fwt_chunk_dcache_kernel", true, size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(FwtDcache);

}  // namespace warpsim::workload
