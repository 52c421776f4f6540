#pragma once

// The GPU descriptions of the presets in configs/gpus/, as the occupancy tests read them.

#include <string>
#include <utility>
#include <vector>

#include "../../support/preset_config.h"
#include "gpu/gpu_description.h"

namespace warpsim::testing {

inline GpuDescription preset_gpu(const std::string& name, std::vector<std::string> sets = {}) {
  return describe_gpu(preset_config(name, std::move(sets)));
}

}  // namespace warpsim::testing
