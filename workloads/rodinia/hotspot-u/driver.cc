// rodinia/hotspot-u: the "/U" variant of rodinia/hotspot (seed 004): the same launches, with the
// shared-memory tiles replaced by a global scratch buffer (hotspot-u.cu). Host code, sizes and
// inputs shared with rodinia/hotspot: ../hotspot/hotspot_host.h.

#include "../hotspot/hotspot_host.h"
#include "workload/registry.h"

namespace warpsim::workload {
namespace {

class HotspotU final : public Workload {
 public:
  std::string_view name() const override { return "rodinia/hotspot-u"; }
  std::string_view description() const override {
    return "Rodinia HotSpot/U: HotSpot with its shared-memory tiles moved to global memory";
  }
  std::string dimensions(Size size) const override { return hotspot::dimensions(size); }
  void run(Host& host, Size size) const override {
    hotspot::run(host, size, name(), "hotspot_u_calculate_temp", true);
  }
};

}  // namespace

WARPSIM_REGISTER_WORKLOAD(HotspotU);

}  // namespace warpsim::workload
