// Every read miss gets a line: the ordinary cache.

#include "cache/admission/admission_policy.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

class AdmitAll final : public AdmissionPolicy {
 public:
  AdmitAll(const ConfigNode& /*params*/, const Context& /*context*/) {}

  bool admits(std::uint32_t /*set*/, Addr /*line*/, const AccessInfo& /*access*/) const override {
    return true;
  }
};

}  // namespace

WARPSIM_REGISTER_POLICY(AdmissionPolicy, AdmitAll, "all",
                        "Every read miss is given a line (no locality filter)", {});

}  // namespace warpsim
