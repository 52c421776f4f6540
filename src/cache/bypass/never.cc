// Never bypass: every access looks up the cache, and a reservation failure stalls the access
// instead of sending it around the cache. GPGPU-Sim's behaviour for L1D and L2 without
// bypass options, and the baseline the bypass papers (seeds 000, 001, 004) compare against.

#include "cache/bypass/bypass_policy.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class NeverBypass final : public BypassPolicy {
 public:
  NeverBypass(const ConfigNode& /*params*/, const Context& /*context*/) {}

  bool bypass(const AccessInfo& /*access*/, When /*when*/) override { return false; }
};

}  // namespace

WARPSIM_REGISTER_POLICY(BypassPolicy, NeverBypass, "never",
                        "No access skips the cache; reservation failures stall", {});

}  // namespace warpsim
