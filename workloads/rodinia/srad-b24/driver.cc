// rodinia/srad-b24: seed 002's SRAD1 and SRAD2, rodinia/srad with BLOCK_SIZE 24 (srad-b24.cu:
// 576-thread blocks, 13824 and 11520 B of shared memory) and its host code (../srad/srad_host.h)
// on images whose sides are multiples of 24: tiny 72 x 72 (ROI 0..31), small 504 x 504, paper
// 2040 x 2040 (seed 002's Table 4 counts 4,161,600 threads per kernel = 2040^2), ROI 0..127 and
// 2 iterations as rodinia/srad.

#include "../srad/srad_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

constexpr srad::Dims kB24Dims[] = {{72, 72, 31, 2}, {504, 504, 127, 2}, {2040, 2040, 127, 2}};

class SradB24 final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/srad-b24"; }
  std::string_view description() const override {
    return "Rodinia SRAD v2 with BLOCK_SIZE 24 (seed 002 Table 3): 24x24-tile stencil kernels "
           "with 13824 and 11520 B of shared memory";
  }
  std::string dimensions(Size size) const override { return srad::dimensions(size, kB24Dims); }
  void run(Host& host, Size size) const override {
    srad::run(host, name(), size, "srad_cuda_1", "srad_cuda_2", 24, kB24Dims);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(SradB24);

}  // namespace warpsim::workload
