#include "sim/config_node.h"

#include <charconv>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

namespace warpsim {
namespace {

std::string join_lines(const std::vector<std::string>& lines) {
  std::string joined;
  for (const std::string& line : lines) {
    if (!joined.empty()) joined += '\n';
    joined += line;
  }
  return joined;
}

struct SizeSuffix {
  std::string_view text;
  int shift;
};
// Binary (IEC) suffixes only: "KB" is left out on purpose because it is ambiguous between
// 1000 and 1024, and a silently wrong cache size is worse than an error.
constexpr SizeSuffix kSizeSuffixes[] = {
    {"B", 0}, {"KiB", 10}, {"MiB", 20}, {"GiB", 30}, {"TiB", 40}};

bool starts_with_digit(std::string_view text) {
  return !text.empty() && text.front() >= '0' && text.front() <= '9';
}

// Parses "123", "0x7f" or "48KiB" (no sign).
bool parse_magnitude(std::string_view text, std::uint64_t* value) {
  if (!starts_with_digit(text)) return false;
  int base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    base = 16;
    text.remove_prefix(2);
  }
  const char* end = text.data() + text.size();
  auto [rest, ec] = std::from_chars(text.data(), end, *value, base);
  if (ec != std::errc() || rest == text.data()) return false;
  if (rest == end) return true;
  if (base != 10) return false;
  std::string_view suffix(rest, static_cast<std::size_t>(end - rest));
  for (const SizeSuffix& candidate : kSizeSuffixes) {
    if (suffix != candidate.text) continue;
    if (*value > (std::numeric_limits<std::uint64_t>::max() >> candidate.shift)) return false;
    *value <<= candidate.shift;
    return true;
  }
  return false;
}

// Plain decimal integers only: JSON output should not reinterpret "64B" as a number.
bool is_plain_integer(std::string_view text) {
  if (!text.empty() && text.front() == '-') text.remove_prefix(1);
  if (text.empty()) return false;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

std::string describe_for_error(const ConfigNode& node) {
  switch (node.kind()) {
    case ConfigNode::Kind::kNull:
      return "null";
    case ConfigNode::Kind::kMap:
      return "a map";
    case ConfigNode::Kind::kSequence:
      return "a list";
    case ConfigNode::Kind::kScalar:
      break;
  }
  return fmt::format("'{}'", node.text());
}

// Converts a yaml-cpp tree. With `fixed` set every node gets that origin (used for --set
// values, whose YAML marks would point into the command-line argument, not a file).
ConfigNode convert(const YAML::Node& yaml, const std::string& source, const Origin* fixed) {
  Origin origin = fixed ? *fixed : Origin{source, yaml.Mark().line + 1, yaml.Mark().column + 1};
  switch (yaml.Type()) {
    case YAML::NodeType::Scalar:
      return ConfigNode::scalar(yaml.Scalar(), origin);
    case YAML::NodeType::Sequence: {
      ConfigNode sequence = ConfigNode::sequence(origin);
      for (const YAML::Node& item : yaml) sequence.push_back(convert(item, source, fixed));
      return sequence;
    }
    case YAML::NodeType::Map: {
      ConfigNode map = ConfigNode::map(origin);
      for (const auto& pair : yaml) {
        ConfigNode key = convert(pair.first, source, fixed);
        if (!key.is_scalar())
          throw ConfigError(locate(key.origin(), "", "map keys must be scalars"));
        if (map.find(key.text()) != nullptr) {
          throw ConfigError(
              locate(key.origin(), map.path(), fmt::format("duplicate key '{}'", key.text())));
        }
        map.set(key.text(), convert(pair.second, source, fixed)).set_key_origin(key.origin());
      }
      return map;
    }
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
      break;
  }
  return ConfigNode::null(origin);
}

ConfigNode parse_yaml(std::string_view text, const std::string& source, const Origin* fixed) {
  try {
    return convert(YAML::Load(std::string(text)), source, fixed);
  } catch (const YAML::Exception& e) {
    Origin where = fixed ? *fixed : Origin{source, e.mark.line + 1, e.mark.column + 1};
    throw ConfigError(locate(where, "", fmt::format("invalid YAML: {}", e.msg)));
  }
}

void emit(YAML::Emitter& out, const ConfigNode& node) {
  switch (node.kind()) {
    case ConfigNode::Kind::kNull:
      out << YAML::Null;
      return;
    case ConfigNode::Kind::kScalar:
      out << node.text();
      return;
    case ConfigNode::Kind::kMap:
      out << YAML::BeginMap;
      for (const auto& [key, value] : node.entries()) {
        out << YAML::Key << key << YAML::Value;
        emit(out, value);
      }
      out << YAML::EndMap;
      return;
    case ConfigNode::Kind::kSequence:
      bool all_scalars = true;
      for (const ConfigNode& item : node.items()) all_scalars = all_scalars && item.is_scalar();
      if (all_scalars) out << YAML::Flow;
      out << YAML::BeginSeq;
      for (const ConfigNode& item : node.items()) emit(out, item);
      out << YAML::EndSeq;
      return;
  }
}

nlohmann::ordered_json scalar_to_json(const std::string& text) {
  std::int64_t signed_value = 0;
  std::uint64_t unsigned_value = 0;
  double real = 0;
  bool flag = false;
  if (is_plain_integer(text)) {
    if (text.front() == '-' && parse_int_text(text, &signed_value)) return signed_value;
    if (text.front() != '-' && parse_uint_text(text, &unsigned_value)) return unsigned_value;
  }
  if (parse_double_text(text, &real)) return real;
  if (text == "true" || text == "false") return parse_bool_text(text, &flag) && flag;
  return text;
}

}  // namespace

std::string Origin::describe() const {
  if (line <= 0) return source;
  return fmt::format("{}:{}:{}", source, line, column);
}

ConfigError::ConfigError(const std::string& message)
    : std::runtime_error(message), messages_{message} {}

ConfigError::ConfigError(std::vector<std::string> messages)
    : std::runtime_error(join_lines(messages)), messages_(std::move(messages)) {}

std::string locate(const Origin& origin, std::string_view path, std::string_view message) {
  std::string where = origin.describe();
  if (where.empty()) where = "<config>";
  if (path.empty()) return fmt::format("{}: {}", where, message);
  return fmt::format("{}: {}: {}", where, path, message);
}

bool parse_uint_text(std::string_view text, std::uint64_t* value) {
  return parse_magnitude(text, value);
}

bool parse_int_text(std::string_view text, std::int64_t* value) {
  bool negative = !text.empty() && text.front() == '-';
  if (negative) text.remove_prefix(1);
  std::uint64_t magnitude = 0;
  if (!parse_magnitude(text, &magnitude)) return false;
  constexpr auto kMax = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  if (magnitude > kMax + (negative ? 1 : 0)) return false;
  // Negate in unsigned arithmetic so that INT64_MIN does not overflow.
  *value =
      negative ? static_cast<std::int64_t>(~magnitude + 1) : static_cast<std::int64_t>(magnitude);
  return true;
}

bool parse_double_text(std::string_view text, double* value) {
  if (text.empty()) return false;
  const char* end = text.data() + text.size();
  auto [rest, ec] = std::from_chars(text.data(), end, *value);
  return ec == std::errc() && rest == end && std::isfinite(*value);
}

bool parse_bool_text(std::string_view text, bool* value) {
  if (text == "true" || text == "True" || text == "TRUE") {
    *value = true;
    return true;
  }
  if (text == "false" || text == "False" || text == "FALSE") {
    *value = false;
    return true;
  }
  return false;
}

ConfigNode ConfigNode::null(Origin origin) {
  ConfigNode node;
  node.origin_ = std::move(origin);
  return node;
}

ConfigNode ConfigNode::scalar(std::string text, Origin origin) {
  ConfigNode node = null(std::move(origin));
  node.kind_ = Kind::kScalar;
  node.text_ = std::move(text);
  return node;
}

ConfigNode ConfigNode::map(Origin origin) {
  ConfigNode node = null(std::move(origin));
  node.kind_ = Kind::kMap;
  return node;
}

ConfigNode ConfigNode::sequence(Origin origin) {
  ConfigNode node = null(std::move(origin));
  node.kind_ = Kind::kSequence;
  return node;
}

ConfigNode ConfigNode::parse_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(fmt::format("{}: cannot read config file", path));
  std::ostringstream contents;
  contents << in.rdbuf();
  return parse_string(contents.str(), path);
}

