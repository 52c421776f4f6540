// rodinia/hotspot: Rodinia 3.x's hotspot thermal simulation (CUDA `calculate_temp`), 16 x 16
// blocks with three shared-memory tiles and ghost-zone (pyramid) time steps. Launches, sizes
// (paper: 512 x 512, pyramid height 2, 2 steps) and inputs: hotspot_host.h.

#include "../hotspot/hotspot_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class Hotspot final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/hotspot"; }
  std::string_view description() const override {
    return "Rodinia HotSpot: thermal stencil with shared-memory tiles and ghost-zone time steps";
  }
  std::string dimensions(Size size) const override { return hotspot::dimensions(size); }
  void run(Host& host, Size size) const override {
    hotspot::run(host, size, name(), "hotspot_calculate_temp", false);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(Hotspot);

}  // namespace warpsim::workload
