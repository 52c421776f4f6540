// Every access bypasses this cache: reads go to the next level and nothing is allocated here.
// This is an L1 switched off for global loads: Kepler's L1 serves local memory only, and the
// Fermi and Maxwell L1s can be switched off (Mei & Chu, notes/seed-003.md §2.7 and §4; nvcc's
// -Xptxas -dlcm=cg; NVIDIA's Kepler Tuning Guide, "L1 Cache").

#include "cache/bypass/bypass_policy.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class AlwaysBypass final : public BypassPolicy {
 public:
  AlwaysBypass(const ConfigNode& /*params*/, const Context& /*context*/) {}

  bool bypass(const AccessInfo& /*access*/, When /*when*/) override { return true; }
};

}  // namespace

WARPSIM_REGISTER_POLICY(BypassPolicy, AlwaysBypass, "always",
                        "Every access bypasses the cache (an L1 that does not cache global loads, "
                        "as on Kepler)",
                        {});

}  // namespace warpsim
