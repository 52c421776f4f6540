// No instruction prefetching: every demand miss goes to memory on its own (the default).

#include <vector>

#include "sim/registry.h"
#include "sm/icache_prefetcher.h"

namespace warpsim {
namespace {

class NoIcachePrefetch final : public IcachePrefetcher {
 public:
  NoIcachePrefetch(const ConfigNode& /*params*/, const Context& /*context*/) {}

  Verdict on_demand_miss(Addr /*line*/, std::vector<PrefetchRequest>& /*out*/) override {
    return Verdict::kMiss;
  }
};

}  // namespace

WARPSIM_REGISTER_POLICY(IcachePrefetcher, NoIcachePrefetch, "none", "No instruction prefetching",
                        {});

}  // namespace warpsim
