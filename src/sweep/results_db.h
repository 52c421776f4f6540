#pragma once

// The results of one experiment in SQLite (docs/experiments.md, "The database"): the runs it
// plans, each finished run and every number of its stats.json, keyed by the run's identity so
// that a run shared by two plans (or two versions of one file) is stored once.

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sweep/database.h"
#include "sweep/plan.h"

namespace warpsim::sweep {

// How a run ended, as its folder's run.json records it.
struct RunRecord {
  std::string key;
  std::string status;  // "ok" or "failed"
  int exit_code = 0;
  double wall_s = 0;
  std::string warpsim_git;  // the build that ran it
  nlohmann::ordered_json identity;
};

class ResultsDb {
 public:
  explicit ResultsDb(const std::filesystem::path& file);

  // Replaces the plan (tables `points` and `levels`) with `runs`.
  void record_plan(const Experiment& experiment, const std::vector<PlannedRun>& runs);
  // Stores a finished run (replacing an earlier record of the same key) and, when it has one,
  // every number of its stats.json.
  void record_run(const RunRecord& run, const nlohmann::json* stats);
  // The status of every run stored, by key.
  std::map<std::string, std::string> statuses();

  Database& db() { return db_; }

 private:
  Database db_;
};

// Every number of a stats.json section as (path, value): "l1d.misses", "sm.issued[3]".
// Booleans count as 0 and 1; strings and nulls are left out.
std::vector<std::pair<std::string, double>> flatten(const nlohmann::json& section);

}  // namespace warpsim::sweep
