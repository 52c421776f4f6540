#pragma once

// stats.json (docs/stats.md), built in one place: from the launch records of
// runtime/launch_records.h, whoever ran the kernels. A built-in workload or a trace hands its
// records over in this process; a CUDA program's runtime library writes them to the launch log
// (launch_log.cc), which `warpsim run` reads back once the program has exited.

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/config_node.h"

namespace warpsim::runtime {

// What a run simulated: under `key` ("program": {"argv", "exit_code"}, "workload": {"name",
// "size", ...} or "trace": {...}) its description, and what the simulation cost.
struct RunSource {
  std::string key;
  nlohmann::ordered_json description;
  double wall_s = 0;
  double peak_rss_mb = 0;
};

enum class StatsMode { kFunctional, kTiming };

// The document. Functional mode: each launch's instructions; cycles and IPC are null, as
// functional mode does not model time. Timing mode: each kernel's cycles, IPC and the timing
// model's figures (its stat tree's window), in launch order, and `total` with the cycles during
// which any kernel ran plus the whole run's figures (a {"run": {...}} record). Rates with a zero
// denominator are 0.
nlohmann::ordered_json stats_document(StatsMode mode, const ConfigNode& resolved,
                                      const RunSource& source,
                                      const std::vector<nlohmann::ordered_json>& records);

// A launch log's records, one JSON object per line. A line that is not JSON throws
// LaunchLogError naming the file and line.
struct LaunchLogError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
std::vector<nlohmann::ordered_json> read_launch_log(const std::filesystem::path& log);

}  // namespace warpsim::runtime
