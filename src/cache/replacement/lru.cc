// Least recently used: evicts the candidate whose last fill or hit is the oldest.
// GPGPU-Sim's default for L1D and L2 ('L' in -gpgpu_cache:dl1 / -gpgpu_cache:dl2, kept as
// last_access_time per line), and the baseline that GPU cache papers compare against.
// demote() puts a line at the LRU end, as LIP/BIP insertion does (Qureshi et al., ISCA 2007).

#include <cstdint>
#include <vector>

#include "cache/replacement/replacement_policy.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

// Stamps of used lines count up from here and stamps of demoted lines count down from it, so a
// demoted line is older than every used one and the latest demote is the oldest of all. 2^63
// uses each way is more than any simulation makes.
constexpr std::uint64_t kStampBase = std::uint64_t{1} << 63;

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
  void demote(std::uint32_t set, std::uint32_t way) override {
    last_touch_[line_index(context_, set, way)] = --demote_clock_;
  }

  std::uint32_t select_victim(std::uint32_t set, WayMask candidates,
                              const AccessInfo& /*access*/) override {
    return smallest_stamp(context_, last_touch_, set, candidates);
  }

 private:
  // A global use counter rather than per-set ages: one increment per access.
  void touch(std::uint32_t set, std::uint32_t way) {
    last_touch_[line_index(context_, set, way)] = ++clock_;
  }

  Context context_;
  std::uint64_t clock_ = kStampBase;
  std::uint64_t demote_clock_ = kStampBase;
  std::vector<std::uint64_t> last_touch_;
};

}  // namespace

WARPSIM_REGISTER_POLICY(ReplacementPolicy, LruReplacement, "lru",
                        "Least recently used: evicts the line whose last fill or hit is oldest",
                        {});

}  // namespace warpsim
