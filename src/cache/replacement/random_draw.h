#pragma once

// The shared body of the random replacement policies (random.cc, weighted_random.cc): a victim
// drawn from a seeded, reproducible stream with probability proportional to its way's weight,
// unless demote() named the set's next victim.

#include <cstdint>
#include <utility>
#include <vector>

#include "cache/policy_random.h"
#include "cache/replacement/replacement_policy.h"
#include "sim/config_node.h"

namespace warpsim {

class RandomDrawReplacement : public ReplacementPolicy {
 public:
  // `weights` has one entry per way, or is empty for equal weights.
  RandomDrawReplacement(const ConfigNode& params, const Context& context,
                        std::vector<std::uint64_t> weights)
      : random_(context.seed, params.at("seed").as_uint()),
        weights_(std::move(weights)),
        demoted_((check_context(context), context.sets), kNoWay) {}

  // A new line or a hit on the demoted one ends its demotion: the line was replaced or reused.
  void on_fill(std::uint32_t set, std::uint32_t way, const AccessInfo& /*access*/) override {
    undemote(set, way);
  }
  void on_hit(std::uint32_t set, std::uint32_t way, const AccessInfo& /*access*/) override {
    undemote(set, way);
  }
  void on_invalidate(std::uint32_t set, std::uint32_t way) override { undemote(set, way); }
  void demote(std::uint32_t set, std::uint32_t way) override {
    demoted_[set] = static_cast<std::uint8_t>(way);
  }

  std::uint32_t select_victim(std::uint32_t set, WayMask candidates,
                              const AccessInfo& /*access*/) override {
    if (demoted_[set] != kNoWay && candidates.test(demoted_[set])) return demoted_[set];
    std::uint64_t total = 0;
    for (std::uint32_t way : candidates) total += weight(way);
    // Only zero-weight ways are offered (the others are locked by pending misses): a victim
    // must still come from the candidates, so fall back to a uniform draw among them.
    const bool uniform = total == 0;
    // Modulo bias over a 64-bit draw is below 2^-40 for these totals: irrelevant here.
    std::uint64_t pick = random_.below(uniform ? candidates.count() : total);
    for (std::uint32_t way : candidates) {
      const std::uint64_t w = uniform ? 1 : weight(way);
      if (pick < w) return way;
      pick -= w;
    }
    return *candidates.begin();
  }

 private:
  static constexpr std::uint8_t kNoWay = 0xff;  // kMaxWays < 0xff

  std::uint64_t weight(std::uint32_t way) const { return weights_.empty() ? 1 : weights_[way]; }
  void undemote(std::uint32_t set, std::uint32_t way) {
    if (demoted_[set] == way) demoted_[set] = kNoWay;
  }

  PolicyRandom random_;
  std::vector<std::uint64_t> weights_;  // per way; empty: all 1
  std::vector<std::uint8_t> demoted_;   // per set: the demoted way, or kNoWay
};

}  // namespace warpsim
