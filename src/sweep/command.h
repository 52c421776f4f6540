#pragma once

// Running a helper command (sbatch, squeue) and reading what it printed.

#include <string>
#include <vector>

namespace warpsim::sweep {

struct CommandResult {
  int exit_code = -1;  // 127: it could not be started
  std::string output;  // stdout and stderr together
};

// Runs argv[0] (found on $PATH) with its arguments, stdin from /dev/null, and waits for it.
CommandResult run_command(const std::vector<std::string>& argv);

}  // namespace warpsim::sweep
