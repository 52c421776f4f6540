// rodinia/backprop-w48: seed 002's backprop, the kernels of rodinia/backprop with 48 x 48 shared
// arrays (backprop-w48.cu; 9408 B per block, one block per 16 KB SM) and its host code
// (../backprop/backprop_host.h).

#include "../backprop/backprop_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class BackpropW48 final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/backprop-w48"; }
  std::string_view description() const override {
    return "Rodinia backprop with WIDTH = HEIGHT = 48 (seed 002 Table 3): the forward layer's "
           "shared arrays take 9408 B per 16x16 block";
  }
  std::string dimensions(Size size) const override { return rodinia_backprop::dimensions(size); }
  void run(Host& host, Size size) const override {
    rodinia_backprop::run_backprop(host, size, name());
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(BackpropW48);

}  // namespace warpsim::workload
