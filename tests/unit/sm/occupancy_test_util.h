#pragma once

// The GPU descriptions of the presets in configs/gpus/, as the occupancy tests read them.

#include <string>
#include <utility>
#include <vector>

#include "gpu/gpu_description.h"
#include "gpu/gpu_schema.h"
#include "sim/config_load.h"
#include "sim/registry.h"

namespace warpsim::testing {

inline GpuDescription preset_gpu(const std::string& name, std::vector<std::string> sets = {}) {
  static const ConfigPaths paths = ConfigPaths::under(WARPSIM_SOURCE_DIR);
  return describe_gpu(resolve_config(load_config(ConfigRequest{name, {}, std::move(sets)}, paths),
                                     gpu_schema(), PolicyRegistry::global()));
}

}  // namespace warpsim::testing
