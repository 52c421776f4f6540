#pragma once

// Starting a CUDA program under warpsim's runtime library and collecting what it did.

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/config_node.h"

namespace warpsim::app {

struct ProgramResult {
  int exit_code = 0;  // the program's exit status, or 128 + the signal that killed it
  int signal = 0;     // 0 when it exited normally
  double wall_s = 0;
  double peak_rss_mb = 0;  // the program's (and so the simulator's) peak resident set
};

// The program's path: as given when it contains a '/', else found on $PATH. Throws UsageError
// when there is no such executable file.
std::filesystem::path find_program(const std::string& name);

// Runs argv[0] = `program` with `args`, its environment extended by `env` (each replaces any
// existing value), and waits for it. Its stdin/stdout/stderr are ours, untouched.
ProgramResult run_program(const std::filesystem::path& program,
                          const std::vector<std::string>& args,
                          const std::vector<std::pair<std::string, std::string>>& env);

// What a run simulated, for stats.json: under `key` ("program": {"argv", "exit_code"}, or
// "workload": {"name", "size", ...}) its description, and what the simulation cost.
struct RunSource {
  std::string key;
  nlohmann::ordered_json description;
  double wall_s = 0;
  double peak_rss_mb = 0;
};

// The records of a launch log (runtime/launch_records.h), one JSON object per line.
std::vector<nlohmann::ordered_json> read_launch_log(const std::filesystem::path& launch_log);

// stats.json for a functional-mode run, from its launch records. Cycles and IPC are null:
// functional mode does not model time.
nlohmann::ordered_json functional_stats(const ConfigNode& resolved, const RunSource& source,
                                        const std::vector<nlohmann::ordered_json>& records);
// stats.json for a timing-mode run: each kernel's cycles, IPC and the timing model's figures,
// in launch order; `total.cycles` counts the cycles during which any kernel ran (docs/stats.md).
nlohmann::ordered_json timing_stats(const ConfigNode& resolved, const RunSource& source,
                                    const std::vector<nlohmann::ordered_json>& records);

// The same for a program: its argv and result, and the launch log its runtime library wrote.
nlohmann::ordered_json functional_stats(const ConfigNode& resolved,
                                        const std::vector<std::string>& argv,
                                        const std::filesystem::path& launch_log,
                                        const ProgramResult& result);
nlohmann::ordered_json timing_stats(const ConfigNode& resolved,
                                    const std::vector<std::string>& argv,
                                    const std::filesystem::path& launch_log,
                                    const ProgramResult& result);

// One line per kernel launch for stderr (the first `limit`, then a count of the rest), with its
// cycles and IPC in timing mode.
std::string kernel_summary(const nlohmann::ordered_json& stats, std::size_t limit);

}  // namespace warpsim::app
