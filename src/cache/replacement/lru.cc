// Least recently used: evicts the candidate whose last fill or hit is the oldest.
// GPGPU-Sim's default for L1D and L2 ('L' in -gpgpu_cache:dl1 / -gpgpu_cache:dl2, kept as
// last_access_time per line), and the baseline that GPU cache papers compare against.
// demote() puts a line at the LRU end, as LIP/BIP insertion does (Qureshi et al., ISCA 2007).

#include <cstdint>
#include <vector>

#include "cache/replacement/replacement_policy.h"
#include "cache/replacement/stamps.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class LruReplacement final : public ReplacementPolicy {
 public:
  LruReplacement(const ConfigNode& /*params*/, const Context& context)
      : context_(context),
        last_touch_((check_context(context), std::size_t{context.sets} * context.ways)) {}

  void on_fill(std::uint32_t set, std::uint32_t way, const AccessInfo& /*access*/) override {
    last_touch_.use(line_index(context_, set, way));
  }
  void on_hit(std::uint32_t set, std::uint32_t way, const AccessInfo& /*access*/) override {
    last_touch_.use(line_index(context_, set, way));
  }
  void on_invalidate(std::uint32_t set, std::uint32_t way) override {
    last_touch_.clear(line_index(context_, set, way));
  }
  void demote(std::uint32_t set, std::uint32_t way) override {
    last_touch_.demote(line_index(context_, set, way));
  }

  std::uint32_t select_victim(std::uint32_t set, WayMask candidates,
                              const AccessInfo& /*access*/) override {
    return smallest_stamp(context_, last_touch_.values(), set, candidates);
  }

 private:
  Context context_;
  Stamps last_touch_;  // a global use counter rather than per-set ages: one step per access
};

}  // namespace

WARPSIM_REGISTER_POLICY(ReplacementPolicy, LruReplacement, "lru",
                        "Least recently used: evicts the line whose last fill or hit is oldest",
                        {});

}  // namespace warpsim
