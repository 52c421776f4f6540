// First in, first out: evicts the candidate that was filled longest ago; hits change nothing.
// GPGPU-Sim's 'F' replacement option (-gpgpu_cache:dl1 ...:F), which orders lines by their
// allocation time. demote() puts a line at the head of the queue (next out).

#include <cstdint>
#include <vector>

#include "cache/replacement/replacement_policy.h"
#include "cache/replacement/stamps.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

// Fill stamps count up from here and stamps of demoted lines count down from it, so a demoted
// line leaves before every other one and the latest demote leaves first.
class FifoReplacement final : public ReplacementPolicy {
 public:
  FifoReplacement(const ConfigNode& /*params*/, const Context& context)
      : context_(context),
        filled_at_((check_context(context), std::size_t{context.sets} * context.ways)) {}

  void on_fill(std::uint32_t set, std::uint32_t way, const AccessInfo& /*access*/) override {
    filled_at_.use(line_index(context_, set, way));
  }
  void on_hit(std::uint32_t /*set*/, std::uint32_t /*way*/, const AccessInfo& /*access*/) override {
  }
  void on_invalidate(std::uint32_t set, std::uint32_t way) override {
    filled_at_.clear(line_index(context_, set, way));
  }
  void demote(std::uint32_t set, std::uint32_t way) override {
    filled_at_.demote(line_index(context_, set, way));
  }

  std::uint32_t select_victim(std::uint32_t set, WayMask candidates,
                              const AccessInfo& /*access*/) override {
    return smallest_stamp(context_, filled_at_.values(), set, candidates);
  }

 private:
  Context context_;
  Stamps filled_at_;
};

}  // namespace

WARPSIM_REGISTER_POLICY(ReplacementPolicy, FifoReplacement, "fifo",
                        "First in, first out: evicts the line filled longest ago; hits are ignored",
                        {});

}  // namespace warpsim
