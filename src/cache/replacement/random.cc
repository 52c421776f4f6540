// Random: evicts a uniformly chosen candidate, the usual no-metadata baseline (gem5's
// RandomRP; GPGPU-Sim has no random option). Victims come from a splitmix64 stream seeded by
// Context::seed and the `seed` param, so the same inputs always give the same victims.

#include <cstdint>

#include "cache/replacement/replacement_policy.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

// Steele, Lea and Flood's splitmix64 finalizer: cheap, and every seed (0 included) gives a
// well-mixed stream.
std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

class RandomReplacement final : public ReplacementPolicy {
 public:
  RandomReplacement(const ConfigNode& params, const Context& context)
      : state_(mix64(context.seed) ^ params.at("seed").as_uint()) {
    check_context(context);
  }

  void on_fill(std::uint32_t /*set*/, std::uint32_t /*way*/,
               const AccessInfo& /*access*/) override {}
  void on_hit(std::uint32_t /*set*/, std::uint32_t /*way*/, const AccessInfo& /*access*/) override {
  }

  std::uint32_t select_victim(std::uint32_t /*set*/, WayMask candidates,
                              const AccessInfo& /*access*/) override {
    // Modulo bias over a 64-bit draw is below 2^-57 for 64 candidates: irrelevant here.
    std::uint64_t pick = next() % candidates.count();
    for (std::uint32_t way : candidates) {
      if (pick-- == 0) return way;
    }
    return *candidates.begin();
  }

 private:
  std::uint64_t next() {
    state_ += 0x9e3779b97f4a7c15ULL;
    return mix64(state_);
  }

  std::uint64_t state_;
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
