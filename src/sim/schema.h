#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/config_node.h"

namespace warpsim {

class PolicyRegistry;

enum class ParamType {
  kInt,
  kUint,
  kFloat,
  kBool,
  kString,
  kIntList,
  kSize,  // a byte count; accepts "64B", "48KiB", "4MiB", ... as well as plain integers
};

// "int", "uint", "float", "bool", "string", "int list", "size".
std::string_view param_type_name(ParamType type);

// One knob. Declared next to the code that reads it, so the schema, the defaults and the
// `warpsim list` documentation can never drift apart.
//
// Written with designated initializers; every member has an initializer so that any subset
// may be given without -Wmissing-field-initializers noise:
//   {.name = "ways", .type = ParamType::kUint, .description = "Associativity",
//    .default_value = "4", .min = 1, .max = 64}
struct ParamSpec {
  std::string name = {};
  ParamType type = ParamType::kInt;
  std::string description = {};
  std::optional<std::string> default_value = std::nullopt;  // YAML text; absent = required
  std::optional<double> min = std::nullopt;  // inclusive; numeric types and list items
  std::optional<double> max = std::nullopt;
  std::vector<std::string> choices = {};  // allowed values of a kString param; empty = any
  // A kString naming a file: a relative one is made absolute, against the directory of the
  // config file that gives it (the working directory for --set), so that the resolved config
  // still finds it when written elsewhere (a run's config.yaml).
  bool file = false;
};

// A place in a section where a plug-in is chosen with `impl:`. In YAML a slot is a map
// `{ impl: lru, <params of lru> }`; a bare scalar `lru` is shorthand for `{ impl: lru }`. A map
// without `impl:` configures the default implementation.
struct PolicySlot {
  std::string name = {};          // the YAML key, e.g. "replacement"
  std::string kind = {};          // the registry kind, e.g. ReplacementPolicy::kKind
  std::string default_impl = {};  // empty means the slot must be given
  std::string description = {};
};

struct SectionSpec {
  std::string name = {};  // the YAML key (ignored for the root)
  std::string description = {};
  std::vector<ParamSpec> params = {};
  std::vector<SectionSpec> sections = {};
  std::vector<PolicySlot> policies = {};
};

// Validates `raw` against `root` and returns the resolved tree: every param, section and
// policy slot present (defaults filled in with origin "default"), keys in schema order
// (params, then policy slots, then sections), integers and sizes in plain decimal, booleans as
// true/false, and every slot in the canonical `{ impl: ..., params... }` form. Reports every
// problem at once: throws one ConfigError with one "origin: path: message" line per error.
ConfigNode resolve_config(const ConfigNode& raw, const SectionSpec& root,
                          const PolicyRegistry& registry);

// Resolves one policy slot the same way (used by PolicyRegistry::create, so a policy is always
// built from complete, validated params even when given a hand-written node).
ConfigNode resolve_policy_slot(const ConfigNode& raw, const PolicySlot& slot,
                               const PolicyRegistry& registry);

// Shorthands for the common kinds of knob, each with a default value (YAML text).
ParamSpec uint_param(std::string name, std::string description, std::string value,
                     std::optional<double> min = 0, std::optional<double> max = std::nullopt);
ParamSpec size_param(std::string name, std::string description, std::string value,
                     std::optional<double> min = 0);
ParamSpec list_param(std::string name, std::string description, std::string value,
                     std::optional<double> min = std::nullopt,
                     std::optional<double> max = std::nullopt);
ParamSpec choice_param(std::string name, std::string description, std::string value,
                       std::vector<std::string> choices);

// "ways (uint, default 4, 1..64): Associativity" — one line for `warpsim list` and docs.
std::string describe_param(const ParamSpec& param);

// The candidate closest to `key` by edit distance, or "" if none is plausibly a typo of it.
std::string closest_match(std::string_view key, const std::vector<std::string>& candidates);

}  // namespace warpsim
