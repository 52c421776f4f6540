// rodinia/lud: Rodinia 3.x LUD (CUDA), blocked LU decomposition with BLOCK_SIZE 16 and the three
// kernels in shared memory; see lud.cu for the kernels and lud_host.h for the launches, sizes,
// input and checks.

#include <string>
#include <string_view>

#include "lud_host.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class Lud final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/lud"; }
  std::string_view description() const override {
    return "Rodinia LUD: blocked LU decomposition, 16 x 16 blocks in shared memory (diagonal, "
           "perimeter and internal kernels per block step)";
  }
  std::string dimensions(Size size) const override { return rodinia_lud::dimensions(size); }
  void run(Host& host, Size size) const override { rodinia_lud::run(host, size, name()); }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Lud);

}  // namespace warpsim::workload
