// Least recently used: evicts the candidate whose last fill or hit is the oldest.
// GPGPU-Sim's default for L1D and L2 ('L' in -gpgpu_cache:dl1 / -gpgpu_cache:dl2, kept as
// last_access_time per line), and the baseline that GPU cache papers compare against.

#include <cstdint>
#include <vector>

#include "cache/replacement/replacement_policy.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class LruReplacement final : public ReplacementPolicy {
 public:
  LruReplacement(const ConfigNode& /*params*/, const Context& context)
      : context_(context),
        last_touch_((check_context(context), std::size_t{context.sets} * context.ways), 0) {}

  void on_fill(std::uint32_t set, std::uint32_t way, const AccessInfo& /*access*/) override {
    touch(set, way);
  }
  void on_hit(std::uint32_t set, std::uint32_t way, const AccessInfo& /*access*/) override {
    touch(set, way);
  }
  void on_invalidate(std::uint32_t set, std::uint32_t way) override {
    last_touch_[line_index(context_, set, way)] = 0;
  }

  std::uint32_t select_victim(std::uint32_t set, WayMask candidates,
                              const AccessInfo& /*access*/) override {
    return smallest_stamp(context_, last_touch_, set, candidates);
  }

 private:
  // A global use counter rather than per-set ages: one increment per access, and 64 bits
  // never wrap within a simulation.
  void touch(std::uint32_t set, std::uint32_t way) {
    last_touch_[line_index(context_, set, way)] = ++clock_;
  }

  Context context_;
  std::uint64_t clock_ = 0;
  std::vector<std::uint64_t> last_touch_;
};

}  // namespace

WARPSIM_REGISTER_POLICY(ReplacementPolicy, LruReplacement, "lru",
                        "Least recently used: evicts the line whose last fill or hit is oldest",
                        {});

}  // namespace warpsim
