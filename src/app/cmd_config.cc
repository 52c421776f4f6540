// `warpsim config show`: the resolved config (preset, overlays, --set, defaults) as YAML.
#include <iostream>
#include <memory>

#include "app/commands.h"
#include "app/config_options.h"

namespace warpsim::app {

void add_config_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("config", "inspect configurations");
  cmd->require_subcommand(1);
  auto opts = std::make_shared<ConfigOptions>();
  CLI::App* show = cmd->add_subcommand("show", "print the resolved config as YAML");
  opts->add_to(*show);
  show->callback([opts] { std::cout << opts->resolve().to_yaml() << '\n'; });
}

}  // namespace warpsim::app
