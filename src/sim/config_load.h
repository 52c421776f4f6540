#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "sim/config_node.h"

namespace warpsim {

// Where named presets and overlays live. Each list is searched in order for <name>.yaml.
struct ConfigPaths {
  std::vector<std::filesystem::path> preset_dirs;
  std::vector<std::filesystem::path> overlay_dirs;

  // <root>/configs/gpus and <root>/configs/overlays.
  static ConfigPaths under(const std::filesystem::path& root);
  // <configs>/gpus and <configs>/overlays, for a configs tree of any name.
  static ConfigPaths in(const std::filesystem::path& configs);
};

// What the user asked for on the command line: --gpu, -c (in order) and --set (in order).
// `gpu` and each overlay is either a name (looked up as <dir>/<name>.yaml) or, when it contains
// a '/' or ends in .yaml/.yml, a file path. An empty `gpu` starts from an empty config.
struct ConfigRequest {
  std::string gpu;
  std::vector<std::string> overlays;
  std::vector<std::string> sets;  // "sm.l1d.ways=8"
};

struct PresetInfo {
  std::string name;         // file name without .yaml
  std::string description;  // the file's top-level `description:`, or ""
  std::filesystem::path path;
};

// Builds the raw (unvalidated) config: the preset with its `inherits:` chain applied (each
// parent first, children merged over it), then each overlay merged in order, then each
// --set. `inherits:` and `description:` describe files rather than the simulated GPU, so they
// are removed from the result. Throws ConfigError naming what was looked for and what exists.
ConfigNode load_config(const ConfigRequest& request, const ConfigPaths& paths);

// The presets in `dir` (every *.yaml), sorted by name; empty if `dir` does not exist.
std::vector<PresetInfo> list_presets(const std::filesystem::path& dir);

}  // namespace warpsim
