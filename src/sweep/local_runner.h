#pragma once

// `warpsim sweep run` on this machine: each planned run not yet done, a few at a time, each a
// `warpsim run` process writing into its folder (run_folder.h), each finished run stored in the
// experiment's database as it ends.

#include <cstddef>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "sweep/plan.h"
#include "sweep/results_db.h"

namespace warpsim::sweep {

struct LocalOptions {
  std::filesystem::path out;      // the experiment's output folder
  std::filesystem::path warpsim;  // the binary each run executes
  unsigned jobs = 1;              // runs at a time
  bool retry_failed = false;      // run again the runs that failed before
};

struct SweepTally {
  std::size_t runs = 0;             // distinct runs planned (points with one identity run once)
  std::size_t reused = 0;           // done before (their folder says so)
  std::size_t ran = 0;              // run now, successfully
  std::vector<std::string> failed;  // labels of the runs that failed, now or before
};

// Runs what is not done yet and stores every finished run. Writes one line per run as it ends
// to `log`, with the counts so far and the time left at the rate so far.
SweepTally run_local(const std::vector<PlannedRun>& runs, const LocalOptions& options,
                     ResultsDb& db, std::ostream& log);

}  // namespace warpsim::sweep
