#include "sim/config_load.h"

#include <algorithm>
#include <optional>
#include <system_error>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace warpsim {
namespace {

namespace fs = std::filesystem;

constexpr const char* kInheritsKey = "inherits";
constexpr const char* kDescriptionKey = "description";

bool looks_like_path(std::string_view spec) {
  return spec.find('/') != std::string_view::npos || spec.ends_with(".yaml") ||
         spec.ends_with(".yml");
}

std::vector<std::string> available_names(const std::vector<fs::path>& dirs) {
  std::vector<std::string> names;
  for (const fs::path& dir : dirs) {
    for (const PresetInfo& preset : list_presets(dir)) names.push_back(preset.name);
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

// Finds the file for a name or path. `base_dir` anchors relative paths (the including file's
// folder for `inherits:`; empty for the command line, which is relative to the working dir).
// On failure returns nullopt and fills `looked_for`.
std::optional<fs::path> find_config_file(const std::string& spec, const std::vector<fs::path>& dirs,
                                         const fs::path& base_dir,
                                         std::vector<std::string>* looked_for) {
  std::vector<fs::path> candidates;
  if (looks_like_path(spec)) {
    fs::path path(spec);
    candidates.push_back(path.is_relative() && !base_dir.empty() ? base_dir / path : path);
  } else {
    for (const fs::path& dir : dirs) candidates.push_back(dir / (spec + ".yaml"));
  }
  for (const fs::path& candidate : candidates) {
    std::error_code ignored;
    if (fs::is_regular_file(candidate, ignored)) return candidate;
    looked_for->push_back(candidate.string());
  }
  return std::nullopt;
}

std::string not_found_message(std::string_view what, const std::string& spec,
                              const std::vector<std::string>& looked_for,
                              const std::vector<fs::path>& dirs) {
  std::vector<std::string> names = available_names(dirs);
  return fmt::format(
      "cannot find {} '{}' (looked for {}); available: {}", what, spec, fmt::join(looked_for, ", "),
      names.empty() ? std::string("none") : fmt::format("{}", fmt::join(names, ", ")));
}

// Reads a config file whose top level must be a map; an empty file is an empty map.
ConfigNode read_map_file(const fs::path& file) {
  ConfigNode root = ConfigNode::parse_file(file.string());
  if (root.is_null()) return ConfigNode::map(Origin{file.string(), 1, 1});
  if (!root.is_map()) throw root.error("expected a map of settings at the top level");
  return root;
}

std::string describe_chain(const std::vector<fs::path>& chain, const fs::path& repeated) {
  std::string text;
  for (const fs::path& file : chain) text += file.string() + " -> ";
  return text + repeated.string();
}

fs::path canonical_or_self(const fs::path& file) {
  std::error_code ignored;
  fs::path canonical = fs::weakly_canonical(file, ignored);
  return canonical.empty() ? file : canonical;
}

// Loads a preset and, recursively, the presets it inherits from. `chain` holds the files
// being loaded so far, to report a cycle as the full loop the user has to break.
ConfigNode load_preset(const fs::path& file, const ConfigPaths& paths,
                       std::vector<fs::path>* chain) {
  ConfigNode preset = read_map_file(file);
  chain->push_back(file);
  const ConfigNode* inherits = preset.find(kInheritsKey);
  if (inherits == nullptr) {
    preset.erase(kDescriptionKey);
    return preset;
  }
  std::string parent_spec = inherits->as_string();
  std::vector<std::string> looked_for;
  std::optional<fs::path> parent =
      find_config_file(parent_spec, paths.preset_dirs, file.parent_path(), &looked_for);
  if (!parent) {
    throw inherits->error(
        not_found_message("parent preset", parent_spec, looked_for, paths.preset_dirs));
  }
  fs::path parent_key = canonical_or_self(*parent);
  for (const fs::path& seen : *chain) {
    if (canonical_or_self(seen) == parent_key) {
      throw inherits->error(
          fmt::format("cycle in the inherits chain: {}", describe_chain(*chain, *parent)));
    }
  }
  ConfigNode merged = load_preset(*parent, paths, chain);
  preset.erase(kInheritsKey);
  preset.erase(kDescriptionKey);
  merged.merge_from(preset);
  return merged;
}

ConfigNode load_gpu(const std::string& gpu, const ConfigPaths& paths) {
  if (gpu.empty()) return ConfigNode::map(Origin::default_value());
  std::vector<std::string> looked_for;
  std::optional<fs::path> file = find_config_file(gpu, paths.preset_dirs, {}, &looked_for);
  if (!file) {
    throw ConfigError(fmt::format(
        "--gpu: {}", not_found_message("GPU preset", gpu, looked_for, paths.preset_dirs)));
  }
  std::vector<fs::path> chain;
  return load_preset(*file, paths, &chain);
}

ConfigNode load_overlay(const std::string& overlay, const ConfigPaths& paths) {
  std::vector<std::string> looked_for;
  std::optional<fs::path> file = find_config_file(overlay, paths.overlay_dirs, {}, &looked_for);
  if (!file) {
    throw ConfigError(fmt::format(
        "-c: {}", not_found_message("overlay", overlay, looked_for, paths.overlay_dirs)));
  }
  ConfigNode node = read_map_file(*file);
  if (const ConfigNode* inherits = node.find(kInheritsKey)) {
    throw inherits->error("'inherits' is only allowed in GPU presets, not in overlays");
  }
  node.erase(kDescriptionKey);
  return node;
}

void apply_set(const std::string& assignment, ConfigNode* root) {
  std::size_t equals = assignment.find('=');
  if (equals == std::string::npos || equals == 0) {
    throw ConfigError(fmt::format("--set '{}': expected KEY=VALUE", assignment));
  }
  Origin origin{"--set " + assignment};
  root->set_dotted(std::string_view(assignment).substr(0, equals),
                   std::string_view(assignment).substr(equals + 1), origin);
}

}  // namespace

ConfigPaths ConfigPaths::under(const std::filesystem::path& root) { return in(root / "configs"); }

ConfigPaths ConfigPaths::in(const std::filesystem::path& configs) {
  return ConfigPaths{{configs / "gpus"}, {configs / "overlays"}};
}

ConfigNode load_config(const ConfigRequest& request, const ConfigPaths& paths) {
  ConfigNode config = load_gpu(request.gpu, paths);
  for (const std::string& overlay : request.overlays) {
    config.merge_from(load_overlay(overlay, paths));
  }
  for (const std::string& assignment : request.sets) apply_set(assignment, &config);
  return config;
}

std::vector<PresetInfo> list_presets(const std::filesystem::path& dir) {
  std::vector<PresetInfo> presets;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return presets;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir, ec)) {
    if (!entry.is_regular_file(ec) || entry.path().extension() != ".yaml") continue;
    ConfigNode root = ConfigNode::parse_file(entry.path().string());
    const ConfigNode* description = root.find(kDescriptionKey);
    presets.push_back(PresetInfo{entry.path().stem().string(),
                                 description != nullptr ? description->text() : std::string(),
                                 entry.path()});
  }
  std::sort(presets.begin(), presets.end(),
            [](const PresetInfo& a, const PresetInfo& b) { return a.name < b.name; });
  return presets;
}

}  // namespace warpsim
