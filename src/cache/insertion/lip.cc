// LRU insertion policy: every new line enters at the eviction end of its set and moves up only
// when it is hit, so a working set larger than the cache keeps most of itself resident instead
// of thrashing (Qureshi et al., "Adaptive Insertion Policies for High Performance Caching",
// ISCA 2007, LIP).

#include <cstdint>

#include "cache/insertion/insertion_policy.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class LipInsertion final : public InsertionPolicy {
 public:
  LipInsertion(const ConfigNode& /*params*/, const Context& /*context*/) {}

  bool insert_as_victim(std::uint32_t /*set*/, std::uint32_t /*way*/,
                        const AccessInfo& /*access*/) override {
    return true;
  }
};

}  // namespace

WARPSIM_REGISTER_POLICY(InsertionPolicy, LipInsertion, "lip",
                        "Every new line enters as the next victim of its set (Qureshi et al., "
                        "ISCA 2007)",
                        {});

}  // namespace warpsim
