// `warpsim run`: resolve the config, prepare the output directory, build the GPU and
// simulate a CUDA program, a built-in workload or a trace.
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "app/app.h"
#include "app/commands.h"
#include "app/config_options.h"
#include "gpu/builder.h"

namespace warpsim::app {

namespace {

struct RunOptions {
  ConfigOptions config;
  std::string mode = "timing";
  std::string out = "warpsim-out";
  bool no_skip = false;
  bool progress = false;
  std::string workload;
  std::string trace;
  std::vector<std::string> program;
};

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out) throw UsageError("cannot write " + path.string());
}

// Which issue brings the missing piece; named so the message says exactly what is absent.
std::string missing_piece(const RunOptions& opts) {
  if (!opts.program.empty()) {
    return "running CUDA programs needs the PTX front end, functional model and CUDA runtime "
           "replacement (issues F2-F4)";
  }
  if (!opts.trace.empty()) return "reading Accel-Sim traces (issue F10)";
  return "built-in workloads (issue F8)";
}

void run(const RunOptions& opts) {
  const int inputs = static_cast<int>(!opts.program.empty()) +
                     static_cast<int>(!opts.workload.empty()) +
                     static_cast<int>(!opts.trace.empty());
  if (inputs != 1) {
    throw UsageError(
        "warpsim run needs exactly one of: -- PROGRAM [ARGS...], --workload NAME[:SIZE], "
        "--trace KERNELSLIST");
  }
  ConfigOptions config = opts.config;
  if (opts.no_skip) config.sets.push_back("sim.skip_idle=false");
  const ConfigNode resolved = config.resolve();

  std::error_code ec;
  std::filesystem::create_directories(opts.out, ec);
  if (ec) throw UsageError("cannot create output directory '" + opts.out + "': " + ec.message());
  write_file(std::filesystem::path(opts.out) / "config.yaml", resolved.to_yaml());

  const BuiltGpu gpu = build_gpu(resolved);
  if (opts.mode == "functional") {
    throw NotImplemented("functional mode needs the functional model (issue F3)");
  }
  throw NotImplemented(
      "the resolved config is in " + opts.out +
      "/config.yaml, but there is nothing to simulate yet: " + missing_piece(opts));
}

}  // namespace

void add_run_command(CLI::App& app) {
  auto opts = std::make_shared<RunOptions>();
  CLI::App* cmd = app.add_subcommand("run", "simulate a CUDA program, workload or trace");
  opts->config.add_to(*cmd);
  cmd->add_option("--mode", opts->mode, "timing (cycle-level) or functional (results only)")
      ->check(CLI::IsMember({"timing", "functional"}))
      ->capture_default_str();
  cmd->add_option("--out", opts->out, "output directory for stats.json and config.yaml")
      ->capture_default_str();
  cmd->add_flag("--no-skip", opts->no_skip,
                "tick every component every cycle (slow; results are identical)");
  cmd->add_flag("--progress", opts->progress, "print a progress line during long runs");
  cmd->add_option("--workload", opts->workload, "built-in workload NAME[:SIZE]");
  cmd->add_option("--trace", opts->trace, "Accel-Sim kernelslist file");
  cmd->add_option("program", opts->program, "-- PROGRAM [ARGS...]: a CUDA program to run");
  cmd->callback([opts] { run(*opts); });
}

}  // namespace warpsim::app
