#pragma once

// One run as a process: `warpsim run ARGS` writing into its folder (run_folder.h), started here
// and, once it has ended, recorded in the folder's run.json. Both backends run runs this way:
// the local one a few at a time, a Slurm task its share one after another.

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sweep/results_db.h"

namespace warpsim::sweep {

// What a process needs to run one run, and what its run.json will say it was.
struct RunJob {
  std::string key;
  std::string label;
  std::vector<std::string> args;  // after `warpsim run`, --out included
  nlohmann::ordered_json identity;
};

// Starts `warpsim run ARGS`, stdin from /dev/null, stdout and stderr into FOLDER/warpsim.log,
// after removing any run.json an earlier attempt left. Throws std::runtime_error if it cannot.
pid_t start_run(const std::filesystem::path& warpsim, const RunJob& job,
                const std::filesystem::path& folder);

// Records how the run ended (`wait_status` as waitpid gives it) in FOLDER/run.json: ok when it
// exited 0 and wrote stats.json, failed otherwise.
RunRecord finish_run(const RunJob& job, const std::filesystem::path& folder, int wait_status,
                     double wall_s);

// Runs one run to its end (start_run, wait, finish_run).
RunRecord run_to_end(const std::filesystem::path& warpsim, const RunJob& job,
                     const std::filesystem::path& folder);

}  // namespace warpsim::sweep
