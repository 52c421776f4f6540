#pragma once

// The preset an import builds: nested sections of `key: value` in the order they were first set,
// each value with a comment that names the GPGPU-Sim option it came from. Printed as YAML in
// block style (configs/gpus/*.yaml are written the same way).

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace warpsim::import {

class PresetTree {
 public:
  PresetTree();
  ~PresetTree();
  PresetTree(PresetTree&&) noexcept;
  PresetTree& operator=(PresetTree&&) noexcept;

  // Sets the key at dotted `path` ("sm.l1d.size") to `value`, YAML text (a scalar or a flow
  // list), replacing an earlier value but keeping its place. `comment` goes after the value.
  void set(std::string_view path, std::string value, std::string comment = {});
  // A comment line above the section or key at `path` (created if needed, empty for now).
  void note(std::string_view path, std::string comment);
  // The value text at `path`, or nullptr.
  const std::string* find(std::string_view path) const;

  // YAML: `header` lines as comments first, then the tree.
  std::string to_yaml(const std::vector<std::string>& header) const;

 private:
  struct Node;
  std::unique_ptr<Node> root_;
};

// A YAML double-quoted string.
std::string yaml_quote(std::string_view text);

}  // namespace warpsim::import
