#pragma once

// Where the GPU presets live and how a request for one (preset, overlays, --set values) becomes
// the resolved config every model is built from. The `warpsim` command and the CUDA runtime
// library (for a program started without `warpsim run`) resolve configs the same way.

#include <filesystem>

#include "sim/config_load.h"
#include "sim/config_node.h"

namespace warpsim {

inline constexpr const char* kDefaultGpu = "v100";

// The running program's folder (empty where /proc/self/exe cannot be read).
std::filesystem::path executable_dir();

// The configs/ tree: $WARPSIM_CONFIG_DIR if set (a tree of any name), else configs/ next to the
// running executable's build or install location, else the source tree warpsim was built from.
// Throws ConfigError when none holds a gpus/ folder.
std::filesystem::path config_root();

// Loads the preset, overlays and --set values from `paths` and validates them against the GPU
// schema and the registered policies. Throws ConfigError.
ConfigNode resolve_gpu_config(const ConfigRequest& request, const ConfigPaths& paths);
// The same with the presets and overlays of config_root().
ConfigNode resolve_gpu_config(const ConfigRequest& request);

}  // namespace warpsim
