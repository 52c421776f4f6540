#include "app/config_options.h"

namespace warpsim::app {

void ConfigOptions::add_to(CLI::App& command) {
  command.add_option("--gpu", gpu, "GPU preset name (configs/gpus/NAME.yaml) or a YAML file")
      ->capture_default_str();
  command.add_option("-c,--config", overlays,
                     "overlay name (configs/overlays/NAME.yaml) or YAML file, applied in order");
  command.add_option("--set", sets, "override one key, e.g. --set sm.count=4 (applied last)");
}

ConfigNode ConfigOptions::resolve() const {
  return resolve_gpu_config(ConfigRequest{gpu, overlays, sets});
}

}  // namespace warpsim::app
