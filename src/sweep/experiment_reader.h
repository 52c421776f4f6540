#pragma once

// The checks behind read_experiment (experiment.h): one reader per file, collecting every
// mistake (file:line:col: path: message) before it gives up, so that one run of
// `warpsim sweep` reports them all.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "sim/config_node.h"
#include "sweep/experiment.h"

namespace warpsim::sweep {

class ExperimentReader {
 public:
  explicit ExperimentReader(std::filesystem::path file) : file_(std::move(file)) {}

  Experiment read(const ConfigNode& root);
  // Throws ConfigError listing every mistake found, if any.
  void throw_if_wrong() const;

 private:
  void wrong(const ConfigNode& node, std::string_view message);
  void wrong_key(const ConfigNode& node, std::string_view message);
  // Unknown keys of a map are mistakes (`allowed` lists the known ones).
  void check_keys(const ConfigNode& map, std::initializer_list<std::string_view> allowed);
  std::string read_string(const ConfigNode& node);
  std::string read_name(const ConfigNode& node, std::string_view what);

  Settings read_settings(const ConfigNode& node);
  void read_setting(const std::string& key, const ConfigNode& value, Settings& settings);
  std::vector<std::string> read_strings(const ConfigNode& node);
  void read_sets(const ConfigNode& node, Settings& settings);
  std::optional<Input> read_input(const std::string& kind, const ConfigNode& value);
  std::string path_here(const std::string& path) const;

  std::vector<Axis> read_axes(const ConfigNode& node);
  Axis read_axis(const std::string& name, const ConfigNode& node);
  void read_shorthand_levels(Axis& axis, const ConfigNode& node);
  void read_key_levels(Axis& axis, const ConfigNode& node);
  void read_named_levels(Axis& axis, const ConfigNode& node);

  void read_baseline(const ConfigNode& node, Experiment& experiment);
  void read_metrics(const ConfigNode& node, Experiment& experiment);
  void read_derived(const ConfigNode& node, Experiment& experiment);
  void read_summary(const ConfigNode& node, Experiment& experiment);

  std::filesystem::path file_;
  std::vector<std::string> problems_;
};

}  // namespace warpsim::sweep
