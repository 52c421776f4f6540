// rodinia/nw: Rodinia 3.x Needleman-Wunsch (CUDA), BLOCK_SIZE 16, score and reference tiles in
// shared memory; see nw.cu for the kernels and nw_host.h for the launches, sizes, inputs and the
// check.

#include <string>
#include <string_view>

#include "nw_host.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class Nw final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/nw"; }
  std::string_view description() const override {
    return "Rodinia NW: Needleman-Wunsch alignment, one launch per block anti-diagonal, 16-thread "
           "blocks sweeping 16 x 16 shared-memory tiles";
  }
  std::string dimensions(Size size) const override { return rodinia_nw::dimensions(size, 16); }
  void run(Host& host, Size size) const override {
    rodinia_nw::run(host, size, {name(), "needle_cuda_shared_1", "needle_cuda_shared_2", 16});
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Nw);

}  // namespace warpsim::workload