ConfigNode ConfigNode::parse_string(std::string_view yaml, const std::string& source_name) {
  return parse_yaml(yaml, source_name, nullptr);
}

ConfigNode ConfigNode::parse_value(std::string_view text, const Origin& origin) {
  return parse_yaml(text, origin.source, &origin);
}

const ConfigNode* ConfigNode::find(std::string_view key) const {
  for (const Entry& entry : entries_) {
    if (entry.first == key) return &entry.second;
  }
  return nullptr;
}

ConfigNode* ConfigNode::find(std::string_view key) {
  return const_cast<ConfigNode*>(std::as_const(*this).find(key));
}

const ConfigNode& ConfigNode::at(std::string_view key) const {
  const ConfigNode* child = find(key);
  if (child == nullptr) throw error(fmt::format("missing key '{}'", key));
  return *child;
}

ConfigNode& ConfigNode::set(std::string key, ConfigNode value) {
  if (kind_ != Kind::kMap) {
    kind_ = Kind::kMap;
    text_.clear();
    items_.clear();
  }
  std::string child_path = path_.empty() ? key : path_ + "." + key;
  value.set_path(std::move(child_path));
  if (ConfigNode* existing = find(key)) {
    *existing = std::move(value);
    return *existing;
  }
  entries_.emplace_back(std::move(key), std::move(value));
  return entries_.back().second;
}

bool ConfigNode::erase(std::string_view key) {
  for (auto it = entries_.begin(); it != entries_.end(); ++it) {
    if (it->first == key) {
      entries_.erase(it);
      return true;
    }
  }
  return false;
}

