// rodinia/backprop: Rodinia 3.x's backprop, with the kernels of backprop.cu (shared memory) and
// the host code of backprop_host.h (sizes, inputs, the CPU part of the training step, checks).

#include "../backprop/backprop_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class Backprop final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/backprop"; }
  std::string_view description() const override {
    return "Rodinia backprop: one training step of a 3-layer perceptron; forward layer with a "
           "shared-memory tree reduction, then the weight update (16x16 blocks)";
  }
  std::string dimensions(Size size) const override { return rodinia_backprop::dimensions(size); }
  void run(Host& host, Size size) const override {
    rodinia_backprop::run_backprop(host, size, name());
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Backprop);

}  // namespace warpsim::workload
