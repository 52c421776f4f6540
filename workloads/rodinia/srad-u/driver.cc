// rodinia/srad-u: the "/U" variant of Rodinia SRAD v2 (seed 004 Table 3): the launches of
// rodinia/srad with the kernels reading global memory instead of shared tiles (srad-u.cu;
// sizes, launches and reference: ../srad/srad_host.h).

#include "../srad/srad_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class SradU final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/srad-u"; }
  std::string_view description() const override {
    return "Rodinia SRAD v2/U: SRAD with its shared tiles replaced by global-memory reads "
           "(unshared variant)";
  }
  std::string dimensions(Size size) const override { return srad::dimensions(size); }
  void run(Host& host, Size size) const override {
    srad::run(host, name(), size, "srad_cuda_1_u", "srad_cuda_2_u");
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(SradU);

}  // namespace warpsim::workload
