// Subcommands of the CLI contract whose machinery later issues build. They parse their
// arguments, so scripts can be written against them now, and then say what is missing.
#include <memory>
#include <string>
#include <vector>

#include "app/app.h"
#include "app/commands.h"
#include "app/config_options.h"

namespace warpsim::app {

void add_ptx_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("ptx", "parse, check and print PTX");
  cmd->require_subcommand(1);
  auto files = std::make_shared<std::vector<std::string>>();
  CLI::App* check = cmd->add_subcommand("check", "parse and verify PTX files");
  check->add_option("files", *files, "PTX files")->required()->check(CLI::ExistingFile);
  check->callback([files] { throw NotImplemented("the PTX front end arrives with issue F2"); });
  auto file = std::make_shared<std::string>();
  CLI::App* print = cmd->add_subcommand("print", "print a PTX file in canonical form");
  print->add_option("file", *file, "PTX file")->required()->check(CLI::ExistingFile);
  print->callback([file] { throw NotImplemented("the PTX front end arrives with issue F2"); });
}

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
