// rodinia/backprop-u: seed 004's BP/U, the kernels of backprop-u.cu (global memory instead of
// shared memory) with rodinia/backprop's host code (../backprop/backprop_host.h).

#include "../backprop/backprop_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class BackpropU final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/backprop-u"; }
  std::string_view description() const override {
    return "Rodinia backprop, seed 004 /U version: the forward layer's tree reduction in global "
           "memory instead of shared memory, then the weight update (16x16 blocks)";
  }
  std::string dimensions(Size size) const override { return rodinia_backprop::dimensions(size); }
  void run(Host& host, Size size) const override {
    rodinia_backprop::run_backprop(host, size, name());
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(BackpropU);

}  // namespace warpsim::workload
