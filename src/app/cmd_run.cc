// `warpsim run`: resolve the config, prepare the output directory, build the GPU and
// simulate a CUDA program, a built-in workload or a trace.
#include <malloc.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/app.h"
#include "app/commands.h"
#include "app/config_options.h"
#include "app/paths.h"
#include "app/program_check.h"
#include "app/program_run.h"
#include "app/run_summary.h"
#include "app/trace_run.h"
#include "app/workload_run.h"
#include "func/exec_error.h"
#include "gpu/builder.h"
#include "runtime/stats_document.h"

namespace warpsim::app {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kSummaryLines = 50;  // per-kernel lines on stderr; stats.json has all

struct RunOptions {
  ConfigOptions config;
  std::string write_trace;
  std::string write_trace_registers = "warpsim";
  std::string mode = "timing";
  std::string out = "warpsim-out";
  bool no_skip = false;
  bool progress = false;
  bool summary = false;
  std::string workload;
  std::string kernel_ptx;
  std::vector<std::string> block_divide;
  std::string trace;
  std::vector<std::string> program;
};

runtime::StatsMode stats_mode(const RunOptions& opts) {
  return opts.mode == "timing" ? runtime::StatsMode::kTiming : runtime::StatsMode::kFunctional;
}

void write_stats(const RunOptions& opts, const nlohmann::ordered_json& stats) {
  write_file(fs::path(opts.out) / "stats.json", stats.dump(1) + "\n");
  std::cerr << kernel_summary(stats, kSummaryLines);
  if (opts.summary) std::cout << run_summary(stats) << std::flush;
}

// `-- PROGRAM ARGS`: the program runs as it is, with warpsim's libcudart first on the loader
// path; the library reads the resolved config and the mode, simulates, and logs each kernel for
// stats.json.
void run_program_under_runtime(const RunOptions& opts, const ConfigNode& resolved) {
  const fs::path program = find_program(opts.program.front());
  check_program_linkage(program, inspect_program(program));
  const fs::path lib_dir = runtime_library_dir();
  const fs::path out = fs::absolute(opts.out);
  const fs::path log = out / "launches.jsonl";
  fs::remove(log);
  std::string library_path = lib_dir.string();
  if (const char* old = std::getenv("LD_LIBRARY_PATH"); old != nullptr && *old != '\0') {
    library_path += std::string(":") + old;
  }
  const std::vector<std::string> args(opts.program.begin() + 1, opts.program.end());
  std::vector<std::pair<std::string, std::string>> env = {
      {"LD_LIBRARY_PATH", library_path},
      {"WARPSIM_CONFIG", (out / "config.yaml").string()},
      {"WARPSIM_LAUNCH_LOG", log.string()},
      {"WARPSIM_MODE", opts.mode},
      {"WARPSIM_PROGRESS", opts.progress ? "1" : "0"},
      {"WARPSIM_WRITE_TRACE",
       opts.write_trace.empty() ? "" : fs::absolute(opts.write_trace).string()},
      {"WARPSIM_WRITE_TRACE_REGISTERS", opts.write_trace_registers}};
  const ProgramResult result = run_program(program, args, env);
  const runtime::RunSource source{"program",
                                  {{"argv", opts.program}, {"exit_code", result.exit_code}},
                                  result.wall_s,
                                  result.peak_rss_mb};
  nlohmann::ordered_json stats;
  try {
    stats =
        runtime::stats_document(stats_mode(opts), resolved, source, runtime::read_launch_log(log));
  } catch (const runtime::LaunchLogError& e) {
    throw UsageError(e.what());
  }
  write_stats(opts, stats);
  if (!opts.write_trace.empty()) {
    std::cerr << fmt::format("warpsim: wrote {} kernel trace(s) to {}\n", stats["kernels"].size(),
                             opts.write_trace);
  }
  if (result.signal != 0) {
    std::cerr << "warpsim: the program was killed by signal " << result.signal << " ("
              << strsignal(result.signal) << ")\n";
  }
  throw ProgramExit{result.exit_code};
}

// `--workload NAME[:SIZE]`: runs in this process. A failed reference check still writes the
// stats of what ran, then exits with status 1: the simulator computed wrong results.
void run_builtin_workload(const RunOptions& opts, const ConfigNode& resolved,
                          std::map<std::string, func::Dim3> block_divide) {
  WorkloadRunOptions options;
  options.spec = opts.workload;
  options.timing = opts.mode == "timing";
  options.progress = opts.progress;
  options.write_trace = opts.write_trace;
  options.write_trace_registers = opts.write_trace_registers;
  options.kernel_ptx = opts.kernel_ptx;
  options.block_divide = std::move(block_divide);
  try {
    write_stats(opts, run_workload(options, resolved));
  } catch (const WorkloadCheckFailed& e) {
    write_stats(opts, e.stats);
    std::cerr << "warpsim: " << e.message << "\n";
    throw ProgramExit{kExitSimulationFailed};
  } catch (const func::ExecError& e) {
    std::cerr << "warpsim: simulation failed: workload " << opts.workload << ": " << e.what()
              << "\n";
    throw ProgramExit{kExitSimulationFailed};
  }
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
  if (opts.workload.empty() && (!opts.kernel_ptx.empty() || !opts.block_divide.empty())) {
    throw UsageError("--kernel-ptx and --block-divide change a built-in workload: use --workload");
  }
  std::map<std::string, func::Dim3> divisors;  // a bad or repeated one fails before the run
  for (const std::string& value : opts.block_divide) {
    auto [kernel, divisor] = parse_block_divide(value);
    if (!divisors.emplace(kernel, divisor).second) {
      throw UsageError(fmt::format("--block-divide '{}': kernel {} is given twice", value, kernel));
    }
  }
  if (!opts.write_trace.empty()) {
    if (opts.mode != "functional") {
      throw UsageError("--write-trace records a functional run: use --mode functional");
    }
    if (!opts.trace.empty()) throw UsageError("--write-trace cannot rewrite a trace");
    write_trace_registers(opts.write_trace_registers);  // a bad name fails before the run
  }
  ConfigOptions config = opts.config;
  if (opts.no_skip) config.sets.push_back("sim.skip_idle=false");
  const ConfigNode resolved = config.resolve();

  std::error_code ec;
  std::filesystem::create_directories(opts.out, ec);
  if (ec) throw UsageError("cannot create output directory '" + opts.out + "': " + ec.message());
  write_file(std::filesystem::path(opts.out) / "config.yaml", resolved.to_yaml());

  // Building the GPU checks what validation against the schema cannot (links, policies) before
  // anything runs, and gives the stat tree that stats-schema.json describes: the builder
  // registers every stat
  // (HierarchyDeterminism.TheSchemaOfAFreshGpuIsTheSchemaAfterABusyRun). A program's runtime
  // library builds its own GPU, so this one is released first: the program is forked from this
  // process.
  {
    const BuiltGpu gpu = build_gpu(resolved);
    const fs::path schema = fs::path(opts.out) / "stats-schema.json";
    if (opts.mode == "timing") {
      write_file(schema, gpu.sim->stats().schema_by_kind().dump(1) + "\n");
    } else {
      fs::remove(schema);  // functional mode has no stat tree; a timing run's file is stale
    }
  }
  // The memory the GPU held goes back to the system: a forked program starts with this
  // process's resident pages, and its peak resident set (stats.json's sim.peak_rss_mb) counts them.
  ::malloc_trim(0);
  if (!opts.program.empty()) run_program_under_runtime(opts, resolved);
  if (!opts.workload.empty()) return run_builtin_workload(opts, resolved, std::move(divisors));
  if (opts.mode != "timing") {
    throw UsageError("--trace replays a trace on the timing model: use --mode timing");
  }
  write_stats(opts, run_trace(TraceRunOptions{opts.trace, opts.progress}, resolved));
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
  cmd->add_flag("--progress", opts->progress,
                "timing mode: a progress line on stderr every gpu.progress_cycles cycles");
  cmd->add_flag("--summary", opts->summary,
                "after the run, print a readable summary on stdout (cycles, IPC, hit rates, DRAM "
                "bandwidth, top stall reasons)");
  cmd->add_option("--workload", opts->workload,
                  "built-in workload NAME[:SIZE] (SIZE tiny, small or paper; default small; "
                  "see warpsim list workloads)");
  cmd->add_option("--kernel-ptx", opts->kernel_ptx,
                  "with --workload: run the workload's driver on the kernels of this PTX file "
                  "instead of the embedded PTX (a transformed version of its kernels)");
  cmd->add_option("--block-divide", opts->block_divide,
                  "with --workload: KERNEL=X[,Y[,Z]] launches KERNEL with the driver's block "
                  "divided by X, Y, Z (missing ones 1), the grid unchanged; repeatable");
  cmd->add_option("--trace", opts->trace, "Accel-Sim kernelslist file");
  cmd->add_option("--write-trace", opts->write_trace,
                  "functional mode: also write the run as an Accel-Sim trace into this folder");
  cmd->add_option("--write-trace-registers", opts->write_trace_registers,
                  "register lists of written traces: warpsim (every register; the default) or "
                  "accelsim (at most 1 destination and 4 sources per line, as Accel-Sim reads)");
  cmd->add_option("program", opts->program, "-- PROGRAM [ARGS...]: a CUDA program to run");
  cmd->callback([opts] { run(*opts); });
}

}  // namespace warpsim::app
