// rodinia/nw-u: the "/U" variant of rodinia/nw (seed 004 Table 3): the same launches on kernels
// that work on the score and reference matrices in global memory (nw-u.cu); launches, sizes,
// inputs and the check shared with rodinia/nw (../nw/nw_host.h).

#include <string>
#include <string_view>

#include "../nw/nw_host.h"
#include "workload/host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class NwU final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/nw-u"; }
  std::string_view description() const override {
    return "Rodinia NW/U: rodinia/nw with the shared-memory tiles replaced by global-memory "
           "accesses (seed 004 \"/U\")";
  }
  std::string dimensions(Size size) const override { return rodinia_nw::dimensions(size, 16); }
  void run(Host& host, Size size) const override {
    rodinia_nw::run(host, size, {name(), "needle_cuda_shared_1", "needle_cuda_shared_2", 16});
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(NwU);

}  // namespace warpsim::workload
