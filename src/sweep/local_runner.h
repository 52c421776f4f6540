#pragma once

// `warpsim sweep run` on this machine: each planned run not yet done, a few at a time, each a
// `warpsim run` process writing into its folder (run_process.h), each finished run stored in the
// experiment's database as it ends.

#include <filesystem>
#include <ostream>

#include "sweep/plan.h"
#include "sweep/results_db.h"
#include "sweep/triage.h"

namespace warpsim::sweep {

struct LocalOptions {
  std::filesystem::path out;      // the experiment's output folder
  std::filesystem::path warpsim;  // the binary each run executes
  unsigned jobs = 1;              // runs at a time
  bool retry_failed = false;      // run again the runs that failed before
};

// Runs what is not done yet and stores every finished run. Writes one line per run as it ends
// to `log`, with the counts so far and the time left at the rate so far.
SweepTally run_local(const std::vector<PlannedRun>& runs, const LocalOptions& options,
                     ResultsDb& db, std::ostream& log);

}  // namespace warpsim::sweep
