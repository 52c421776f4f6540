// Static RRIP: a new line is predicted to be re-used in the "long" interval, RRPV 2^M-2, so
// lines of a short scan that are never hit leave before lines that were (Jaleel et al., "High
// Performance Cache Replacement Using Re-Reference Interval Prediction", ISCA 2010: SRRIP with
// hit priority). The RRPV machinery is in rrip.h.

#include <cstdint>

#include "cache/replacement/rrip.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class SrripReplacement final : public RripReplacement {
 public:
  SrripReplacement(const ConfigNode& params, const Context& context)
      : RripReplacement(params, context) {}

  void on_fill(std::uint32_t set, std::uint32_t way, const AccessInfo& /*access*/) override {
    insert(set, way, static_cast<std::uint8_t>(distant() - 1));
  }
};

}  // namespace

WARPSIM_REGISTER_POLICY(ReplacementPolicy, SrripReplacement, "srrip",
                        "Static RRIP: M-bit re-reference prediction, new lines at 2^M-2, hits "
                        "at 0 (Jaleel et al., ISCA 2010)",
                        {RripReplacement::bits_param()});

}  // namespace warpsim
