#pragma once

// Before a sweep runs anything: which planned runs are done (their folder says so), which
// failed before, and which are still to run. What the folders hold and the database lacks is
// stored on the way.

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "sweep/plan.h"
#include "sweep/results_db.h"
#include "sweep/run_process.h"

namespace warpsim::sweep {

struct SweepTally {
  std::size_t runs = 0;             // distinct runs planned (points with one identity run once)
  std::size_t reused = 0;           // done before (their folder says so)
  std::size_t ran = 0;              // run now, successfully
  std::vector<std::string> failed;  // labels of the runs that failed, now or before
};

struct Triage {
  SweepTally tally;
  std::size_t failed_before = 0;
  std::vector<const PlannedRun*> pending;  // to run, in plan order
};

// `retry_failed`: a run that failed before is to run again instead of being counted failed.
Triage triage(const std::vector<PlannedRun>& runs, const std::filesystem::path& out,
              bool retry_failed, ResultsDb& db);
// "sweep: N runs: A done before, B failed before, C to run".
std::string triage_line(const Triage& triage, bool retry_failed);

// The job of running `run` into its folder under `out`.
RunJob job_for(const PlannedRun& run, const std::filesystem::path& out);

// Stores a run that has ended (its run.json written) and counts it in `tally`. Returns the line
// that reports it (without counts).
std::string record_ended(const PlannedRun& run, const RunRecord& record,
                         const std::filesystem::path& folder, ResultsDb& db, SweepTally& tally);

}  // namespace warpsim::sweep
