// `warpsim probe`: the microbenchmark suite of seed 003 (src/probe) on the simulated GPU
// of a resolved config; prints the inferred memory hierarchy as a table, optionally as JSON.
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "app/app.h"
#include "app/commands.h"
#include "app/config_options.h"
#include "probe/probe_all.h"
#include "probe/report.h"
#include "probe/sim/l2_fit.h"
#include "probe/sim/sim_device.h"

namespace warpsim::app {

namespace {

struct ProbeCommand {
  ConfigOptions config;
  std::string json;
  std::string launch_stats;
  std::string only = "all";
  bool quiet = false;
};

// An output file named on the command line, opened before the probe runs so that a path that
// cannot be written fails at once; an empty path leaves the stream closed.
std::ofstream open_output(const std::string& path) {
  std::ofstream out;
  if (path.empty()) return out;
  out.open(path);
  if (!out) throw UsageError("cannot write " + path);
  return out;
}

void check_written(std::ofstream& out, const std::string& path) {
  if (out.is_open() && !out.flush()) throw UsageError("cannot write " + path);
}

void run_probe(const ProbeCommand& cmd) {
  probe::ProbeOptions options;
  try {
    options.only = probe::parse_parts(cmd.only);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--only: ") + e.what());
  }
  const ConfigNode resolved = cmd.config.resolve();
  std::ofstream json_out = open_output(cmd.json);
  std::ofstream launch_stats_out = open_output(cmd.launch_stats);
  probe::SimDevice device(resolved);
  if (launch_stats_out.is_open()) device.write_launch_stats(&launch_stats_out);
  if (!cmd.quiet) {
    options.on_part = [&device](const std::string& part, double seconds) {
      std::cerr << fmt::format("warpsim: probe: {} took {:.2f} s ({} launches, {} cycles so far)\n",
                               part, seconds, device.launches(), device.simulated_cycles());
    };
  }
  const probe::Hierarchy hierarchy = probe::probe(device, options);
  check_written(launch_stats_out, cmd.launch_stats);
  std::cout << probe::to_table(hierarchy);
  if (json_out.is_open()) {
    // The simulated GPU's resolved config beside what the probe inferred, so the two compare
    // without the presets at hand (tests/integration/check_probe.py).
    nlohmann::ordered_json doc = probe::to_json(hierarchy);
    doc["config"] = resolved.to_json();
    // The carve-out each microbenchmark kernel ran with: with a unified L1/shared array, the L1D
    // the probe saw is what the carve-out left.
    doc["shared_carveout"] = device.shared_carveouts();
    // What the configured L2 holds of a contiguous array at the address the probe's size search
    // chased: its capacity where slices and sets fill evenly, less where they do not.
    std::optional<L2Fit> fit;
    if (hierarchy.l2 && hierarchy.l2->array_address != 0) {
      fit = l2_fit(resolved, hierarchy.l2->array_address);
    }
    doc["l2_fit"] = fit ? nlohmann::ordered_json{{"array_address", hierarchy.l2->array_address},
                                                 {"capacity_bytes", fit->capacity_bytes},
                                                 {"array_bytes", fit->array_bytes}}
                        : nlohmann::ordered_json(nullptr);
    json_out << doc.dump(2) << "\n";
    check_written(json_out, cmd.json);
  }
}

}  // namespace

void add_probe_command(CLI::App& app) {
  CLI::App* sub =
      app.add_subcommand("probe", "run the memory-hierarchy microbenchmarks on a GPU preset");
  auto cmd = std::make_shared<ProbeCommand>();
  cmd->config.add_to(*sub);
  sub->add_option("--json", cmd->json, "also write the inferred hierarchy as JSON");
  sub->add_option("--launch-stats", cmd->launch_stats,
                  "also write each microbenchmark launch's stats as one JSON line (a stats.json "
                  "kernels entry with the launch's args)");
  sub->add_option("--only", cmd->only,
                  "comma-separated parts to run: l1d, texture, readonly, l2, tlb, global, shared, "
                  "bandwidth, or all")
      ->default_val("all");
  sub->add_flag("-q,--quiet", cmd->quiet, "no progress lines on stderr");
  sub->callback([cmd] { run_probe(*cmd); });
}

}  // namespace warpsim::app
