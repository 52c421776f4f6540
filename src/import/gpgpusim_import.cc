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

}  // namespace

ImportResult import_gpgpusim(const ImportRequest& request) {
  if (request.files.empty()) throw ImportError("no configuration file given");
  GpgpusimOptions options;
  for (const std::string& file : request.files) options.read_file(file);

  Translation t{.options = options,
                .inheriting = !request.inherits.empty(),
                .tree = {},
                .approximations = {}};
  translate_core(t);
  translate_caches(t);
  translate_memory(t);

  ImportResult result;
  result.name = request.name.empty() ? name_from(request.files.front()) : request.name;
  result.options = options.size();
  result.approximations = t.approximations;
  for (const OptionValue* o : options.unused()) {
    result.untranslated.push_back(fmt::format("{}: {}", o->where(), cite(*o)));
  }

  std::string files;
  for (const std::string& f : request.files) files += (files.empty() ? "" : " ") + f;
  std::vector<std::string> header = {
      fmt::format("Imported by `warpsim config import` from {}.", files),
      "Each value names the GPGPU-Sim option it came from. Options that were translated only",
      "approximately, and options warpsim has no counterpart for, are listed at the end.",
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
  if (!result.untranslated.empty()) {
    yaml += "\n# Not translated (no warpsim counterpart, or not a timing parameter):\n";
    for (const std::string& u : result.untranslated) yaml += "#   " + u + "\n";
  }
  if (!yaml.ends_with('\n')) yaml += '\n';
  result.yaml = std::move(yaml);
  return result;
}

}  // namespace warpsim::import
