#include "app/app.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "app/commands.h"
#include "sim/config_node.h"
#include "sim/engine.h"
#include "warpsim/version.h"

namespace warpsim::app {

namespace {

int report(const char* kind, const std::string& message, int code) {
  std::cerr << "warpsim: " << kind << ": " << message;
  if (message.empty() || message.back() != '\n') std::cerr << '\n';
  return code;
}

}  // namespace

int run_main(int argc, char** argv) {
  CLI::App app{"warpsim: a cycle-level GPU simulator for memory-hierarchy research"};
  app.set_version_flag("--version", fmt::format("warpsim {} ({})", kVersion, kGitRevision));
  app.require_subcommand(1);
  app.fallthrough(false);
  add_run_command(app);
  add_list_command(app);
  add_config_command(app);
  add_ptx_command(app);
  add_probe_command(app);
  add_sweep_command(app);
  add_place_command(app);
  try {
    app.parse(argc, argv);
  } catch (const ProgramExit& e) {
    return e.code;
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? kExitOk : kExitBadInput;
  } catch (const ConfigError& e) {
    return report("config error", e.what(), kExitBadInput);
  } catch (const UsageError& e) {
    return report("error", e.what(), kExitBadInput);
  } catch (const DeadlockError& e) {
    return report("simulation failed", e.what(), kExitSimulationFailed);
  } catch (const std::exception& e) {
    return report("internal error", e.what(), kExitSimulationFailed);
  }
  return kExitOk;
}

std::string read_file(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw UsageError("'" + path.string() + "' is a directory");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError("cannot read '" + path.string() + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out) throw UsageError("cannot write " + path.string());
}

}  // namespace warpsim::app
