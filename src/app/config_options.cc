#include "app/config_options.h"

#include "app/paths.h"
#include "gpu/gpu_schema.h"
#include "sim/config_load.h"
#include "sim/registry.h"
#include "sim/schema.h"

namespace warpsim::app {

void ConfigOptions::add_to(CLI::App& command) {
  command.add_option("--gpu", gpu, "GPU preset name (configs/gpus/NAME.yaml) or a YAML file")
      ->capture_default_str();
  command.add_option("-c,--config", overlays,
                     "overlay name (configs/overlays/NAME.yaml) or YAML file, applied in order");
  command.add_option("--set", sets, "override one key, e.g. --set sm.count=4 (applied last)");
}

ConfigNode ConfigOptions::resolve() const {
  // WARPSIM_CONFIG_DIR may name a configs tree of any name (app/paths.h).
  const ConfigPaths paths = ConfigPaths::in(config_root());
  const ConfigNode raw = load_config(ConfigRequest{gpu, overlays, sets}, paths);
  return resolve_config(raw, gpu_schema(), PolicyRegistry::global());
}

}  // namespace warpsim::app
