#pragma once

// `warpsim sweep run --backend slurm`: the runs not yet done as one Slurm job array, each task
// a `warpsim sweep worker` running its share of runs one after another into their folders
// (run_process.h). This process follows the job with squeue, stores each run as its run.json
// appears, and reports the runs whose task ended without one. Started again while its job is
// still queued or running, it follows that job instead of submitting another.

#include <filesystem>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "sweep/plan.h"
#include "sweep/results_db.h"
#include "sweep/triage.h"

namespace warpsim::sweep {

struct SlurmOptions {
  std::filesystem::path out;
  std::filesystem::path warpsim;
  bool retry_failed = false;
  unsigned runs_per_task = 1;
  double poll_s = 10;                    // between two looks at squeue and the folders
  std::vector<std::string> sbatch_args;  // the experiment's `slurm:` options, then the flags'
};

SweepTally run_slurm(const std::string& experiment_name, const std::vector<PlannedRun>& runs,
                     const SlurmOptions& options, ResultsDb& db, std::ostream& log);

// `warpsim sweep worker TASKS.json --task N`: runs task N's runs (slurm_runner writes the file).
void run_worker(const std::filesystem::path& tasks_file, std::size_t task);

}  // namespace warpsim::sweep
