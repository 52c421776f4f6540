#include "sim/schema.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "sim/registry.h"

namespace warpsim {
namespace {

constexpr const char* kImplKey = "impl";

std::string join_path(const std::string& parent, std::string_view key) {
  return parent.empty() ? std::string(key) : fmt::format("{}.{}", parent, key);
}

std::string quoted_value(const ConfigNode& node) {
  if (node.is_scalar()) return fmt::format("'{}'", node.text());
  if (node.is_map()) return "a map";
  if (node.is_sequence()) return "a list";
  return "null";
}

std::string_view expected_text(ParamType type) {
  switch (type) {
    case ParamType::kInt:
      return "an integer";
    case ParamType::kUint:
      return "a non-negative integer";
    case ParamType::kSize:
      return "a size in bytes (e.g. 4096 or 48KiB)";
    case ParamType::kFloat:
      return "a number";
    case ParamType::kBool:
      return "true or false";
    case ParamType::kString:
      return "a string";
    case ParamType::kIntList:
      return "a list of integers";
  }
  return "a value";
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t above = row[j];
      bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                  std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// "; did you mean 'ways'?" when there is a plausible typo, otherwise the whole list.
std::string suggestion(std::string_view key, const std::vector<std::string>& known,
                       std::string_view empty_note) {
  std::string closest = closest_match(key, known);
  if (!closest.empty()) return fmt::format("; did you mean '{}'?", closest);
  if (known.empty()) return fmt::format(" ({})", empty_note);
  return fmt::format(" (known keys: {})", fmt::join(known, ", "));
}

// Walks a raw tree alongside the schema, building the resolved tree and collecting every
// error instead of stopping at the first.
class Resolver {
 public:
  explicit Resolver(const PolicyRegistry& registry) : registry_(registry) {}

  ConfigNode section(const ConfigNode* raw, const SectionSpec& spec, const std::string& path,
                     const Origin& where);
  ConfigNode slot(const ConfigNode* raw, const PolicySlot& spec, const std::string& path,
                  const Origin& where);

  void throw_if_errors() {
    if (!errors_.empty()) throw ConfigError(std::move(errors_));
  }

 private:
  const PolicyInfo* implementation(const ConfigNode* raw, const PolicySlot& spec,
                                   const std::string& path, const Origin& where,
                                   ConfigNode* chosen);
  ConfigNode param(const ConfigNode* raw, const ParamSpec& spec, const std::string& path,
                   const Origin& where);
  bool check_scalar(ConfigNode* value, const ParamSpec& spec, const std::string& path);
  bool check_range(double number, const ConfigNode& value, const ParamSpec& spec,
                   const std::string& path);
  void check_keys(const ConfigNode& raw, const std::vector<std::string>& known,
                  const std::string& path, std::string_view ignored, std::string_view empty_note);
  void add(const Origin& origin, const std::string& path, std::string_view message) {
    errors_.push_back(locate(origin, path, message));
  }

  const PolicyRegistry& registry_;
  std::vector<std::string> errors_;
};

ConfigNode Resolver::section(const ConfigNode* raw, const SectionSpec& spec,
                             const std::string& path, const Origin& where) {
  if (raw != nullptr && !raw->is_null() && !raw->is_map()) {
    add(raw->origin(), path, fmt::format("expected a map of settings, got {}", quoted_value(*raw)));
    return ConfigNode::null(raw->origin());  // its contents would only add follow-on errors
  }
  // Missing keys are reported at the line that names the section.
  const Origin& here = raw != nullptr ? raw->key_origin() : where;
  ConfigNode out = ConfigNode::map(raw != nullptr ? raw->origin() : Origin::default_value());
  auto child = [raw](const std::string& key) { return raw ? raw->find(key) : nullptr; };
  if (raw != nullptr) {
    std::vector<std::string> known;
    for (const ParamSpec& param : spec.params) known.push_back(param.name);
    for (const PolicySlot& slot : spec.policies) known.push_back(slot.name);
    for (const SectionSpec& section : spec.sections) known.push_back(section.name);
    check_keys(*raw, known, path, "", "this section takes no settings");
  }
  for (const ParamSpec& p : spec.params) {
    out.set(p.name, param(child(p.name), p, join_path(path, p.name), here));
  }
  for (const PolicySlot& s : spec.policies) {
    out.set(s.name, slot(child(s.name), s, join_path(path, s.name), here));
  }
  for (const SectionSpec& s : spec.sections) {
    out.set(s.name, section(child(s.name), s, join_path(path, s.name), here));
  }
  return out;
}

// Finds the implementation a slot names, explicitly or by default; nullptr after an error.
const PolicyInfo* Resolver::implementation(const ConfigNode* raw, const PolicySlot& spec,
                                           const std::string& path, const Origin& where,
                                           ConfigNode* chosen) {
  if (raw != nullptr && !raw->is_scalar() && !raw->is_map()) {
    add(raw->origin(), path,
        fmt::format("expected a {} policy name or a map with 'impl:', got {}", spec.kind,
                    quoted_value(*raw)));
    return nullptr;
  }
  const ConfigNode* impl = raw != nullptr && raw->is_map() ? raw->find(kImplKey) : raw;
  *chosen =
      impl != nullptr ? *impl : ConfigNode::scalar(spec.default_impl, Origin::default_value());
  if (chosen->is_scalar() && chosen->text().empty()) {
    add(raw != nullptr ? raw->key_origin() : where, path,
        fmt::format("missing required {} policy (set '{}: {{ impl: NAME }}')", spec.kind,
                    spec.name));
    return nullptr;
  }
  const PolicyInfo* info =
      chosen->is_scalar() ? registry_.find(spec.kind, chosen->text()) : nullptr;
  if (info == nullptr) {
    std::vector<std::string> names = registry_.names(spec.kind);
    std::string closest = closest_match(chosen->text(), names);
    add(chosen->origin(), raw != nullptr && raw->is_map() ? join_path(path, kImplKey) : path,
        fmt::format(
            "unknown {} policy {}{} (registered: {})", spec.kind, quoted_value(*chosen),
            closest.empty() ? "" : fmt::format("; did you mean '{}'?", closest),
            names.empty() ? std::string("none") : fmt::format("{}", fmt::join(names, ", "))));
  }
  return info;
}

ConfigNode Resolver::slot(const ConfigNode* raw, const PolicySlot& spec, const std::string& path,
                          const Origin& where) {
  if (raw != nullptr && raw->is_null()) raw = nullptr;  // `replacement:` left empty = default
  ConfigNode chosen;
  const PolicyInfo* info = implementation(raw, spec, path, where, &chosen);
  if (info == nullptr) return ConfigNode::null(where);
  ConfigNode out = ConfigNode::map(raw != nullptr ? raw->origin() : Origin::default_value());
  out.set(kImplKey, chosen);
  const ConfigNode* params = raw != nullptr && raw->is_map() ? raw : nullptr;
  if (params != nullptr) {
    std::vector<std::string> known;
    for (const ParamSpec& p : info->params) known.push_back(p.name);
    check_keys(*params, known, path, kImplKey,
               fmt::format("{} policy '{}' takes no parameters", spec.kind, info->name));
  }
  const Origin& here = raw != nullptr ? raw->key_origin() : where;
  for (const ParamSpec& p : info->params) {
    const ConfigNode* value = params != nullptr ? params->find(p.name) : nullptr;
    out.set(p.name, param(value, p, join_path(path, p.name), here));
  }
  return out;
}

void Resolver::check_keys(const ConfigNode& raw, const std::vector<std::string>& known,
                          const std::string& path, std::string_view ignored,
                          std::string_view empty_note) {
  for (const auto& [key, value] : raw.entries()) {
    if (key == ignored || std::find(known.begin(), known.end(), key) != known.end()) continue;
    add(value.key_origin(), join_path(path, key),
        fmt::format("unknown key '{}'{}", key, suggestion(key, known, empty_note)));
  }
}

ConfigNode Resolver::param(const ConfigNode* raw, const ParamSpec& spec, const std::string& path,
                           const Origin& where) {
  ConfigNode value;
  if (raw != nullptr) {
    value = *raw;
  } else if (!spec.default_value) {
    add(where, path, fmt::format("missing required key '{}' ({})", spec.name, spec.description));
    return ConfigNode::null(where);
  } else if (spec.type == ParamType::kIntList) {
    value = ConfigNode::parse_value(*spec.default_value, Origin::default_value());
  } else {
    // Not parsed as YAML: a string default such as "" or "none" must stay a string.
    value = ConfigNode::scalar(*spec.default_value, Origin::default_value());
  }
  if (spec.type != ParamType::kIntList) {
    check_scalar(&value, spec, path);
    return value;
  }
  if (!value.is_sequence()) {
    add(value.origin(), path,
        fmt::format("expected {}, got {}", expected_text(spec.type), quoted_value(value)));
    return value;
  }
  ConfigNode list = ConfigNode::sequence(value.origin());
  ParamSpec item_spec = spec;
  item_spec.type = ParamType::kInt;
  for (std::size_t i = 0; i < value.items().size(); ++i) {
    ConfigNode item = value.items()[i];
    check_scalar(&item, item_spec, fmt::format("{}[{}]", path, i));
    list.push_back(std::move(item));
  }
  return list;
}

// Validates one scalar and rewrites it in canonical form (decimal integers, true/false).
bool Resolver::check_scalar(ConfigNode* value, const ParamSpec& spec, const std::string& path) {
  const std::string& text = value->text();
  bool ok = value->is_scalar();
  double number = 0;
  std::string canonical = text;
  std::int64_t signed_value = 0;
  std::uint64_t unsigned_value = 0;
  bool flag = false;
  if (ok && spec.type == ParamType::kInt) {
    ok = parse_int_text(text, &signed_value);
    number = static_cast<double>(signed_value);
    canonical = std::to_string(signed_value);
  } else if (ok && (spec.type == ParamType::kUint || spec.type == ParamType::kSize)) {
    ok = parse_uint_text(text, &unsigned_value);
    number = static_cast<double>(unsigned_value);
    canonical = std::to_string(unsigned_value);
  } else if (ok && spec.type == ParamType::kFloat) {
    ok = parse_double_text(text, &number);
  } else if (ok && spec.type == ParamType::kBool) {
    ok = parse_bool_text(text, &flag);
    canonical = flag ? "true" : "false";
  }
  if (!ok) {
    add(value->origin(), path,
        fmt::format("expected {}, got {}", expected_text(spec.type), quoted_value(*value)));
    return false;
  }
  if (spec.type == ParamType::kString && !spec.choices.empty() &&
      std::find(spec.choices.begin(), spec.choices.end(), text) == spec.choices.end()) {
    add(value->origin(), path,
        fmt::format("'{}' is not one of: {}", text, fmt::join(spec.choices, ", ")));
    return false;
  }
  if (spec.file && !canonical.empty() && std::filesystem::path(canonical).is_relative()) {
    const Origin& origin = value->origin();
    const std::filesystem::path base =
        origin.line > 0 ? std::filesystem::path(origin.source).parent_path() : "";
    canonical = std::filesystem::absolute(base / canonical).lexically_normal().string();
  }
  *value = ConfigNode::scalar(canonical, value->origin());
  if (spec.type == ParamType::kString || spec.type == ParamType::kBool) return true;
  return check_range(number, *value, spec, path);
}

bool Resolver::check_range(double number, const ConfigNode& value, const ParamSpec& spec,
                           const std::string& path) {
  bool below = spec.min && number < *spec.min;
  bool above = spec.max && number > *spec.max;
  if (!below && !above) return true;
  std::string bounds;
  if (spec.min && spec.max) {
    bounds = fmt::format("must be between {} and {}", *spec.min, *spec.max);
  } else if (spec.min) {
    bounds = fmt::format("must be at least {}", *spec.min);
  } else {
    bounds = fmt::format("must be at most {}", *spec.max);
  }
  add(value.origin(), path, fmt::format("{} is out of range: {}", value.text(), bounds));
  return false;
}

}  // namespace

std::string_view param_type_name(ParamType type) {
  switch (type) {
    case ParamType::kInt:
      return "int";
    case ParamType::kUint:
      return "uint";
    case ParamType::kFloat:
      return "float";
    case ParamType::kBool:
      return "bool";
    case ParamType::kString:
      return "string";
    case ParamType::kIntList:
      return "int list";
    case ParamType::kSize:
      return "size";
  }
  return "unknown";
}

ParamSpec uint_param(std::string name, std::string description, std::string value,
                     std::optional<double> min, std::optional<double> max) {
  return ParamSpec{.name = std::move(name),
                   .type = ParamType::kUint,
                   .description = std::move(description),
                   .default_value = std::move(value),
                   .min = min,
                   .max = max};
}

ParamSpec size_param(std::string name, std::string description, std::string value,
                     std::optional<double> min) {
  return ParamSpec{.name = std::move(name),
                   .type = ParamType::kSize,
                   .description = std::move(description),
                   .default_value = std::move(value),
                   .min = min};
}

ParamSpec list_param(std::string name, std::string description, std::string value,
                     std::optional<double> min, std::optional<double> max) {
  return ParamSpec{.name = std::move(name),
                   .type = ParamType::kIntList,
                   .description = std::move(description),
                   .default_value = std::move(value),
                   .min = min,
                   .max = max};
}

ParamSpec choice_param(std::string name, std::string description, std::string value,
                       std::vector<std::string> choices) {
  return ParamSpec{.name = std::move(name),
                   .type = ParamType::kString,
                   .description = std::move(description),
                   .default_value = std::move(value),
                   .choices = std::move(choices)};
}

std::string describe_param(const ParamSpec& param) {
  std::vector<std::string> facts{std::string(param_type_name(param.type))};
  facts.push_back(param.default_value ? fmt::format("default {}", *param.default_value)
                                      : std::string("required"));
  if (param.min && param.max) {
    facts.push_back(fmt::format("{}..{}", *param.min, *param.max));
  } else if (param.min) {
    facts.push_back(fmt::format(">= {}", *param.min));
  } else if (param.max) {
    facts.push_back(fmt::format("<= {}", *param.max));
  }
  if (!param.choices.empty()) {
    facts.push_back(fmt::format("one of {}", fmt::join(param.choices, "|")));
  }
  return fmt::format("{} ({}): {}", param.name, fmt::join(facts, ", "), param.description);
}

std::string closest_match(std::string_view key, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(2, key.size() / 3) + 1;
  for (const std::string& candidate : candidates) {
    std::size_t distance = edit_distance(key, candidate);
    if (distance < best_distance) {
      best = candidate;
      best_distance = distance;
    }
  }
  return best;
}

ConfigNode resolve_config(const ConfigNode& raw, const SectionSpec& root,
                          const PolicyRegistry& registry) {
  Resolver resolver(registry);
  ConfigNode resolved = resolver.section(&raw, root, "", raw.origin());
  resolver.throw_if_errors();
  return resolved;
}

ConfigNode resolve_policy_slot(const ConfigNode& raw, const PolicySlot& slot,
                               const PolicyRegistry& registry) {
  Resolver resolver(registry);
  ConfigNode resolved = resolver.slot(&raw, slot, raw.path(), raw.origin());
  resolver.throw_if_errors();
  resolved.set_path(raw.path());
  return resolved;
}

}  // namespace warpsim
