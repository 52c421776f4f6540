// What an experiment collects and derives: `baseline`, `metrics`, `derived` and `summary`.

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "sweep/experiment_reader.h"

namespace warpsim::sweep {

namespace {

constexpr std::string_view kBaselinePrefix = "baseline.";

bool contains(const std::vector<Metric>& metrics, std::string_view name) {
  return std::any_of(metrics.begin(), metrics.end(),
                     [&](const Metric& m) { return m.name == name; });
}

// "A / baseline.A" or "baseline.A / A": the kind and A; nullopt for anything else.
std::optional<std::pair<Derived::Kind, std::string>> parse_ratio(std::string_view text) {
  const std::size_t slash = text.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  auto trim = [](std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
  };
  const std::string_view top = trim(text.substr(0, slash));
  const std::string_view bottom = trim(text.substr(slash + 1));
  if (bottom.starts_with(kBaselinePrefix) && bottom.substr(kBaselinePrefix.size()) == top) {
    return std::pair{Derived::Kind::kNormalized, std::string(top)};
  }
  if (top.starts_with(kBaselinePrefix) && top.substr(kBaselinePrefix.size()) == bottom) {
    return std::pair{Derived::Kind::kSpeedup, std::string(bottom)};
  }
  return std::nullopt;
}

}  // namespace

// `baseline: {AXIS: LEVEL | {LEVEL: ITS_BASELINE, ...}, ...}`: a run's baseline is the run
// with its own levels on every other axis and these levels on these axes.
void ExperimentReader::read_baseline(const ConfigNode& node, Experiment& experiment) {
  if (!node.is_map() || node.size() == 0) {
    wrong(node, "expected a map of axis names to the level each run is compared with");
    return;
  }
  for (const auto& [axis_name, value] : node.entries()) {
    const Axis* axis = experiment.find_axis(axis_name);
    if (axis == nullptr) {
      wrong_key(value, fmt::format("no axis is named '{}'", axis_name));
      continue;
    }
    const auto no_level = [&](const std::string& level) {
      return fmt::format("axis '{}' has no level '{}'", axis_name, level);
    };
    BaselineLevel& baseline = experiment.baseline[axis_name];
    if (!value.is_map()) {
      baseline.level = read_string(value);
      if (value.is_scalar() && !axis->find(*baseline.level))
        wrong(value, no_level(*baseline.level));
      continue;
    }
    if (value.size() == 0) wrong(value, "expected {LEVEL: ITS_BASELINE_LEVEL, ...}");
    for (const auto& [level, its_baseline] : value.entries()) {
      if (!axis->find(level)) wrong_key(its_baseline, no_level(level));
      const std::string its = read_string(its_baseline);
      if (its_baseline.is_scalar() && !axis->find(its)) wrong(its_baseline, no_level(its));
      baseline.by_level[level] = its;
    }
  }
}

// `metrics: {NAME: total.PATH | kernels.PATH, ...}`.
void ExperimentReader::read_metrics(const ConfigNode& node, Experiment& experiment) {
  if (!node.is_map() || node.size() == 0) {
    wrong(node, "expected a map of metric names to stats.json paths (total.PATH or kernels.PATH)");
    return;
  }
  for (const auto& [name, value] : node.entries()) {
    read_name(ConfigNode::scalar(name, value.key_origin()), "the metric name");
    Metric metric{name, read_string(value), {}, false, value.origin()};
    metric.per_kernel = metric.path.starts_with("kernels.");
    const std::string_view prefix = metric.per_kernel ? "kernels." : "total.";
    std::string_view rest = metric.path;
    for (;;) {
      const std::size_t plus = rest.find('+');
      std::string_view term = rest.substr(0, plus);
      while (!term.empty() && term.front() == ' ') term.remove_prefix(1);
      while (!term.empty() && term.back() == ' ') term.remove_suffix(1);
      if (!term.starts_with(prefix) || term.size() <= prefix.size()) {
        wrong(value, fmt::format("'{}' is not total.PATH or kernels.PATH (or a sum of them, "
                                 "all total or all kernels)",
                                 term));
        break;
      }
      metric.terms.emplace_back(term.substr(prefix.size()));
      if (plus == std::string_view::npos) break;
      rest.remove_prefix(plus + 1);
    }
    experiment.metrics.push_back(std::move(metric));
  }
}

// `derived: {NAME: METRIC / baseline.METRIC | baseline.METRIC / METRIC, ...}`.
void ExperimentReader::read_derived(const ConfigNode& node, Experiment& experiment) {
  if (!node.is_map()) {
    wrong(node, "expected a map of figure names to ratios against the baseline");
    return;
  }
  if (experiment.baseline.empty()) {
    wrong_key(node, "derived figures need a baseline");
  }
  std::set<std::string> names;
  for (const Metric& metric : experiment.metrics) names.insert(metric.name);
  for (const auto& [name, value] : node.entries()) {
    read_name(ConfigNode::scalar(name, value.key_origin()), "the figure name");
    if (!names.insert(name).second) wrong_key(value, fmt::format("'{}' is named twice", name));
    const auto ratio = parse_ratio(read_string(value));
    if (!ratio) {
      wrong(value, "expected METRIC / baseline.METRIC or baseline.METRIC / METRIC");
      continue;
    }
    if (!contains(experiment.metrics, ratio->second)) {
      wrong(value, fmt::format("no metric is named '{}'", ratio->second));
    } else if (std::find_if(experiment.metrics.begin(), experiment.metrics.end(), [&](auto& m) {
                 return m.name == ratio->second && m.per_kernel;
               }) != experiment.metrics.end()) {
      wrong(value,
            fmt::format("'{}' is per kernel; derived figures use total metrics", ratio->second));
    }
    experiment.derived.push_back(Derived{name, ratio->first, ratio->second, value.origin()});
  }
}

// `summary: {over: AXIS | [AXIS...], gmean: [FIGURE...], mean: [FIGURE...]}`.
void ExperimentReader::read_summary(const ConfigNode& node, Experiment& experiment) {
  if (!node.is_map()) {
    wrong(node, "expected {over: AXIS, gmean: [FIGURE, ...]}");
    return;
  }
  check_keys(node, {"over", "gmean", "mean"});
  Summary summary;
  if (const ConfigNode* over = node.find("over")) {
    summary.over = read_strings(*over);
    for (const std::string& axis : summary.over) {
      if (experiment.find_axis(axis) == nullptr) {
        wrong(*over, fmt::format("no axis is named '{}'", axis));
      }
    }
  } else {
    wrong(node, "missing key 'over' (the axes the geometric means run across)");
  }
  auto read_figures = [&](const char* key, std::vector<std::string>& figures) {
    const ConfigNode* list = node.find(key);
    if (list == nullptr) return;
    figures = read_strings(*list);
    for (const std::string& figure : figures) {
      const bool known = std::any_of(experiment.derived.begin(), experiment.derived.end(),
                                     [&](const Derived& d) { return d.name == figure; });
      if (!known) wrong(*list, fmt::format("no derived figure is named '{}'", figure));
    }
  };
  read_figures("gmean", summary.gmean);
  read_figures("mean", summary.mean);
  if (summary.gmean.empty() && summary.mean.empty()) {
    wrong(node, "missing key 'gmean' or 'mean' (the derived figures to average)");
  }
  experiment.summary = std::move(summary);
}

}  // namespace warpsim::sweep
