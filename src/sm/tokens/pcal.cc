// Static PCAL (Dong Li's thesis, §4.3, Table 4.3): one parameter, EBTNum, per kernel. With N the
// kernel's warp cap on a scheduler (its warp-opt; without a cap, the most warps of the kernel
// that fit on the scheduler: warp-max):
//   EBTNum = 0   pure warp throttling: N warps issue, all hold tokens;
//   EBTNum > 0   Strategy 1 (more TLP, same hit ratio): N + EBTNum issue, N hold tokens;
//   EBTNum < 0   Strategy 2 (better hit ratio, same TLP): N issue, max(1, N + EBTNum) hold
//                tokens: at least one warp always keeps one.
// Without a cap, Strategy 1 cannot add warps: every resident warp already issues.

#include <algorithm>
#include <cstdint>

#include "sim/registry.h"
#include "sm/tokens/token_policy.h"

namespace warpsim {

TokenPolicy::Split pcal_split(std::uint32_t cap, std::uint32_t resident, std::int64_t e) {
  const std::int64_t n = cap == 0 ? resident : std::min(cap, resident);
  if (e >= 0) {
    return TokenPolicy::Split{.issue = cap == 0 ? 0 : static_cast<std::uint32_t>(n + e),
                              .tokens = static_cast<std::uint32_t>(n)};
  }
  return TokenPolicy::Split{.issue = cap,
                            .tokens = static_cast<std::uint32_t>(std::max<std::int64_t>(1, n + e))};
}

namespace {

class StaticPcal final : public TokenPolicy {
 public:
  StaticPcal(const ConfigNode& params, const Context& /*context*/)
      : ebt_(static_cast<std::int32_t>(params.at("ebt").as_int())) {}

  Split split(std::uint32_t cap, std::uint32_t resident,
              std::optional<std::int32_t> ebt) const override {
    return pcal_split(cap, resident, ebt.value_or(ebt_));
  }

 private:
  std::int32_t ebt_;
};

}  // namespace

WARPSIM_REGISTER_POLICY(TokenPolicy, StaticPcal, "pcal",
                        "static PCAL (Dong Li, Table 4.3): EBTNum > 0 lets that many more warps "
                        "issue without tokens; < 0 takes tokens from that many of the issuing "
                        "warps (at least one keeps one)",
                        {{.name = "ebt",
                          .type = ParamType::kInt,
                          .description = "EBTNum for kernels the sm.throttle.kernels file gives "
                                         "none (-1024..1024)",
                          .default_value = "0",
                          .min = -1024,
                          .max = 1024}});

}  // namespace warpsim
