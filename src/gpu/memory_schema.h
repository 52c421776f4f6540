#pragma once

#include <vector>

#include "sim/schema.h"

namespace warpsim {

// The `memory` section: which memory model sits behind the SMs' L1s (the hierarchy, or a
// fixed-latency stand-in useful for tests of the SM alone), and how addresses map to channels.
SectionSpec memory_section();
// The hierarchy's own sections: l2, icnt, dram, tlb.
std::vector<SectionSpec> memory_hierarchy_sections();

}  // namespace warpsim
