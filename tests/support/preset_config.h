#pragma once

// A GPU preset from the source tree's configs/ with `--set` style overrides, loaded, resolved and
// checked against the GPU schema as `warpsim --gpu PRESET --set ...` does. Test programs are
// compiled with WARPSIM_SOURCE_DIR (tests/CMakeLists.txt).

#include <string>
#include <vector>

#include "gpu/gpu_schema.h"
#include "sim/config_load.h"
#include "sim/registry.h"

namespace warpsim::testing {

inline ConfigNode preset_config(const std::string& preset, std::vector<std::string> sets = {}) {
  static const ConfigPaths paths = ConfigPaths::under(WARPSIM_SOURCE_DIR);
  return resolve_config(load_config(ConfigRequest{preset, {}, std::move(sets)}, paths),
                        gpu_schema(), PolicyRegistry::global());
}

}  // namespace warpsim::testing
