// rodinia/pathfinder: Rodinia 3.x PathFinder, the minimum-cost path DP, pyramid height rows per
// launch in shared memory (pathfinder.cu; sizes, launches and reference: pathfinder_host.h).

#include "pathfinder_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class Pathfinder final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/pathfinder"; }
  std::string_view description() const override {
    return "Rodinia PathFinder: grid dynamic programming, pyramid of rows per launch in shared "
           "memory with ghost zones";
  }
  std::string dimensions(Size size) const override { return pathfinder::dimensions(size); }
  void run(Host& host, Size size) const override { pathfinder::run(host, name(), size, false); }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Pathfinder);

}  // namespace warpsim::workload
