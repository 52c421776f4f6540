// rodinia/pathfinder-u: the "/U" variant of Rodinia PathFinder (seed 004 Table 3): the same
// launches as rodinia/pathfinder with the kernel's shared rows in global memory
// (pathfinder-u.cu; sizes, launches and reference: ../pathfinder/pathfinder_host.h).

#include "../pathfinder/pathfinder_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class PathfinderU final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/pathfinder-u"; }
  std::string_view description() const override {
    return "Rodinia PathFinder/U: PathFinder with its shared rows in global memory (unshared "
           "variant)";
  }
  std::string dimensions(Size size) const override { return pathfinder::dimensions(size); }
  void run(Host& host, Size size) const override { pathfinder::run(host, name(), size, true); }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(PathfinderU);

}  // namespace warpsim::workload
