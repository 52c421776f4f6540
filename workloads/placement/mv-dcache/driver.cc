// placement/mv-dcache: the D-cache version of the tiled matrix-vector product (seed 000 Ch. 2's
// MV): the same blocks and 32-column steps, each thread loading its row's part of a tile from
// global memory into registers, no shared tile and no barrier (mv-dcache.cu; sizes, inputs,
// launch and reference shared with placement/mv-shared in ../mv-shared/mv_host.h).

#include "../mv-shared/mv_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class MvDcache final : public Workload {
 public:
  std::string_view name() const override { return "placement/mv-dcache"; }
  std::string_view description() const override {
    return "Seed 000 Ch. 2 MV, D-cache version: tiled y = A x, each thread's 32 tile elements "
           "loaded from global memory into registers, no barrier";
  }
  std::string dimensions(Size size) const override { return placement_mv::dimensions(size); }
  void run(Host& host, Size size) const override {
    placement_mv::run(host, name(), "mv_dcache_kernel", size);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(MvDcache);

}  // namespace warpsim::workload
