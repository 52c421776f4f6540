#include "import/gpgpusim_import.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include <fmt/format.h>

#include "import/translation.h"

namespace warpsim::import {

namespace {

// "configs/SM7_QV100/gpgpusim.config" -> "sm7_qv100".
std::string name_from(const std::string& file) {
  const std::filesystem::path path(file);
  std::string name = path.parent_path().filename().string();
  if (name.empty() || name == "." || name == "..") name = path.stem().string();
  std::string out;
  for (const char c : name) {
    out += std::isalnum(static_cast<unsigned char>(c)) != 0
               ? static_cast<char>(std::tolower(static_cast<unsigned char>(c)))
               : '_';
  }
  return out.empty() ? "imported" : out;
}

// GPGPU-Sim options that do not change the timing of a simulation: functional-simulation
// switches, device limits of the CUDA runtime, statistics, power and debugging output.
bool affects_timing(std::string_view name) {
  static constexpr std::string_view kExact[] = {
      "gpgpu_stack_size_limit",
      "gpgpu_heap_size_limit",
      "gpgpu_runtime_sync_depth_limit",
      "gpgpu_runtime_pending_launch_count_limit",
      "gpgpu_occupancy_sm_number",  // ptxas's target when GPGPU-Sim asks it for register counts
      "gpgpu_clock_gated_lanes",    // power
      "gpgpu_memlatency_stat",
      "gpgpu_runtime_stat",
      "enable_ptx_file_line_stats",
      "gpgpu_cflog_interval",
      "gpgpu_deadlock_detect",
      "liveness_message_freq",
      "save_embedded_ptx",
      "keep",
      "trace_enabled",
      "trace_components",
      "trace_sampling_core",
      "trace_sampling_memory_partition",
  };
  static constexpr std::string_view kPrefixes[] = {
      "gpgpu_ptx_",  // functional simulation (-gpgpu_ptx_force_max_capability is translated)
      "power_",
      "gpuwattch",
      "accelwattch",
      "visualizer",
      "gpgpu_max_cycle",
      "gpgpu_max_insn",
      "gpgpu_max_cta",
      "gpgpu_max_completed_cta",
      "dump",
  };
  for (const std::string_view e : kExact) {
    if (name == e) return false;
  }
  for (const std::string_view p : kPrefixes) {
    if (name.starts_with(p)) return false;
  }
  return true;
}

}  // namespace

ImportResult import_gpgpusim(const ImportRequest& request) {
  if (request.files.empty()) throw ImportError("no configuration file given");
  GpgpusimOptions options;
  for (const std::string& file : request.files) options.read_file(file);

  Translation t{.options = options,
                .inheriting = !request.inherits.empty(),
                .tree = {},
                .approximations = {},
                .agreements = {}};
  translate_core(t);
  translate_caches(t);
  translate_memory(t);

  ImportResult result;
  result.name = request.name.empty() ? name_from(request.files.front()) : request.name;
  result.options = options.size();
  result.approximations = t.approximations;
  result.agreements = t.agreements;
  std::vector<std::string> unmodeled;  // untranslated options that change timing
  for (const OptionValue* o : options.unused()) {
    std::string line = fmt::format("{}: {}", o->where(), cite(*o));
    result.untranslated.push_back(line);
    if (affects_timing(GpgpusimOptions::current_name(o->name))) {
      unmodeled.push_back(std::move(line));
    } else {
      result.not_timing.push_back(std::move(line));
    }
  }

  std::string files;
  for (const std::string& f : request.files) files += (files.empty() ? "" : " ") + f;
  std::vector<std::string> header = {
      fmt::format("Imported by `warpsim config import` from {}.", files),
      "Each value names the GPGPU-Sim option it came from. Options that were translated only",
      "approximately, options with nothing to set, and options not translated are listed at the",
      "end.",
      "Keys not set here take warpsim's defaults" +
          (request.inherits.empty() ? std::string(" (warpsim config show prints them).")
                                    : fmt::format(" or {}'s values.", request.inherits))};
  std::string yaml = PresetTree{}.to_yaml(header);
  yaml += fmt::format("name: {}\n", result.name);
  yaml += fmt::format("description: {}\n",
                      yaml_quote(fmt::format("imported from GPGPU-Sim configuration {}", files)));
  if (!request.inherits.empty()) yaml += fmt::format("inherits: {}\n", request.inherits);
  yaml += t.tree.to_yaml({});
  if (!result.approximations.empty()) {
    yaml += "\n# Approximated:\n";
    for (const std::string& a : result.approximations) yaml += "#   " + a + "\n";
  }
  if (!result.agreements.empty()) {
    yaml += "\n# Read, with nothing to set (the value is what warpsim does):\n";
    for (const std::string& a : result.agreements) yaml += "#   " + a + "\n";
  }
  if (!unmodeled.empty()) {
    yaml += "\n# Not translated: timing options warpsim has no counterpart for (docs/import.md):\n";
    for (const std::string& u : unmodeled) yaml += "#   " + u + "\n";
  }
  if (!result.not_timing.empty()) {
    yaml += "\n# Not translated: functional simulation, statistics, power, tracing:\n";
    for (const std::string& u : result.not_timing) yaml += "#   " + u + "\n";
  }
  if (!yaml.ends_with('\n')) yaml += '\n';
  result.yaml = std::move(yaml);
  return result;
}

}  // namespace warpsim::import
