#pragma once

#include <vector>

#include "sim/schema.h"

namespace warpsim {

// The SM timing model's parts of the GPU schema: sub-sections of `sm` (fetch, icache, units,
// ops, ldst) and its policy slots (scheduler), and the stand-in `memory` section.
std::vector<SectionSpec> sm_timing_sections();
std::vector<PolicySlot> sm_policy_slots();
std::vector<ParamSpec> sm_timing_params();
SectionSpec gpu_section();

}  // namespace warpsim
