#pragma once

#include "sim/schema.h"

namespace warpsim {

// The schema every GPU config is validated against: the root section with one subsection
// per subsystem. A subsystem that gains knobs adds them to its own section function here.
const SectionSpec& gpu_schema();

}  // namespace warpsim
