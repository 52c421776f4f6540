#include "sweep/experiment.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "sweep/experiment_reader.h"

namespace warpsim::sweep {

std::optional<std::size_t> Axis::find(std::string_view level) const {
  for (std::size_t i = 0; i < levels.size(); ++i) {
    if (levels[i].name == level) return i;
  }
  return std::nullopt;
}

const Axis* Experiment::find_axis(std::string_view name) const {
  for (const Axis& axis : axes) {
    if (axis.name == name) return &axis;
  }
  return nullptr;
}

const std::string& BaselineLevel::of(const std::string& own) const {
  if (level) return *level;
  const auto it = by_level.find(own);
  return it == by_level.end() ? own : it->second;
}

Experiment read_experiment(const std::filesystem::path& file) {
  return parse_experiment(ConfigNode::parse_file(file.string()), file);
}

Experiment parse_experiment(const ConfigNode& root, const std::filesystem::path& file) {
  ExperimentReader reader(file);
  Experiment experiment = reader.read(root);
  reader.throw_if_wrong();
  return experiment;
}

}  // namespace warpsim::sweep
