#pragma once

// A report (report.h) as files: CSV tables, a Markdown page, and the data of its figures for
// scripts/sweep-figures, which draws them with matplotlib.

#include <string>

#include <nlohmann/json.hpp>

#include "sweep/report.h"

namespace warpsim::sweep {

// One row per run: index, each axis's level, status, then every metric and derived figure.
std::string runs_csv(const Report& report);
// One row per kernel of each run: index, each axis's level, kernel, then the per-kernel metrics.
std::string kernels_csv(const Report& report);
// One row per summary group: its axes' levels, the runs averaged, the geometric means.
std::string summary_csv(const Report& report);
// The summary and the runs as Markdown tables, under the experiment's name.
std::string markdown(const Experiment& experiment, const Report& report);

// One bar chart per derived figure, in the style of the seeds' figures: bars per level of the
// summary's first `over` axis (the benchmarks), then its geometric mean, one bar colour per
// non-baseline level of the baseline axes, one panel per combination of the other axes. An
// experiment without a summary charts every run of each figure on the first axis.
nlohmann::ordered_json figures(const Experiment& experiment, const Report& report);

}  // namespace warpsim::sweep
