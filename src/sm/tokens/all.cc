// Every warp holds a token: no PCAL. The kernel's warp cap alone limits issue.

#include "sim/registry.h"
#include "sm/tokens/token_policy.h"

namespace warpsim {
namespace {

class AllTokens final : public TokenPolicy {
 public:
  AllTokens(const ConfigNode& /*params*/, const Context& /*context*/) {}

  Split split(std::uint32_t cap, std::uint32_t /*resident*/,
              std::optional<std::int32_t> /*ebt*/) const override {
    return Split{.issue = cap, .tokens = 0};
  }
};

}  // namespace

WARPSIM_REGISTER_POLICY(TokenPolicy, AllTokens, "all",
                        "every warp holds a cache token (no PCAL); EBTNum is ignored", {});

}  // namespace warpsim
