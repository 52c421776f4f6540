// `warpsim config show`: the resolved config (preset, overlays, --set, defaults) as YAML.
// `warpsim config import`: a GPGPU-Sim configuration translated into a preset (src/import/).
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "app/app.h"
#include "app/commands.h"
#include "app/config_options.h"
#include "import/gpgpusim_import.h"
#include "import/gpgpusim_options.h"
#include "sim/config_node.h"

namespace warpsim::app {

namespace {

struct ImportCommand {
  import::ImportRequest request;
  std::string out;
};

// The preset must resolve like any other: a value the schema refuses is reported here, not
// when the preset is first used.
void check_resolves(const import::ImportResult& result, const std::string& out) {
  std::filesystem::path path = out;
  std::filesystem::path temporary;
  if (out.empty()) {
    temporary = std::filesystem::temp_directory_path() /
                fmt::format("warpsim-import-{}.yaml", static_cast<long>(::getpid()));
    std::ofstream file(temporary);
    file << result.yaml;
    if (!file) throw UsageError("cannot write " + temporary.string());
    path = temporary;
  }
  ConfigOptions config;
  config.gpu = path.string();
  try {
    (void)config.resolve();
  } catch (const ConfigError& e) {
    if (!temporary.empty()) std::filesystem::remove(temporary);
    throw UsageError(fmt::format("the imported preset does not resolve:\n{}", e.what()));
  }
  if (!temporary.empty()) std::filesystem::remove(temporary);
}

void run_import(const ImportCommand& cmd) {
  import::ImportResult result;
  try {
    result = import::import_gpgpusim(cmd.request);
  } catch (const import::ImportError& e) {
    throw UsageError(e.what());
  }
  if (!cmd.out.empty()) {
    std::ofstream file(cmd.out);
    file << result.yaml;
    if (!file) throw UsageError("cannot write " + cmd.out);
  }
  check_resolves(result, cmd.out);
  if (cmd.out.empty()) std::cout << result.yaml;
  std::cerr << fmt::format(
      "warpsim: config import: preset {}: {} options read, {} approximated, {} not translated "
      "(listed at the end of the preset)\n",
      result.name, result.options, result.approximations.size(), result.untranslated.size());
  for (const std::string& a : result.approximations) {
    std::cerr << "warpsim: config import: approximated: " << a << '\n';
  }
}

}  // namespace

void add_config_command(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("config", "inspect and import configurations");
  cmd->require_subcommand(1);
  auto opts = std::make_shared<ConfigOptions>();
  CLI::App* show = cmd->add_subcommand("show", "print the resolved config as YAML");
  opts->add_to(*show);
  show->callback([opts] { std::cout << opts->resolve().to_yaml() << '\n'; });

  auto import_cmd = std::make_shared<ImportCommand>();
  CLI::App* imp = cmd->add_subcommand(
      "import", "translate a GPGPU-Sim gpgpusim.config (and trace.config) into a GPU preset");
  imp->add_option("files", import_cmd->request.files,
                  "gpgpusim.config, then optionally Accel-Sim's trace.config (later options "
                  "replace earlier ones)")
      ->required()
      ->check(CLI::ExistingFile);
  imp->add_option("--name", import_cmd->request.name,
                  "the preset's name (default: the first file's folder, e.g. sm7_qv100)");
  imp->add_option("--inherits", import_cmd->request.inherits,
                  "a preset the new one inherits what the files do not give from");
  imp->add_option("-o,--out", import_cmd->out, "write the preset here instead of to stdout");
  imp->callback([import_cmd] { run_import(*import_cmd); });
}

}  // namespace warpsim::app
