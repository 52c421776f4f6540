// placement/fft-dcache: the D-cache version of seed 000 Ch. 2's FFT case study: the same batched
// 1024-point FFT as placement/fft-shared, exchanging through a per-block region of global memory
// (cached by the L1D) instead of shared memory (fft-dcache.cu; sizes, inputs, launch and
// reference shared in ../fft-shared/fft_host.h).

#include "../fft-shared/fft_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class FftDcache final : public Workload {
 public:
  std::string_view name() const override { return "placement/fft-dcache"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 FFT, D-cache version: the same batched 1024-point FFT, exchanges "
           "through a per-block global scratch region cached by the L1D";
  }
  std::string dimensions(Size size) const override { return placement_fft::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_fft::run(host, name(), "fft1024_dcache_kernel", true, size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(FftDcache);

}  // namespace warpsim::workload
