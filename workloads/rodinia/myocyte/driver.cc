// rodinia/myocyte: Rodinia 3.x Myocyte (CUDA, mode 0), the cardiac myocyte model's 91 ODEs
// evaluated by a 2-block kernel once per Runge-Kutta-Fehlberg 7(8) stage of a host-driven
// adaptive solver (myocyte.cu; sizes, solver and reference: myocyte_host.h).

#include "myocyte_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class Myocyte final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/myocyte"; }
  std::string_view description() const override {
    return "Rodinia Myocyte: 91-equation cardiac myocyte model (ECC + 3 CaM modules, own "
           "equations) evaluated by a 2x32-thread kernel per stage of a host RKF 7(8) solver";
  }
  std::string dimensions(Size size) const override { return myocyte::dimensions(size); }
  void run(Host& host, Size size) const override { myocyte::run(host, name(), size); }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Myocyte);

}  // namespace warpsim::workload
