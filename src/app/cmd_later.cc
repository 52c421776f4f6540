// Subcommands of the CLI contract whose machinery later issues build. They parse their
// arguments, so scripts can be written against them now, and then say what is missing.
#include <memory>
#include <string>

#include "app/app.h"
#include "app/commands.h"
#include "app/config_options.h"

namespace warpsim::app {

void add_probe_command(CLI::App& app) {
  CLI::App* cmd =
      app.add_subcommand("probe", "run the memory-hierarchy microbenchmarks on a GPU preset");
  auto opts = std::make_shared<ConfigOptions>();
  auto json = std::make_shared<std::string>();
  opts->add_to(*cmd);
  cmd->add_option("--json", *json, "also write the inferred hierarchy as JSON");
  cmd->callback([opts, json] {
    opts->resolve();
    throw NotImplemented("the microbenchmark suite arrives with issue F7");
  });
}

}  // namespace warpsim::app
