#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace warpsim {

// Where a config value came from, so every error can point the user at the line to fix.
struct Origin {
  std::string source;  // "configs/gpus/v100.yaml", "--set sm.count=4" or "default"
  int line = 0;        // 1-based; 0 when the source has no lines
  int column = 0;      // 1-based

  // "configs/gpus/v100.yaml:12:3", or just the source when there is no line.
  std::string describe() const;

  static Origin default_value() { return Origin{"default"}; }
};

// Bad user configuration. May carry several messages (one per line of what()) so that a
// single run reports every mistake in a config instead of making the user fix them one by one.
class ConfigError : public std::runtime_error {
 public:
  explicit ConfigError(const std::string& message);
  explicit ConfigError(std::vector<std::string> messages);

  const std::vector<std::string>& messages() const { return messages_; }

 private:
  std::vector<std::string> messages_;
};

// "origin: path: message", the one format every config error uses.
std::string locate(const Origin& origin, std::string_view path, std::string_view message);

// A YAML-like tree (null, scalar, map, sequence) in which every node remembers its Origin and
// its dotted path from the root ("sm.l1d.ways", "sm.tags[2]"). Maps keep insertion order so
// that emitted configs are stable and read like the file they came from.
//
// Scalars are kept as text; the typed readers convert on demand. Integer readers also accept
// binary size suffixes: "64B", "48KiB", "4MiB", "1GiB", "1TiB" (powers of 1024, case-sensitive),
// as well as "0x" hexadecimal.
class ConfigNode {
 public:
  enum class Kind { kNull, kScalar, kMap, kSequence };
  using Entry = std::pair<std::string, ConfigNode>;

  ConfigNode() = default;
  static ConfigNode null(Origin origin = {});
  static ConfigNode scalar(std::string text, Origin origin = {});
  static ConfigNode map(Origin origin = {});
  static ConfigNode sequence(Origin origin = {});

  // Parse YAML; errors name the file, line and column. An empty document parses as null.
  static ConfigNode parse_file(const std::string& path);
  static ConfigNode parse_string(std::string_view yaml, const std::string& source_name);

  // Parses `text` as one YAML value (a scalar, or a flow [list] / {map}); every node gets
  // `origin`. Used for --set values and for schema defaults.
  static ConfigNode parse_value(std::string_view text, const Origin& origin);

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::kNull; }
  bool is_scalar() const { return kind_ == Kind::kScalar; }
  bool is_map() const { return kind_ == Kind::kMap; }
  bool is_sequence() const { return kind_ == Kind::kSequence; }
  const Origin& origin() const { return origin_; }
  void set_origin(Origin origin) { origin_ = std::move(origin); }
  // Where the key naming this node in its parent map was written (falls back to origin()).
  // Errors about the key itself ("unknown key") point here rather than at the value, which
  // for a nested block map starts on the next line.
  const Origin& key_origin() const { return key_origin_.source.empty() ? origin_ : key_origin_; }
  void set_key_origin(Origin origin) { key_origin_ = std::move(origin); }
  const std::string& path() const { return path_; }
  // Re-labels this subtree as living at `path` ("sm.l1d"), e.g. after resolving it on its own.
  void set_path(std::string path);

  // Map access. find() returns nullptr for a missing key or when this is not a map.
  const ConfigNode* find(std::string_view key) const;
  ConfigNode* find(std::string_view key);
  // Like find() but a missing key is a ConfigError naming this node's path and origin.
  const ConfigNode& at(std::string_view key) const;
  // Inserts at the end, or replaces in place (keeping the key's position). Turns a node that
  // is not a map (usually null) into an empty map first. Returns the stored child, whose path has
  // been updated.
  ConfigNode& set(std::string key, ConfigNode value);
  bool erase(std::string_view key);
  const std::vector<Entry>& entries() const { return entries_; }

  // Sequence access. push_back() turns a node that is not a sequence into an empty one first.
  const std::vector<ConfigNode>& items() const { return items_; }
  void push_back(ConfigNode value);

  // Number of map entries or sequence items; 0 for scalars and null.
  std::size_t size() const;

  // Raw scalar text ("" for non-scalars).
  const std::string& text() const { return text_; }

  // Typed reads. Each throws ConfigError("origin: path: expected ..., got '...'").
  std::int64_t as_int() const;
  std::uint64_t as_uint() const;
  std::uint64_t as_size() const { return as_uint(); }  // bytes; reads better at call sites
  double as_double() const;
  bool as_bool() const;  // true/false (also True/TRUE/False/FALSE, the YAML 1.2 core forms)
  std::string as_string() const;
  std::vector<std::int64_t> as_int_list() const;

  // An error located at this node, for callers that validate values further.
  ConfigError error(std::string_view message) const;

  // Deep merge: maps merge key by key, anything else is replaced by the overlay's value, and
  // origins follow the winning value. One exception: when both sides are maps that name a
  // different `impl:`, the overlay's map replaces this one whole, because the old
  // implementation's parameters mean nothing to the new one.
  void merge_from(const ConfigNode& overlay);

  // Sets "a.b.c" to `value_text` parsed as YAML (a scalar, or a flow [list]/{map}), creating
  // maps on the way. Applied like a one-key overlay with merge_from(): a {map} value merges
  // into an existing map, and setting `impl` to a new name drops the old implementation's
  // params. Throws ConfigError if a path segment is empty or crosses a non-map.
  void set_dotted(std::string_view dotted_path, std::string_view value_text, const Origin& origin);

  // Block-style YAML in insertion order; sequences of scalars are written in flow style.
  std::string to_yaml() const;
  // Scalars become integers, floats or booleans when their text reads as one, else strings.
  nlohmann::ordered_json to_json() const;

 private:
  [[noreturn]] void fail_expected(std::string_view what) const;

  Kind kind_ = Kind::kNull;
  std::string text_;
  std::vector<Entry> entries_;
  std::vector<ConfigNode> items_;
  Origin origin_;
  Origin key_origin_;
  std::string path_;
};

// Parses an integer with an optional size suffix ("48KiB"); false on bad text or overflow.
bool parse_int_text(std::string_view text, std::int64_t* value);
bool parse_uint_text(std::string_view text, std::uint64_t* value);
// Parses a finite floating-point number.
bool parse_double_text(std::string_view text, double* value);
bool parse_bool_text(std::string_view text, bool* value);

}  // namespace warpsim
