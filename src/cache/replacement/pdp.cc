// Static Protecting Distance replacement (Duong et al., "Improving Cache Management Policies
// Using Dynamic Reuse Distances", MICRO 2012; the PDP-best comparison of seed 000 ch. 4): a
// line placed or hit is protected for the next `pd` accesses to its set; only unprotected lines
// may be evicted, and a read miss that finds none is not placed at all (it bypasses: an MSHR
// but no line, as bypass_instead does for every policy). With `bypass: false` the line with the
// least protection left goes instead. "PDP-best" is the best `pd` per workload, found by a
// sweep (experiments/decoupled-l1d).
//
// A set's accesses are counted by on_access, which the cache calls after every lookup, so a
// line placed or hit by access n is protected through access n + pd.

#include <cstdint>
#include <vector>

#include "cache/replacement/replacement_policy.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class PdpReplacement final : public ReplacementPolicy {
 public:
  PdpReplacement(const ConfigNode& params, const Context& context)
      : context_((check_context(context), context)),
        pd_(params.at("pd").as_uint()),
        bypass_(params.at("bypass").as_bool()),
        accesses_(context.sets, 0),
        protected_until_(std::size_t{context.sets} * context.ways, 0) {}

  void on_fill(std::uint32_t set, std::uint32_t way, const AccessInfo& /*access*/) override {
    protect(set, way);
  }
  void on_hit(std::uint32_t set, std::uint32_t way, const AccessInfo& /*access*/) override {
    protect(set, way);
  }
  void on_invalidate(std::uint32_t set, std::uint32_t way) override {
    protected_until_[line_index(context_, set, way)] = 0;
  }
  void demote(std::uint32_t set, std::uint32_t way) override { on_invalidate(set, way); }
  void on_access(std::uint32_t set, const AccessInfo& /*access*/) override { ++accesses_[set]; }

  // The unprotected candidate whose protection ran out first, else the one with the least left.
  std::uint32_t select_victim(std::uint32_t set, WayMask candidates,
                              const AccessInfo& /*access*/) override {
    return smallest_stamp(context_, protected_until_, set, candidates);
  }
  bool may_bypass() const override { return bypass_; }
  bool bypass_instead(std::uint32_t set, WayMask candidates, const AccessInfo& access) override {
    if (!bypass_ || access.is_write) return false;
    for (std::uint32_t way : candidates) {
      if (protected_until_[line_index(context_, set, way)] <= accesses_[set]) return false;
    }
    return true;
  }

 private:
  void protect(std::uint32_t set, std::uint32_t way) {
    // on_access for this same access follows and counts it.
    protected_until_[line_index(context_, set, way)] = accesses_[set] + 1 + pd_;
  }

  Context context_;
  std::uint64_t pd_;
  bool bypass_;
  std::vector<std::uint64_t> accesses_;         // per set
  std::vector<std::uint64_t> protected_until_;  // per line: the set's access count
};

}  // namespace

WARPSIM_REGISTER_POLICY(ReplacementPolicy, PdpReplacement, "pdp",
                        "Static Protecting Distance (Duong et al., MICRO 2012): lines are "
                        "protected for pd accesses to their set; a read miss with no unprotected "
                        "line bypasses",
                        {{.name = "pd",
                          .type = ParamType::kUint,
                          .description = "the protecting distance, in accesses to the set",
                          .default_value = "16",
                          .min = 1},
                         {.name = "bypass",
                          .type = ParamType::kBool,
                          .description = "a read miss whose set has no unprotected line places "
                                         "none; false: the least protected line is evicted",
                          .default_value = "true"}});

}  // namespace warpsim
