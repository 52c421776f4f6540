// figures() of report_write.h: which runs each bar of each chart shows.

#include <algorithm>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "sweep/report_write.h"

namespace warpsim::sweep {

namespace {

using Levels = std::vector<std::string>;
using nlohmann::ordered_json;

// Every combination of the levels of `axes` (indices into e.axes), the first varying slowest.
std::vector<std::map<std::size_t, std::string>> combinations(const Experiment& e,
                                                             const std::vector<std::size_t>& axes) {
  std::vector<std::map<std::size_t, std::string>> out = {{}};
  for (std::size_t a : axes) {
    std::vector<std::map<std::size_t, std::string>> next;
    for (const auto& partial : out) {
      for (const Level& level : e.axes[a].levels) {
        auto more = partial;
        more[a] = level.name;
        next.push_back(std::move(more));
      }
    }
    out = std::move(next);
  }
  return out;
}

std::string describe(const Experiment& e, const std::map<std::size_t, std::string>& levels) {
  std::string text;
  for (const auto& [a, level] : levels) {
    text += fmt::format("{}{}={}", text.empty() ? "" : " ", e.axes[a].name, level);
  }
  return text;
}

struct Layout {
  std::size_t x = 0;                // the axis along the bars
  std::vector<std::size_t> series;  // the baseline axes: one colour per combination of levels
  std::vector<std::size_t> panels;  // every other axis: one panel per combination
};

Layout layout(const Experiment& e) {
  Layout l;
  if (e.summary && !e.summary->over.empty()) {
    for (std::size_t a = 0; a < e.axes.size(); ++a) {
      if (e.axes[a].name == e.summary->over.front()) l.x = a;
    }
  }
  for (std::size_t a = 0; a < e.axes.size(); ++a) {
    if (a == l.x) continue;
    (e.baseline.contains(e.axes[a].name) ? l.series : l.panels).push_back(a);
  }
  return l;
}

// Whether every run of a colour is its own baseline (its bars would all be 1): its levels on
// the series axes are their own baselines, and so is every level of the x axis.
bool is_own_baseline(const Experiment& e, const Layout& l,
                     const std::map<std::size_t, std::string>& levels) {
  if (levels.empty()) return false;
  const auto own = [&](std::size_t a, const std::string& level) {
    const auto it = e.baseline.find(e.axes[a].name);
    return it == e.baseline.end() || it->second.of(level) == level;
  };
  return std::all_of(levels.begin(), levels.end(),
                     [&](const auto& entry) { return own(entry.first, entry.second); }) &&
         std::all_of(e.axes[l.x].levels.begin(), e.axes[l.x].levels.end(),
                     [&](const Level& level) { return own(l.x, level.name); });
}

std::optional<double> summary_value(const Report& report, const Experiment& e,
                                    const std::map<std::size_t, std::string>& levels,
                                    const std::string& figure) {
  for (const SummaryRow& row : report.summary) {
    bool match = true;
    for (std::size_t i = 0; i < report.summary_axes.size(); ++i) {
      for (const auto& [a, level] : levels) {
        if (e.axes[a].name == report.summary_axes[i] && row.levels[i] != level) match = false;
      }
    }
    if (match) return row.values.at(figure + "_gmean");
  }
  return std::nullopt;
}

std::string y_label(const Derived& d) {
  return d.kind == Derived::Kind::kNormalized
             ? fmt::format("{} / baseline {} (x)", d.metric, d.metric)
             : fmt::format("baseline {} / {} (x)", d.metric, d.metric);
}

std::string baseline_text(const Experiment& e) {
  std::string text;
  for (const auto& [axis, baseline] : e.baseline) {
    std::string levels;
    if (baseline.level) {
      levels = *baseline.level;
    } else {
      for (const auto& [level, its] : baseline.by_level) {
        levels += fmt::format("{}{}: {}", levels.empty() ? "" : ", ", level, its);
      }
      levels = "{" + levels + "}";
    }
    text += fmt::format("{}{}={}", text.empty() ? "" : " ", axis, levels);
  }
  return text;
}

}  // namespace

ordered_json figures(const Experiment& e, const Report& report) {
  const Layout l = layout(e);
  std::map<Levels, const ReportRow*> by_levels;
  for (const ReportRow& row : report.rows) by_levels[row.levels] = &row;
  ordered_json charts = ordered_json::array();
  for (const Derived& d : e.derived) {
    const bool gmean = e.summary && e.summary->over.size() == 1 &&
                       std::find(e.summary->gmean.begin(), e.summary->gmean.end(), d.name) !=
                           e.summary->gmean.end();
    // The bars: the x axis's levels, each group's followed by its geometric mean ("gmean" for
    // an axis without groups, "gmean GROUP" after each group of a grouped one).
    struct Bar {
      std::string name;
      std::optional<std::string> level;  // nullopt: the gmean of `group`
      std::string group;
    };
    std::vector<Bar> bars;
    const std::vector<Level>& x_levels = e.axes[l.x].levels;
    for (std::size_t i = 0; i < x_levels.size(); ++i) {
      bars.push_back({x_levels[i].name, x_levels[i].name, x_levels[i].group});
      const bool group_ends =
          i + 1 == x_levels.size() || x_levels[i + 1].group != x_levels[i].group;
      if (gmean && group_ends) {
        const std::string& group = x_levels[i].group;
        bars.push_back({group.empty() ? "gmean" : "gmean " + group, std::nullopt, group});
      }
    }
    ordered_json panels = ordered_json::array();
    for (const auto& panel : combinations(e, l.panels)) {
      ordered_json groups = ordered_json::array();
      for (const Bar& bar : bars) groups.push_back(bar.name);
      ordered_json series = ordered_json::array();
      for (const auto& colour : combinations(e, l.series)) {
        if (is_own_baseline(e, l, colour)) continue;
        ordered_json values = ordered_json::array();
        auto where = panel;
        where.insert(colour.begin(), colour.end());
        for (const Bar& bar : bars) {
          std::optional<double> v;
          if (bar.level) {
            where[l.x] = *bar.level;
            Levels levels;
            for (const auto& [a, name] : where) levels.push_back(name);
            const auto it = by_levels.find(levels);
            if (it != by_levels.end()) v = it->second->values.at(d.name);
          } else {
            // The summary's row: the other axes' levels, and the group on a grouped x axis.
            auto summary_levels = where;
            summary_levels.erase(l.x);
            if (!bar.group.empty()) summary_levels[l.x] = bar.group;
            v = summary_value(report, e, summary_levels, d.name);
          }
          values.push_back(v ? ordered_json(*v) : ordered_json());
        }
        series.push_back({{"label", describe(e, colour)}, {"values", values}});
      }
      panels.push_back({{"title", describe(e, panel)}, {"groups", groups}, {"series", series}});
    }
    charts.push_back(
        {{"name", d.name},
         {"file", d.name + ".png"},
         {"title", fmt::format("{}: {} (baseline {})", e.name, d.name, baseline_text(e))},
         {"ylabel", y_label(d)},
         {"xlabel", e.axes[l.x].name},
         {"reference", 1.0},
         {"panels", panels}});
  }
  return {{"experiment", e.name}, {"figures", charts}};
}

}  // namespace warpsim::sweep
