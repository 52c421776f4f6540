#include "sweep/report.h"

#include <algorithm>
#include <cmath>

namespace warpsim::sweep {

namespace {

// The part of a metric's path under `total.` or `kernels.`.
std::string stats_path(const Metric& metric) {
  return metric.path.substr(metric.per_kernel ? 8 : 6);
}

// Every stored figure of one run: (kernel, path) -> value.
std::map<std::pair<std::int64_t, std::string>, double> load(ResultsDb& db, const std::string& key) {
  std::map<std::pair<std::int64_t, std::string>, double> out;
  db.db().query("SELECT kernel, path, value FROM stats WHERE key = ?", {key},
                [&](const std::vector<SqlValue>& row) {
                  out[{std::get<std::int64_t>(row[0]), std::get<std::string>(row[1])}] =
                      std::get<double>(row[2]);
                });
  return out;
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

void add_summary(const Experiment& e, Report& report) {
  if (!e.summary) return;
  std::vector<std::size_t> kept;  // axes a summary row is for
  for (std::size_t a = 0; a < e.axes.size(); ++a) {
    const bool over = std::find(e.summary->over.begin(), e.summary->over.end(), e.axes[a].name) !=
                      e.summary->over.end();
    if (!over) {
      kept.push_back(a);
      report.summary_axes.push_back(e.axes[a].name);
    }
  }
  report.summary_columns = e.summary->gmean;
  std::map<std::vector<std::string>, std::vector<const ReportRow*>> groups;
  std::vector<std::vector<std::string>> order;
  for (const ReportRow& row : report.rows) {
    std::vector<std::string> levels;
    for (std::size_t a : kept) levels.push_back(row.levels[a]);
    if (!groups.contains(levels)) order.push_back(levels);
    groups[levels].push_back(&row);
  }
  for (const std::vector<std::string>& levels : order) {
    SummaryRow summary{levels, 0, {}};
    std::map<std::string, std::vector<double>> samples;
    for (const ReportRow* row : groups[levels]) {
      bool complete = true;
      for (const std::string& figure : e.summary->gmean)
        complete &= row->values.at(figure).has_value();
      if (!complete) continue;
      ++summary.runs;
      for (const std::string& figure : e.summary->gmean)
        samples[figure].push_back(*row->values.at(figure));
    }
    for (const std::string& figure : e.summary->gmean) {
      summary.gmeans[figure] = geometric_mean(samples[figure]);
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
        const auto it = figures.find({-1, stats_path(m)});
        row.values[m.name] = it == figures.end() ? std::nullopt : std::optional(it->second);
        continue;
      }
      for (const auto& [where, value] : figures) {
        if (where.first >= 0 && where.second == stats_path(m)) kernels[where.first][m.name] = value;
      }
    }
    for (auto& [kernel, values] : kernels) {
      report.kernel_rows.push_back(KernelRow{row.index, kernel, std::move(values)});
    }
    report.rows.push_back(std::move(row));
  }
  add_derived(e, runs, report);
  add_summary(e, report);
  return report;
}

}  // namespace warpsim::sweep
