// rodinia/srad: Rodinia 3.x SRAD v2, speckle-reducing anisotropic diffusion with 16 x 16 shared
// tiles (srad.cu: srad_cuda_1, srad_cuda_2; sizes, launches and reference: srad_host.h).

#include "srad_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class Srad final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/srad"; }
  std::string_view description() const override {
    return "Rodinia SRAD v2: speckle-reducing anisotropic diffusion, two 16x16-tile stencil "
           "kernels per iteration with shared-memory tiles";
  }
  std::string dimensions(Size size) const override { return srad::dimensions(size); }
  void run(Host& host, Size size) const override {
    srad::run(host, name(), size, "srad_cuda_1", "srad_cuda_2");
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Srad);

}  // namespace warpsim::workload
