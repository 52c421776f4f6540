#pragma once

// What `warpsim sweep report` and `sweep export` show: each run's metrics and derived figures,
// each kernel's per-kernel metrics, and the summary's geometric means, from the experiment's
// database (results_db.h) and its current plan.

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sweep/plan.h"
#include "sweep/results_db.h"

namespace warpsim::sweep {

using Values = std::map<std::string, std::optional<double>>;  // by metric or figure name

struct ReportRow {
  std::size_t index = 0;
  std::vector<std::string> levels;  // one per axis
  std::string status;               // ok, failed, or "not run"
  Values values;                    // total metrics, then derived figures (nullopt: unknown)
};

struct KernelRow {
  std::size_t index = 0;    // the run's
  std::int64_t kernel = 0;  // its launch number
  std::string name;         // the kernel's name (empty in results stored before names were)
  Values values;            // per-kernel metrics
};

// One row per combination of the levels of the axes not in `summary.over` (and of the groups of
// a grouped axis that is).
struct SummaryRow {
  std::vector<std::string> levels;  // of Report::summary_axes
  std::size_t runs = 0;             // runs averaged (those with every figure known)
  Values values;                    // by column: FIGURE_gmean, FIGURE_mean
};

struct Report {
  std::vector<std::string> axes;
  std::vector<std::string> columns;         // total metrics and derived figures, in file order
  std::vector<std::string> kernel_columns;  // per-kernel metrics
  std::vector<ReportRow> rows;
  std::vector<KernelRow> kernel_rows;
  std::vector<std::string> summary_axes;     // the axes (or their groups) of each summary row
  std::vector<std::string> summary_columns;  // FIGURE_gmean..., then FIGURE_mean...
  std::vector<SummaryRow> summary;
};

Report build_report(const Experiment& experiment, const std::vector<PlannedRun>& runs,
                    ResultsDb& db);

// exp(mean(log v)) of positive values; nullopt when there are none or any is not positive.
std::optional<double> geometric_mean(const std::vector<double>& values);

}  // namespace warpsim::sweep
