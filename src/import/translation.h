#pragma once

// What the translators of `warpsim config import` share: the options being read, the preset
// being built and the notes on what did not translate exactly. Each translator (import_core,
// import_caches, import_memory) takes the options of one part of the GPU.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "import/gpgpusim_options.h"
#include "import/preset_tree.h"

namespace warpsim::import {

struct Translation {
  GpgpusimOptions& options;
  // The preset inherits another: leave out what only stands in for a missing option.
  bool inheriting = false;
  PresetTree tree;
  // "FILE:LINE: -option value: how it was approximated", for the end of the preset and stderr.
  std::vector<std::string> approximations;
  // "FILE:LINE: -option value: why": options read whose value is what warpsim does anyway, so
  // that there is no key to set.
  std::vector<std::string> agreements;

  // The option (marked used), or nullptr.
  const OptionValue* take(std::string_view name) { return options.take(name); }
  // Sets `path` to `value` with the comment "-name value".
  void set(std::string_view path, std::string value, const OptionValue& from);
  void set(std::string_view path, std::string value, std::string comment) {
    tree.set(path, std::move(value), std::move(comment));
  }
  void approximate(const OptionValue& from, std::string_view how);
  // Takes option `name` if its value is `value`, GPGPU-Sim's setting for what warpsim always
  // does (`why`), and lists it among the agreements; otherwise leaves it to be listed as not
  // translated. Returns whether it agreed.
  bool agree(std::string_view name, std::string_view value, std::string_view why);
};

// "-name value" for comments ("-name" for a bare flag).
std::string cite(const OptionValue& option);
// A byte count as the presets write it: "48KiB", "6MiB", else the number.
std::string bytes_text(std::uint64_t bytes);
// A number without a trailing ".0".
std::string number_text(double value);

// The translators, in the order the preset lists their sections.
void translate_core(Translation& t);
void translate_caches(Translation& t);
void translate_memory(Translation& t);

}  // namespace warpsim::import
