#pragma once

// Starting a CUDA program under warpsim's runtime library and collecting what it did.

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

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

// One line per kernel launch for stderr (the first `limit`, then a count of the rest), with its
// cycles and IPC in timing mode.
std::string kernel_summary(const nlohmann::ordered_json& stats, std::size_t limit);

}  // namespace warpsim::app
