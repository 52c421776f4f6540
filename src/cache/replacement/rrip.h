#pragma once

// The re-reference prediction machinery SRRIP and BRRIP share (Jaleel et al., "High Performance
// Cache Replacement Using Re-Reference Interval Prediction (RRIP)", ISCA 2010): an M-bit
// re-reference prediction value (RRPV) per line; a hit predicts a near re-reference (RRPV 0,
// the paper's "hit priority" variant); the victim is the first line predicted to be re-used in
// the distant future (RRPV 2^M-1), and when there is none every line in the set ages by one and
// the search repeats. The two policies differ only in the RRPV a new line gets.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "cache/replacement/replacement_policy.h"
#include "sim/config_node.h"
#include "sim/schema.h"

namespace warpsim {

class RripReplacement : public ReplacementPolicy {
 public:
  // The `bits` param both policies declare.
  static ParamSpec bits_param() {
    return {.name = "bits",
            .type = ParamType::kUint,
            .description =
                "M, the width of each line's re-reference prediction value; the "
                "paper evaluates 2 and 3",
            .default_value = "2",
            .min = 1,
            .max = 8};
  }

  RripReplacement(const ConfigNode& params, const Context& context)
      : context_((check_context(context), context)),
        distant_(static_cast<std::uint8_t>((1u << params.at("bits").as_uint()) - 1)),
        rrpv_(std::size_t{context.sets} * context.ways, distant_) {}

  void on_hit(std::uint32_t set, std::uint32_t way, const AccessInfo& /*access*/) override {
    rrpv_[line_index(context_, set, way)] = 0;
  }
  void on_invalidate(std::uint32_t set, std::uint32_t way) override { demote(set, way); }
  void demote(std::uint32_t set, std::uint32_t way) override {
    rrpv_[line_index(context_, set, way)] = distant_;
  }

  // Aging until a candidate reaches the distant value is done in one step: every line of the
  // set ages by the candidates' shortfall, saturating, which is what repeated +1 passes give.
  // Locked lines age too: the paper ages the whole set.
  std::uint32_t select_victim(std::uint32_t set, WayMask candidates,
                              const AccessInfo& /*access*/) override {
    std::uint8_t oldest = 0;
    for (std::uint32_t way : candidates) {
      oldest = std::max(oldest, rrpv_[line_index(context_, set, way)]);
    }
    if (oldest < distant_) {
      const std::uint8_t shortfall = distant_ - oldest;
      for (std::uint32_t way = 0; way < context_.ways; ++way) {
        std::uint8_t& value = rrpv_[line_index(context_, set, way)];
        value = static_cast<std::uint8_t>(std::min<unsigned>(distant_, value + shortfall));
      }
    }
    for (std::uint32_t way : candidates) {
      if (rrpv_[line_index(context_, set, way)] == distant_) return way;
    }
    return *candidates.begin();  // unreachable: the oldest candidate is now distant
  }

 protected:
  // Gives a new line its insertion RRPV.
  void insert(std::uint32_t set, std::uint32_t way, std::uint8_t rrpv) {
    rrpv_[line_index(context_, set, way)] = rrpv;
  }
  std::uint8_t distant() const { return distant_; }

 private:
  Context context_;
  std::uint8_t distant_;  // 2^M - 1
  std::vector<std::uint8_t> rrpv_;
};

}  // namespace warpsim
