#include "sweep/triage.h"

#include <set>

#include <fmt/format.h>

#include "sweep/run_folder.h"

namespace warpsim::sweep {

namespace fs = std::filesystem;

Triage triage(const std::vector<PlannedRun>& runs, const fs::path& out, bool retry_failed,
              ResultsDb& db) {
  Triage t;
  const std::map<std::string, std::string> stored = db.statuses();
  std::set<std::string> seen;
  for (const PlannedRun& run : runs) {
    if (!seen.insert(run.identity.key).second) continue;
    const fs::path folder = run_folder(out, run.identity.key);
    const std::optional<RunRecord> record = read_run_record(folder);
    const bool failed = record && record->status != "ok";
    t.failed_before += failed ? 1 : 0;
    if (!record || (failed && retry_failed)) {
      t.pending.push_back(&run);
      continue;
    }
    const auto it = stored.find(run.identity.key);
    if (it == stored.end() || it->second != record->status) {
      const std::optional<nlohmann::json> stats = read_stats(folder);
      db.record_run(*record, failed || !stats ? nullptr : &*stats);
    }
    if (failed) {
      t.tally.failed.push_back(run.label);
    } else {
      ++t.tally.reused;
    }
  }
  t.tally.runs = seen.size();
  return t;
}

std::string triage_line(const Triage& t, bool retry_failed) {
  return fmt::format("sweep: {} runs: {} done before, {} failed before{}, {} to run", t.tally.runs,
                     t.tally.reused, t.failed_before,
                     t.failed_before != 0 && retry_failed ? " (to run again)" : "",
                     t.pending.size());
}

RunJob job_for(const PlannedRun& run, const fs::path& out) {
  const fs::path folder = run_folder(out, run.identity.key);
  return RunJob{run.identity.key, run.label, run_arguments(run.point, folder.string()),
                run.identity.what};
}

std::string record_ended(const PlannedRun& run, const RunRecord& record, const fs::path& folder,
                         ResultsDb& db, SweepTally& tally) {
  const std::optional<nlohmann::json> stats = read_stats(folder);
  const bool ok = record.status == "ok" && stats;
  db.record_run(record, ok ? &*stats : nullptr);
  if (ok) {
    ++tally.ran;
    return fmt::format("ok {} ({:.1f} s)", run.label, record.wall_s);
  }
  tally.failed.push_back(run.label);
  return fmt::format("FAILED (exit {}; {}) {} ({:.1f} s)", record.exit_code,
                     (folder / "warpsim.log").string(), run.label, record.wall_s);
}

}  // namespace warpsim::sweep
