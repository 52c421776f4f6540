#include "sweep/report.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace warpsim::sweep {

namespace {

using Figures = std::map<std::pair<std::int64_t, std::string>, double>;  // (kernel, path)

// Every stored figure of one run: (kernel, path) -> value.
Figures load(ResultsDb& db, const std::string& key) {
  Figures out;
  db.db().query("SELECT kernel, path, value FROM stats WHERE key = ?", {key},
                [&](const std::vector<SqlValue>& row) {
                  out[{std::get<std::int64_t>(row[0]), std::get<std::string>(row[1])}] =
                      std::get<double>(row[2]);
                });
  return out;
}

// The names of one run's kernels by launch number.
std::map<std::int64_t, std::string> kernel_names(ResultsDb& db, const std::string& key) {
  std::map<std::int64_t, std::string> out;
  db.db().query("SELECT kernel, name FROM kernel_names WHERE key = ?", {key},
                [&](const std::vector<SqlValue>& row) {
                  out[std::get<std::int64_t>(row[0])] = std::get<std::string>(row[1]);
                });
  return out;
}

// A metric's value for `kernel` (-1: the whole run): the sum of its terms; nullopt when the run
// lacks one of them.
std::optional<double> sum_of(const Figures& figures, std::int64_t kernel, const Metric& m) {
  double sum = 0;
  for (const std::string& term : m.terms) {
    const auto it = figures.find({kernel, term});
    if (it == figures.end()) return std::nullopt;
    sum += it->second;
  }
  return sum;
}

std::optional<double> ratio(std::optional<double> top, std::optional<double> bottom) {
  if (!top || !bottom || *bottom == 0) return std::nullopt;
  return *top / *bottom;
}

void add_derived(const Experiment& e, const std::vector<PlannedRun>& runs, Report& report) {
  for (std::size_t i = 0; i < report.rows.size(); ++i) {
    ReportRow& row = report.rows[i];
    const std::optional<std::size_t> base = baseline_of(e, runs[i].point);
    for (const Derived& d : e.derived) {
      const std::optional<double> own = row.values[d.metric];
      const std::optional<double> theirs =
          base ? report.rows[*base].values[d.metric] : std::nullopt;
      row.values[d.name] =
          d.kind == Derived::Kind::kNormalized ? ratio(own, theirs) : ratio(theirs, own);
    }
  }
}

std::optional<double> arithmetic_mean(const std::vector<double>& values) {
  if (values.empty()) return std::nullopt;
  double sum = 0;
  for (double v : values) sum += v;
  return sum / static_cast<double>(values.size());
}

bool grouped(const Axis& axis) {
  return std::any_of(axis.levels.begin(), axis.levels.end(),
                     [](const Level& l) { return !l.group.empty(); });
}

// A summary row's levels: its level on each axis not averaged over, and its group on each
// grouped axis that is.
std::vector<std::string> summary_key(const Experiment& e, const ReportRow& row,
                                     const std::vector<bool>& over) {
  std::vector<std::string> key;
  for (std::size_t a = 0; a < e.axes.size(); ++a) {
    if (!over[a]) {
      key.push_back(row.levels[a]);
    } else if (grouped(e.axes[a])) {
      key.push_back(e.axes[a].levels[*e.axes[a].find(row.levels[a])].group);
    }
  }
  return key;
}

void add_summary(const Experiment& e, Report& report) {
  if (!e.summary) return;
  std::vector<bool> over(e.axes.size());
  for (std::size_t a = 0; a < e.axes.size(); ++a) {
    over[a] = std::find(e.summary->over.begin(), e.summary->over.end(), e.axes[a].name) !=
              e.summary->over.end();
    if (!over[a] || grouped(e.axes[a])) report.summary_axes.push_back(e.axes[a].name);
  }
  std::vector<std::pair<std::string, std::string>> figures;  // (column, figure)
  for (const std::string& f : e.summary->gmean) figures.emplace_back(f + "_gmean", f);
  for (const std::string& f : e.summary->mean) figures.emplace_back(f + "_mean", f);
  for (const auto& [column, figure] : figures) report.summary_columns.push_back(column);
  std::map<std::vector<std::string>, std::vector<const ReportRow*>> groups;
  std::vector<std::vector<std::string>> order;
  for (const ReportRow& row : report.rows) {
    const std::vector<std::string> key = summary_key(e, row, over);
    if (!groups.contains(key)) order.push_back(key);
    groups[key].push_back(&row);
  }
  for (const std::vector<std::string>& key : order) {
    SummaryRow summary{key, 0, {}};
    std::map<std::string, std::vector<double>> samples;
    for (const ReportRow* row : groups[key]) {
      const bool complete = std::all_of(figures.begin(), figures.end(), [&](const auto& f) {
        return row->values.at(f.second).has_value();
      });
      if (!complete) continue;
      ++summary.runs;
      for (const auto& [column, figure] : figures)
        samples[figure].push_back(*row->values.at(figure));
    }
    for (const auto& [column, figure] : figures) {
      summary.values[column] = column.ends_with("_gmean") ? geometric_mean(samples[figure])
                                                          : arithmetic_mean(samples[figure]);
    }
    report.summary.push_back(std::move(summary));
  }
}

}  // namespace

std::optional<double> geometric_mean(const std::vector<double>& values) {
  if (values.empty()) return std::nullopt;
  double logs = 0;
  for (double v : values) {
    if (!(v > 0)) return std::nullopt;
    logs += std::log(v);
  }
  return std::exp(logs / static_cast<double>(values.size()));
}

Report build_report(const Experiment& e, const std::vector<PlannedRun>& runs, ResultsDb& db) {
  Report report;
  for (const Axis& axis : e.axes) report.axes.push_back(axis.name);
  for (const Metric& m : e.metrics)
    (m.per_kernel ? report.kernel_columns : report.columns).push_back(m.name);
  for (const Derived& d : e.derived) report.columns.push_back(d.name);
  const std::map<std::string, std::string> statuses = db.statuses();
  for (const PlannedRun& run : runs) {
    ReportRow row;
    row.index = run.point.index;
    for (std::size_t a = 0; a < e.axes.size(); ++a) {
      row.levels.push_back(e.axes[a].levels[run.point.levels[a]].name);
    }
    const auto status = statuses.find(run.identity.key);
    row.status = status == statuses.end() ? "not run" : status->second;
    const auto figures = load(db, run.identity.key);
    std::map<std::int64_t, Values> kernels;
    for (const Metric& m : e.metrics) {
      if (!m.per_kernel) {
        row.values[m.name] = sum_of(figures, -1, m);
        continue;
      }
      std::set<std::int64_t> launches;
      for (const auto& [where, value] : figures) {
        if (where.first >= 0) launches.insert(where.first);
      }
      for (std::int64_t k : launches) {
        if (const std::optional<double> v = sum_of(figures, k, m)) kernels[k][m.name] = *v;
      }
    }
    const std::map<std::int64_t, std::string> names = kernels.empty()
                                                          ? std::map<std::int64_t, std::string>{}
                                                          : kernel_names(db, run.identity.key);
    for (auto& [kernel, values] : kernels) {
      const auto name = names.find(kernel);
      report.kernel_rows.push_back(KernelRow{row.index, kernel,
                                             name == names.end() ? std::string() : name->second,
                                             std::move(values)});
    }
    report.rows.push_back(std::move(row));
  }
  add_derived(e, runs, report);
  add_summary(e, report);
  return report;
}

}  // namespace warpsim::sweep
