#include "gpu/gpu_config.h"

#include <cstdlib>
#include <string>
#include <system_error>
#include <vector>

#include "gpu/gpu_schema.h"
#include "sim/registry.h"
#include "warpsim/version.h"

namespace warpsim {

namespace fs = std::filesystem;

fs::path executable_dir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe.parent_path();
}

fs::path config_root() {
  if (const char* env = std::getenv("WARPSIM_CONFIG_DIR"); env != nullptr && *env != '\0') {
    if (!fs::is_directory(env)) {
      throw ConfigError(std::string("WARPSIM_CONFIG_DIR='") + env + "' is not a directory");
    }
    return env;
  }
  std::vector<fs::path> candidates;
  if (const fs::path dir = executable_dir(); !dir.empty()) {
    candidates.push_back(dir / "configs");
    candidates.push_back(dir.parent_path() / "configs");
    candidates.push_back(dir.parent_path() / "share" / "warpsim" / "configs");
  }
  candidates.push_back(fs::path(kSourceDir) / "configs");
  for (const fs::path& c : candidates) {
    if (fs::is_directory(c / "gpus")) return c;
  }
  throw ConfigError("cannot find the configs/ directory; set WARPSIM_CONFIG_DIR");
}

ConfigNode resolve_gpu_config(const ConfigRequest& request, const ConfigPaths& paths) {
  const ConfigNode raw = load_config(request, paths);
  return resolve_config(raw, gpu_schema(), PolicyRegistry::global());
}

ConfigNode resolve_gpu_config(const ConfigRequest& request) {
  return resolve_gpu_config(request, ConfigPaths::in(config_root()));
}

}  // namespace warpsim
