#pragma once

// Starting the processes a sweep needs (`warpsim run`, sbatch, squeue) and waiting for them.

#include <sys/types.h>

#include <string>
#include <vector>

namespace warpsim::sweep {

// Starts argv[0] (a path, or a name found on $PATH) with its arguments, stdin from /dev/null and
// stdout and stderr into `output_fd`. Throws std::runtime_error if it cannot be started.
pid_t spawn(const std::vector<std::string>& argv, int output_fd);

// Waits for `pid` to end; its status as waitpid gives it. Throws std::runtime_error on failure.
int wait_for(pid_t pid);
// A wait status as an exit code: the process's own, or 128 + the signal that killed it.
int exit_code(int wait_status);

struct CommandResult {
  int exit_code = -1;  // 127: it could not be started
  std::string output;  // stdout and stderr together
};

// Runs argv[0] (found on $PATH) with its arguments and waits for it.
CommandResult run_command(const std::vector<std::string>& argv);

}  // namespace warpsim::sweep
