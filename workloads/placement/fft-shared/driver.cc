// placement/fft-shared: batched 1024-point FFT, the on-chip-optimized version (Volkov and Kazian)
// of seed 000 Ch. 2's FFT case study, exchanging between passes through shared memory
// (fft-shared.cu, fft_device.cuh; sizes, inputs, launch and reference in fft_host.h).

#include "fft_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class FftShared final : public Workload {
 public:
  std::string_view name() const override { return "placement/fft-shared"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 FFT, shared-memory version: batched 1024-point radix-16/16/4 FFT, "
           "64 threads x 16 points in registers, exchanges through 8.5 KB of shared memory";
  }
  std::string dimensions(Size size) const override { return placement_fft::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_fft::run(host, name(), "fft1024_shared_kernel", false, size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(FftShared);

}  // namespace warpsim::workload
