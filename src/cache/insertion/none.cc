// No insertion policy: a filled line keeps the place the replacement policy gives it (MRU
// for LRU), the behaviour of GPGPU-Sim and of every cache without LIP/BIP-style insertion
// (Qureshi et al., ISCA 2007, call this the traditional MRU insertion).

#include <cstdint>

#include "cache/insertion/insertion_policy.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class NoInsertion final : public InsertionPolicy {
 public:
  NoInsertion(const ConfigNode& /*params*/, const Context& /*context*/) {}

  bool insert_as_victim(std::uint32_t /*set*/, std::uint32_t /*way*/,
                        const AccessInfo& /*access*/) override {
    return false;
  }
};

}  // namespace

WARPSIM_REGISTER_POLICY(InsertionPolicy, NoInsertion, "none",
                        "Filled lines keep the replacement policy's own placement (never demoted)",
                        {});

}  // namespace warpsim
