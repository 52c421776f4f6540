// Random: evicts a uniformly chosen candidate, the usual no-metadata baseline (gem5's
// RandomRP; GPGPU-Sim has no random option). Victims come from a splitmix64 stream seeded by
// Context::seed and the `seed` param, so the same inputs always give the same victims.
// demote() makes a line the next victim of its set without a draw (LIP/BIP on a random cache).

#include "cache/replacement/random_draw.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class RandomReplacement final : public RandomDrawReplacement {
 public:
  RandomReplacement(const ConfigNode& params, const Context& context)
      : RandomDrawReplacement(params, context, {}) {}
};

}  // namespace

WARPSIM_REGISTER_POLICY(ReplacementPolicy, RandomReplacement, "random",
                        "Uniformly random victim from a seeded, reproducible stream",
                        {{.name = "seed",
                          .type = ParamType::kUint,
                          .description = "Mixed with the per-cache seed to pick a different "
                                         "(but still reproducible) victim stream",
                          .default_value = "0"}});

}  // namespace warpsim
