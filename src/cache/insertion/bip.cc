// Bimodal insertion policy: a new line enters at the eviction end of its set, as in LIP, except
// once in `epsilon` fills, when it keeps the replacement policy's own placement (MRU for LRU), so
// the cache still adapts when the working set changes (Qureshi et al., "Adaptive Insertion
// Policies for High Performance Caching", ISCA 2007, BIP; the paper uses epsilon 1/32 and 1/64).

#include <cstdint>

#include "cache/insertion/insertion_policy.h"
#include "cache/policy_random.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class BipInsertion final : public InsertionPolicy {
 public:
  BipInsertion(const ConfigNode& params, const Context& context)
      : random_(context.seed, params.at("seed").as_uint()),
        epsilon_(params.at("epsilon").as_uint()) {}

  bool insert_as_victim(std::uint32_t /*set*/, std::uint32_t /*way*/,
                        const AccessInfo& /*access*/) override {
    return !random_.one_in(epsilon_);
  }

 private:
  PolicyRandom random_;
  std::uint64_t epsilon_;
};

}  // namespace

WARPSIM_REGISTER_POLICY(InsertionPolicy, BipInsertion, "bip",
                        "New lines enter as the next victim, except once in `epsilon` fills "
                        "(Qureshi et al., ISCA 2007)",
                        {{.name = "epsilon",
                          .type = ParamType::kUint,
                          .description = "One fill in `epsilon` (drawn from a seeded stream) "
                                         "keeps the replacement policy's own placement; the "
                                         "paper uses 32 and 64",
                          .default_value = "32",
                          .min = 1},
                         {.name = "seed",
                          .type = ParamType::kUint,
                          .description = "Mixed with the per-cache seed to pick a different "
                                         "(but still reproducible) stream",
                          .default_value = "0"}});

}  // namespace warpsim