void ConfigNode::push_back(ConfigNode value) {
  if (kind_ != Kind::kSequence) {
    kind_ = Kind::kSequence;
    text_.clear();
    entries_.clear();
  }
  value.set_path(fmt::format("{}[{}]", path_, items_.size()));
  items_.push_back(std::move(value));
}

std::size_t ConfigNode::size() const {
  if (kind_ == Kind::kMap) return entries_.size();
  if (kind_ == Kind::kSequence) return items_.size();
  return 0;
}

void ConfigNode::set_path(std::string path) {
  path_ = std::move(path);
  for (Entry& entry : entries_) {
    entry.second.set_path(path_.empty() ? entry.first : path_ + "." + entry.first);
  }
  for (std::size_t i = 0; i < items_.size(); ++i) {
    items_[i].set_path(fmt::format("{}[{}]", path_, i));
  }
}

ConfigError ConfigNode::error(std::string_view message) const {
  return ConfigError(locate(origin_, path_, message));
}

void ConfigNode::fail_expected(std::string_view what) const {
  throw error(fmt::format("expected {}, got {}", what, describe_for_error(*this)));
}

std::int64_t ConfigNode::as_int() const {
  std::int64_t value = 0;
  if (!is_scalar() || !parse_int_text(text_, &value)) fail_expected("an integer");
  return value;
}

std::uint64_t ConfigNode::as_uint() const {
  std::uint64_t value = 0;
  if (!is_scalar() || !parse_uint_text(text_, &value)) fail_expected("a non-negative integer");
  return value;
}

double ConfigNode::as_double() const {
  double value = 0;
  if (!is_scalar() || !parse_double_text(text_, &value)) fail_expected("a number");
  return value;
}

bool ConfigNode::as_bool() const {
  bool value = false;
  if (!is_scalar() || !parse_bool_text(text_, &value)) fail_expected("true or false");
  return value;
}

std::string ConfigNode::as_string() const {
  if (!is_scalar()) fail_expected("a string");
  return text_;
}

std::vector<std::int64_t> ConfigNode::as_int_list() const {
  if (!is_sequence()) fail_expected("a list of integers");
  std::vector<std::int64_t> values;
  values.reserve(items_.size());
  for (const ConfigNode& item : items_) values.push_back(item.as_int());
  return values;
}

void ConfigNode::merge_from(const ConfigNode& overlay) {
  bool both_maps = is_map() && overlay.is_map();
  const ConfigNode* new_impl = overlay.find("impl");
  const ConfigNode* old_impl = find("impl");
  bool switches_impl =
      new_impl != nullptr && (old_impl == nullptr || old_impl->text() != new_impl->text());
  if (!both_maps || switches_impl) {
    std::string path = path_;
    *this = overlay;
    set_path(std::move(path));
    return;
  }
  for (const auto& [key, value] : overlay.entries_) {
    if (ConfigNode* existing = find(key)) {
      existing->merge_from(value);
    } else {
      set(key, value);
    }
  }
}

void ConfigNode::set_dotted(std::string_view dotted_path, std::string_view value_text,
                            const Origin& origin) {
  std::vector<std::string> segments;
  std::size_t start = 0;
  while (true) {
    std::size_t dot = dotted_path.find('.', start);
    std::string_view segment = dotted_path.substr(start, dot - start);
    if (segment.empty()) throw ConfigError(locate(origin, "", "empty segment in the key path"));
    segments.emplace_back(segment);
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  ConfigNode* node = this;
  for (std::size_t i = 0; i + 1 < segments.size(); ++i) {
    ConfigNode* child = node->find(segments[i]);
    if (child == nullptr || child->is_null()) {
      child = &node->set(segments[i], map(origin));
    } else if (!child->is_map()) {
      throw ConfigError(
          locate(origin, child->path(),
                 fmt::format("cannot set a key inside {} (set at {})", describe_for_error(*child),
                             child->origin().describe())));
    }
    node = child;
  }
  // Merged as a one-key overlay so that --set follows the same rules as -c files.
  ConfigNode overlay = map(origin);
  overlay.set(segments.back(), parse_value(value_text, origin)).set_key_origin(origin);
  node->merge_from(overlay);
}

std::string ConfigNode::to_yaml() const {
  YAML::Emitter out;
  emit(out, *this);
  return std::string(out.c_str()) + "\n";
}

nlohmann::ordered_json ConfigNode::to_json() const {
  switch (kind_) {
    case Kind::kNull:
      return nullptr;
    case Kind::kScalar:
      return scalar_to_json(text_);
    case Kind::kMap: {
      nlohmann::ordered_json object = nlohmann::ordered_json::object();
      for (const auto& [key, value] : entries_) object[key] = value.to_json();
      return object;
    }
    case Kind::kSequence:
      break;
  }
  nlohmann::ordered_json array = nlohmann::ordered_json::array();
  for (const ConfigNode& item : items_) array.push_back(item.to_json());
  return array;
}

}  // namespace warpsim
