// Dynamic PCAL (Dong Li's thesis §4.4): static PCAL's split with an EBTNum that a GPU-level
// controller (gpu/pcal_controller.h, built when this policy is chosen) sets per SM once per
// sampling period. Its params are the controller's; their defaults and why are in
// docs/timing.md "Dynamic PCAL". Until the first decision every SM runs EBTNum 0 (warp-opt).

#include "sim/registry.h"
#include "sm/tokens/token_policy.h"

namespace warpsim {
namespace {

class DynamicPcal final : public TokenPolicy {
 public:
  DynamicPcal(const ConfigNode& /*params*/, const Context& /*context*/) {}

  Split split(std::uint32_t cap, std::uint32_t resident,
              std::optional<std::int32_t> ebt) const override {
    return pcal_split(cap, resident, ebt.value_or(0));
  }
};

ParamSpec number(const char* name, const char* description, const char* value) {
  return ParamSpec{.name = name,
                   .type = ParamType::kFloat,
                   .description = description,
                   .default_value = value,
                   .min = 0};
}

}  // namespace

WARPSIM_REGISTER_POLICY(
    TokenPolicy, DynamicPcal, "dynamic_pcal",
    "dynamic PCAL (Dong Li, §4.4): a phase detector and an Init / Hill-Climbing / "
    "Parallel-Voting / Stable control unit set each SM's EBTNum every sampling period",
    {ParamSpec{.name = "period",
               .type = ParamType::kUint,
               .description = "sampling period in core cycles",
               .default_value = "5000",
               .min = 1},
     number("up", "Hill-Climbing: IPC above up x the last period's adds a token-less warp", "1.10"),
     number("down", "Hill-Climbing: IPC below down x the last period's takes it back", "0.97"),
     number("phase_change",
            "a new phase: IPC, L1D or L2 miss ratio moves by more than this fraction", "0.20"),
     ParamSpec{.name = "phase_periods",
               .type = ParamType::kUint,
               .description = "samples in a row the change must hold to be a new phase",
               .default_value = "2",
               .min = 1},
     number("noc_threshold",
            "Init: NoC latency (crossbar cycles, request plus reply) at or below which the "
            "network counts as unsaturated",
            "60"),
     number("stall_threshold",
            "Init: memory-pipeline stall ratio at or below which the memory pipeline counts "
            "as unsaturated",
            "0.30"),
     ParamSpec{.name = "max_ebt",
               .type = ParamType::kInt,
               .description = "the largest EBTNum Hill-Climbing tries",
               .default_value = "6",
               .min = 0,
               .max = 1024},
     ParamSpec{.name = "vote",
               .type = ParamType::kIntList,
               .description = "Parallel-Voting's candidate EBTNums; SM i runs the (i mod n)-th",
               .default_value = "[0, -1, -2, -3, -4, -5, -6]",
               .min = -1024,
               .max = 0}});

}  // namespace warpsim
