// The `axes:` of an experiment file. An axis is written one of three ways:
//   gpu: [v100, gtx480]               a list, for the axes named after one setting (gpu,
//                                     overlays, mode, size, workload, program, trace): each value
//                                     is a level, named by its value
//   l1d_ways: {set: sm.l1d.ways, values: [4, 8]}   one config path over several values
//   variant: {base: {}, mrpb: {overlays: [mrpb]}}   named levels, each any settings

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "sweep/experiment_reader.h"

namespace warpsim::sweep {

namespace {

constexpr std::string_view kShorthandAxes[] = {"gpu",      "overlays", "mode", "size",
                                               "workload", "program",  "trace"};

bool is_shorthand(std::string_view name) {
  for (std::string_view axis : kShorthandAxes) {
    if (axis == name) return true;
  }
  return false;
}

// `workload: {polybench: [...], rodinia: [...]}`: a list in groups, for the summary.
bool is_grouped_list(const ConfigNode& node) {
  return node.is_map() && node.size() > 0 &&
         std::all_of(node.entries().begin(), node.entries().end(),
                     [](const ConfigNode::Entry& e) { return e.second.is_sequence(); });
}

bool is_key_axis(const ConfigNode& node) {
  return node.is_map() && node.size() == 2 && node.find("set") != nullptr &&
         node.find("values") != nullptr;
}

// A level's name from a value as written: a scalar's text, a list's items joined by spaces.
std::string level_name(const ConfigNode& value) {
  if (value.is_scalar()) return value.text();
  std::string name;
  for (const ConfigNode& item : value.items()) name += (name.empty() ? "" : " ") + item.text();
  return name;
}

}  // namespace

std::vector<Axis> ExperimentReader::read_axes(const ConfigNode& node) {
  std::vector<Axis> axes;
  if (!node.is_map() || node.size() == 0) {
    wrong(node, "expected a map of axis names to their levels");
    return axes;
  }
  for (const auto& [name, value] : node.entries()) {
    read_name(ConfigNode::scalar(name, value.key_origin()), "the axis name");
    axes.push_back(read_axis(name, value));
  }
  return axes;
}

Axis ExperimentReader::read_axis(const std::string& name, const ConfigNode& node) {
  Axis axis;
  axis.name = name;
  axis.origin = node.key_origin();
  if (node.is_sequence() && is_shorthand(name)) {
    read_shorthand_levels(axis, node);
  } else if (is_shorthand(name) && is_grouped_list(node)) {
    for (const auto& [group, list] : node.entries()) {
      const std::size_t first = axis.levels.size();
      read_shorthand_levels(axis, list);
      for (std::size_t i = first; i < axis.levels.size(); ++i) axis.levels[i].group = group;
    }
  } else if (is_key_axis(node)) {
    read_key_levels(axis, node);
  } else if (node.is_map()) {
    read_named_levels(axis, node);
  } else {
    wrong(node,
          fmt::format("an axis is a map of level names to settings, {{set: PATH, values: [...]}}, "
                      "or, for an axis named {}, a list of values",
                      "gpu, overlays, mode, size, workload, program or trace"));
  }
  std::set<std::string> names;
  for (const Level& level : axis.levels) {
    if (!names.insert(level.name).second) {
      problems_.push_back(
          locate(level.settings.origin, node.path(),
                 fmt::format("two levels of axis '{}' are named '{}'", name, level.name)));
    }
  }
  if (axis.levels.empty() && node.size() == 0) wrong(node, "an axis needs at least one level");
  return axis;
}

void ExperimentReader::read_shorthand_levels(Axis& axis, const ConfigNode& node) {
  for (const ConfigNode& value : node.items()) {
    Level level;
    level.name = level_name(value);
    level.settings.origin = value.origin();
    read_setting(axis.name, value, level.settings);
    axis.levels.push_back(std::move(level));
  }
}

void ExperimentReader::read_key_levels(Axis& axis, const ConfigNode& node) {
  const ConfigNode& key = node.at("set");
  const ConfigNode& values = node.at("values");
  const std::string path = read_string(key);
  if (!values.is_sequence() || values.size() == 0) {
    wrong(values, "expected a list of the values the config path takes");
    return;
  }
  for (const ConfigNode& value : values.items()) {
    if (value.is_map()) {
      wrong(value, "a set value is a scalar or a list");
      continue;
    }
    Level level;
    level.name = level_name(value);
    level.settings.origin = value.origin();
    level.settings.sets.emplace_back(path, value);
    axis.levels.push_back(std::move(level));
  }
}

void ExperimentReader::read_named_levels(Axis& axis, const ConfigNode& node) {
  for (const auto& [name, value] : node.entries()) {
    Level level;
    level.name = name;
    if (value.is_null()) {
      level.settings.origin = value.key_origin();
    } else if (!value.is_map()) {
      wrong(value, "a level's settings are a map (gpu, overlays, set, mode, workload, ...)");
      continue;
    } else {
      check_keys(value, {"gpu", "overlays", "set", "mode", "size", "workload", "program", "trace"});
      level.settings = read_settings(value);
    }
    axis.levels.push_back(std::move(level));
  }
}

}  // namespace warpsim::sweep
