#include "sweep/points.h"

#include <map>

#include <fmt/format.h>

#include "workload/registry.h"

namespace warpsim::sweep {

namespace {

constexpr std::size_t kMostProblems = 20;  // runs reported wrong; the rest are likely the same

// The settings of the top level and of each axis's levels, with where each was written.
struct Source {
  std::string name;  // "the top level" or "axis 'variant'"
  const Settings* settings = nullptr;
};

std::string value_text(const ConfigNode& value) {
  if (value.is_scalar()) return value.text();
  std::string text = "[";
  for (const ConfigNode& item : value.items()) {
    text += (text.size() > 1 ? ", " : "") + item.text();
  }
  return text + "]";
}

// Which of gpu, mode and input a source decides, and which config paths it sets.
struct Decides {
  bool gpu = false;
  bool mode = false;
  bool size = false;
  bool input = false;
  std::map<std::string, Origin> sets;
};

Decides decides(const Settings& s) {
  Decides d{s.gpu.has_value(), s.mode.has_value(), s.size.has_value(), s.input.has_value(), {}};
  for (const auto& [path, value] : s.sets) d.sets.emplace(path, value.origin());
  return d;
}

void merge_into(Decides& axis, const Decides& level) {
  axis.gpu |= level.gpu;
  axis.mode |= level.mode;
  axis.size |= level.size;
  axis.input |= level.input;
  axis.sets.insert(level.sets.begin(), level.sets.end());
}

// Two places deciding one setting: every run would depend on which wins.
void check_conflicts(const Experiment& e, std::vector<std::string>& problems) {
  std::vector<std::pair<std::string, Decides>> sources = {{"the top level", decides(e.defaults)}};
  std::vector<Origin> origins = {e.defaults.origin};
  for (const Axis& axis : e.axes) {
    Decides d;
    for (const Level& level : axis.levels) merge_into(d, decides(level.settings));
    sources.emplace_back(fmt::format("axis '{}'", axis.name), d);
    origins.push_back(axis.origin);
  }
  for (std::size_t i = 0; i < sources.size(); ++i) {
    for (std::size_t j = i + 1; j < sources.size(); ++j) {
      const Decides& a = sources[i].second;
      const Decides& b = sources[j].second;
      auto clash = [&](bool both, std::string_view what) {
        if (!both) return;
        problems.push_back(locate(
            origins[j], "",
            fmt::format("{} and {} both set the {}", sources[i].first, sources[j].first, what)));
      };
      clash(a.gpu && b.gpu, "gpu");
      clash(a.mode && b.mode, "mode");
      clash(a.size && b.size, "size");
      clash(a.input && b.input, "input (workload, program or trace)");
      for (const auto& [path, origin] : b.sets) {
        clash(a.sets.contains(path), fmt::format("config path {}", path));
      }
    }
  }
}

void apply(const Settings& s, Point& point, std::string& size) {
  if (s.gpu) point.gpu = *s.gpu;
  if (s.size) size = *s.size;
  if (s.mode) point.mode = *s.mode;
  if (s.input) point.input = *s.input;
  point.overlays.insert(point.overlays.end(), s.overlays.begin(), s.overlays.end());
  for (const auto& [path, value] : s.sets) point.sets.push_back(path + "=" + value_text(value));
}

void check_point(const Experiment& e, const Point& point, std::vector<std::string>& problems) {
  const std::string label = point_label(e, point);
  if (point.gpu.empty()) {
    problems.push_back(locate(e.defaults.origin, "", "run '" + label + "' has no gpu"));
  }
  if (point.input.spec.empty()) {
    problems.push_back(locate(e.defaults.origin, "",
                              "run '" + label + "' has no input (workload, program or trace)"));
  } else if (point.input.kind == Input::Kind::kWorkload) {
    const std::size_t colon = point.input.spec.find(':');
    const std::string name = point.input.spec.substr(0, colon);
    const std::string size = point.input.spec.substr(colon + 1);
    if (!workload::parse_size(size)) {
      problems.push_back(
          locate(e.defaults.origin, "",
                 fmt::format("run '{}': unknown size '{}' (tiny, small or paper)", label, size)));
    }
    if (workload::WorkloadRegistry::global().find(name) == nullptr) {
      problems.push_back(locate(e.defaults.origin, "",
                                fmt::format("run '{}': unknown workload '{}' (see warpsim list "
                                            "workloads)",
                                            label, name)));
    }
  }
}

}  // namespace

std::vector<Point> expand(const Experiment& e) {
  std::vector<std::string> problems;
  check_conflicts(e, problems);
  if (!problems.empty()) throw ConfigError(problems);
  std::size_t count = 1;
  for (const Axis& axis : e.axes) count *= axis.levels.size();
  std::vector<Point> points;
  points.reserve(count);
  for (std::size_t index = 0; index < count; ++index) {
    Point point;
    point.index = index;
    point.levels.resize(e.axes.size());
    std::size_t rest = index;
    for (std::size_t a = e.axes.size(); a-- > 0;) {
      point.levels[a] = rest % e.axes[a].levels.size();
      rest /= e.axes[a].levels.size();
    }
    std::string size = "small";  // as `warpsim run --workload NAME`
    apply(e.defaults, point, size);
    for (std::size_t a = 0; a < e.axes.size(); ++a) {
      apply(e.axes[a].levels[point.levels[a]].settings, point, size);
    }
    if (point.input.kind == Input::Kind::kWorkload && !point.input.spec.empty() &&
        point.input.spec.find(':') == std::string::npos) {
      point.input.spec += ":" + size;
    }
    if (problems.size() < kMostProblems) check_point(e, point, problems);
    points.push_back(std::move(point));
  }
  if (!problems.empty()) throw ConfigError(problems);
  return points;
}

std::optional<std::size_t> baseline_of(const Experiment& e, const Point& point) {
  if (e.baseline.empty()) return std::nullopt;
  std::size_t index = 0;
  for (std::size_t a = 0; a < e.axes.size(); ++a) {
    std::size_t level = point.levels[a];
    if (auto it = e.baseline.find(e.axes[a].name); it != e.baseline.end()) {
      level = *e.axes[a].find(it->second.of(e.axes[a].levels[level].name));
    }
    index = index * e.axes[a].levels.size() + level;
  }
  return index;
}

std::string point_label(const Experiment& e, const Point& point) {
  std::string label;
  for (std::size_t a = 0; a < e.axes.size(); ++a) {
    label += fmt::format("{}{}={}", label.empty() ? "" : " ", e.axes[a].name,
                         e.axes[a].levels[point.levels[a]].name);
  }
  return label;
}

std::vector<std::string> run_arguments(const Point& point, const std::string& out) {
  std::vector<std::string> args = {"--mode", point.mode, "--gpu", point.gpu};
  for (const std::string& overlay : point.overlays) {
    args.insert(args.end(), {"-c", overlay});
  }
  for (const std::string& set : point.sets) args.insert(args.end(), {"--set", set});
  args.insert(args.end(), {"--out", out});
  switch (point.input.kind) {
    case Input::Kind::kWorkload:
      args.insert(args.end(), {"--workload", point.input.spec});
      break;
    case Input::Kind::kTrace:
      args.insert(args.end(), {"--trace", point.input.spec});
      break;
    case Input::Kind::kProgram:
      args.insert(args.end(), {"--", point.input.spec});
      args.insert(args.end(), point.input.args.begin(), point.input.args.end());
      break;
  }
  return args;
}

}  // namespace warpsim::sweep
