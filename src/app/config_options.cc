#include "app/config_options.h"

namespace warpsim::app {

void ConfigOptions::add_to(CLI::App& command) {
  command.add_option("--gpu", gpu, "GPU preset name (configs/gpus/NAME.yaml) or a YAML file")
      ->capture_default_str();
  command.add_option("-c,--config", overlays,
                     "overlay name (configs/overlays/NAME.yaml) or YAML file, applied in order");
  command.add_option("--set", sets, "override one key, e.g. --set sm.count=4 (applied last)");
  command.add_option("--pass", pass,
                     "PTX pass run on every loaded module: a name (relssp) or a YAML map "
                     "({impl: relssp, placement: postdom}); the same as --set compiler.pass=SPEC");
}

ConfigNode ConfigOptions::resolve() const {
  std::vector<std::string> all = sets;
  if (!pass.empty()) all.push_back("compiler.pass=" + pass);
  return resolve_gpu_config(ConfigRequest{gpu, overlays, all});
}

}  // namespace warpsim::app
