#include "sweep/experiment_reader.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace warpsim::sweep {

namespace {

bool is_identifier(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::islower(static_cast<unsigned char>(c)) ||
           std::isdigit(static_cast<unsigned char>(c)) || c == '_' || c == '-';
  });
}

}  // namespace

void ExperimentReader::wrong(const ConfigNode& node, std::string_view message) {
  problems_.push_back(locate(node.origin(), node.path(), message));
}

void ExperimentReader::wrong_key(const ConfigNode& node, std::string_view message) {
  problems_.push_back(locate(node.key_origin(), node.path(), message));
}

void ExperimentReader::throw_if_wrong() const {
  if (!problems_.empty()) throw ConfigError(problems_);
}

void ExperimentReader::check_keys(const ConfigNode& map,
                                  std::initializer_list<std::string_view> allowed) {
  for (const auto& [key, value] : map.entries()) {
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    std::string known;
    for (std::string_view name : allowed) known += (known.empty() ? "" : ", ") + std::string(name);
    wrong_key(value, fmt::format("unknown key '{}' (known: {})", key, known));
  }
}

std::string ExperimentReader::read_string(const ConfigNode& node) {
  if (!node.is_scalar()) {
    wrong(node, "expected a string");
    return "";
  }
  return node.text();
}

std::string ExperimentReader::read_name(const ConfigNode& node, std::string_view what) {
  std::string name = read_string(node);
  if (node.is_scalar() && !is_identifier(name)) {
    wrong(node, fmt::format("{} '{}' is not a name: lower-case letters, digits, '_' and '-'", what,
                            name));
  }
  return name;
}

Experiment ExperimentReader::read(const ConfigNode& root) {
  Experiment experiment;
  experiment.file = file_;
  if (!root.is_map()) {
    wrong(root, "an experiment file is a map (name, axes, metrics, ...)");
    return experiment;
  }
  check_keys(
      root, {"name", "description", "gpu", "overlays", "set", "mode", "size", "workload", "program",
             "trace", "axes", "baseline", "metrics", "derived", "summary", "slurm"});
  if (const ConfigNode* name = root.find("name")) {
    experiment.name = read_name(*name, "the experiment's name");
  } else {
    wrong(root, "missing key 'name'");
  }
  if (const ConfigNode* description = root.find("description")) {
    experiment.description = read_string(*description);
  }
  experiment.defaults = read_settings(root);
  if (const ConfigNode* axes = root.find("axes")) {
    experiment.axes = read_axes(*axes);
  } else {
    wrong(root, "missing key 'axes' (the runs are the product of the axes)");
  }
  if (const ConfigNode* baseline = root.find("baseline")) read_baseline(*baseline, experiment);
  if (const ConfigNode* metrics = root.find("metrics")) {
    read_metrics(*metrics, experiment);
  } else {
    wrong(root, "missing key 'metrics' (the stats.json figures to collect)");
  }
  if (const ConfigNode* derived = root.find("derived")) read_derived(*derived, experiment);
  if (const ConfigNode* summary = root.find("summary")) read_summary(*summary, experiment);
  if (const ConfigNode* slurm = root.find("slurm")) {
    if (!slurm->is_map()) wrong(*slurm, "expected a map of sbatch options to values");
    for (const auto& [option, value] : slurm->entries()) {
      experiment.sbatch_args.push_back("--" + option + "=" + read_string(value));
    }
  }
  return experiment;
}

// The settings keys of a map (the top level, or one level of an axis); other keys are left to
// the caller.
Settings ExperimentReader::read_settings(const ConfigNode& node) {
  Settings settings;
  settings.origin = node.origin();
  for (const auto& [key, value] : node.entries()) read_setting(key, value, settings);
  return settings;
}

void ExperimentReader::read_setting(const std::string& key, const ConfigNode& value,
                                    Settings& settings) {
  if (key == "gpu") {
    const std::string gpu = read_string(value);
    settings.gpu = gpu.ends_with(".yaml") ? path_here(gpu) : gpu;
  } else if (key == "overlays") {
    for (std::string& overlay : read_strings(value)) {
      settings.overlays.push_back(overlay.ends_with(".yaml") ? path_here(overlay) : overlay);
    }
  } else if (key == "set") {
    read_sets(value, settings);
  } else if (key == "mode") {
    settings.mode = read_string(value);
    if (*settings.mode != "timing" && *settings.mode != "functional") {
      wrong(value, fmt::format("mode is '{}'; expected timing or functional", *settings.mode));
    }
  } else if (key == "size") {
    settings.size = read_string(value);
    if (*settings.size != "tiny" && *settings.size != "small" && *settings.size != "paper") {
      wrong(value, fmt::format("size is '{}'; expected tiny, small or paper", *settings.size));
    }
  } else if (key == "workload" || key == "program" || key == "trace") {
    if (settings.input) {
      wrong_key(value, "a run has one input: a workload, a program or a trace");
      return;
    }
    settings.input = read_input(key, value);
  }
}

// A string or a list of strings.
std::vector<std::string> ExperimentReader::read_strings(const ConfigNode& node) {
  if (node.is_scalar()) return {node.text()};
  std::vector<std::string> strings;
  if (!node.is_sequence()) {
    wrong(node, "expected a string or a list of strings");
    return strings;
  }
  for (const ConfigNode& item : node.items()) strings.push_back(read_string(item));
  return strings;
}

// `set: {sm.l1d.ways: 8, ...}`: config paths and values, as `warpsim run --set` takes them.
void ExperimentReader::read_sets(const ConfigNode& node, Settings& settings) {
  if (!node.is_map()) {
    wrong(node, "expected a map of config paths to values, e.g. {sm.l1d.ways: 8}");
    return;
  }
  for (const auto& [key, value] : node.entries()) {
    if (value.is_map()) {
      wrong(value, "a set value is a scalar or a list; name the inner key in the path");
      continue;
    }
    settings.sets.emplace_back(key, value);
  }
}

// workload: NAME[:SIZE]; program: PATH or [PATH, ARG...]; trace: KERNELSLIST. Paths are
// relative to the experiment file's folder.
std::optional<Input> ExperimentReader::read_input(const std::string& kind,
                                                  const ConfigNode& value) {
  Input input;
  if (kind == "workload") {
    input.kind = Input::Kind::kWorkload;
    input.spec = read_string(value);
  } else if (kind == "trace") {
    input.kind = Input::Kind::kTrace;
    input.spec = path_here(read_string(value));
  } else {
    input.kind = Input::Kind::kProgram;
    std::vector<std::string> argv = read_strings(value);
    if (argv.empty()) {
      wrong(value, "a program is PATH or [PATH, ARG...]");
      return std::nullopt;
    }
    input.spec = path_here(argv.front());
    input.args.assign(argv.begin() + 1, argv.end());
  }
  return input;
}

std::string ExperimentReader::path_here(const std::string& path) const {
  if (path.empty() || std::filesystem::path(path).is_absolute()) return path;
  return (std::filesystem::absolute(file_).parent_path() / path).lexically_normal().string();
}

}  // namespace warpsim::sweep
