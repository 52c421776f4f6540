// Bimodal RRIP: a new line is predicted to be re-used in the distant interval, RRPV 2^M-1, and
// only with a small probability (1/32 in the paper) in the long one, 2^M-2, so a working set
// larger than the cache keeps part of itself resident instead of thrashing (Jaleel et al., ISCA
// 2010; BIP's idea from Qureshi et al., ISCA 2007). The RRPV machinery is in rrip.h.

#include <cstdint>

#include "cache/policy_random.h"
#include "cache/replacement/rrip.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class BrripReplacement final : public RripReplacement {
 public:
  BrripReplacement(const ConfigNode& params, const Context& context)
      : RripReplacement(params, context),
        random_(context.seed, params.at("seed").as_uint()),
        epsilon_(params.at("epsilon").as_uint()) {}

  void on_fill(std::uint32_t set, std::uint32_t way, const AccessInfo& /*access*/) override {
    const bool long_interval = random_.one_in(epsilon_);
    insert(set, way, static_cast<std::uint8_t>(distant() - (long_interval ? 1 : 0)));
  }

 private:
  PolicyRandom random_;
  std::uint64_t epsilon_;
};

}  // namespace

WARPSIM_REGISTER_POLICY(ReplacementPolicy, BrripReplacement, "brrip",
                        "Bimodal RRIP: new lines at 2^M-1, with probability 1/epsilon at 2^M-2 "
                        "(Jaleel et al., ISCA 2010)",
                        {RripReplacement::bits_param(),
                         {.name = "epsilon",
                          .type = ParamType::kUint,
                          .description = "A new line gets the long (2^M-2) rather than the "
                                         "distant prediction once in `epsilon` fills, drawn "
                                         "from a seeded stream; the paper uses 32",
                          .default_value = "32",
                          .min = 1},
                         {.name = "seed",
                          .type = ParamType::kUint,
                          .description = "Mixed with the per-cache seed to pick a different "
                                         "(but still reproducible) stream of insertions",
                          .default_value = "0"}});

}  // namespace warpsim
