// rodinia/lud-u: the "/U" variant of rodinia/lud (seed 004 Table 3): the same launches on kernels
// that work on the matrix in global memory instead of shared memory (lud-u.cu); launches, sizes,
// input and checks shared with rodinia/lud (../lud/lud_host.h).

#include <string>
#include <string_view>

#include "../lud/lud_host.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class LudU final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/lud-u"; }
  std::string_view description() const override {
    return "Rodinia LUD/U: rodinia/lud with the shared-memory tiles replaced by global-memory "
           "accesses (seed 004 \"/U\")";
  }
  std::string dimensions(Size size) const override { return rodinia_lud::dimensions(size); }
  void run(Host& host, Size size) const override { rodinia_lud::run(host, size, name()); }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(LudU);

}  // namespace warpsim::workload
