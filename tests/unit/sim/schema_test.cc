#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "sim/config_node.h"
#include "sim/registry.h"
#include "sim/schema.h"

namespace warpsim {
namespace {

using ::testing::HasSubstr;

// A private registry with stand-in policies, so these tests do not change when real policies
// are added to the process-wide registry.
struct FakePolicy {
  static constexpr const char* kKind = "replacement";
  struct Context {};
  virtual ~FakePolicy() = default;
};
struct PlainFake : FakePolicy {
  PlainFake(const ConfigNode& /*params*/, const Context& /*context*/) {}
};

const PolicyRegistry& fake_registry() {
  static const PolicyRegistry registry = [] {
    PolicyRegistry r;
    r.add<FakePolicy, PlainFake>("fifo", "stand-in", {});
    r.add<FakePolicy, PlainFake>("lru", "stand-in", {});
    r.add<FakePolicy, PlainFake>(
        "random", "stand-in",
        {{.name = "seed", .type = ParamType::kUint, .description = "s", .default_value = "0"}});
    return r;
  }();
  return registry;
}

// A small GPU-like schema: required and defaulted params of every type, a nested section and
// a policy slot.
SectionSpec test_schema() {
  SectionSpec l1d{.name = "l1d",
                  .description = "L1 data cache",
                  .params = {{.name = "size",
                              .type = ParamType::kSize,
                              .description = "Capacity",
                              .default_value = "32KiB"},
                             {.name = "ways",
                              .type = ParamType::kUint,
                              .description = "Associativity",
                              .default_value = "4",
                              .min = 1,
                              .max = 64},
                             {.name = "write_policy",
                              .type = ParamType::kString,
                              .description = "What a store does",
                              .default_value = "write_back",
                              .choices = {"write_back", "write_through"}},
                             {.name = "enabled",
                              .type = ParamType::kBool,
                              .description = "Use the L1D",
                              .default_value = "true"},
                             {.name = "banks",
                              .type = ParamType::kIntList,
                              .description = "Bank ids",
                              .default_value = "[0, 1]",
                              .min = 0}},
                  .policies = {{.name = "replacement",
                                .kind = FakePolicy::kKind,
                                .default_impl = "lru",
                                .description = "Victim selection"}}};
  SectionSpec sm{.name = "sm",
                 .description = "Streaming multiprocessors",
                 .params = {{.name = "count",
                             .type = ParamType::kUint,
                             .description = "Number of SMs",
                             .min = 1},
                            {.name = "clock_mhz",
                             .type = ParamType::kFloat,
                             .description = "Core clock",
                             .default_value = "1400"},
                            {.name = "offset",
                             .type = ParamType::kInt,
                             .description = "Signed knob",
                             .default_value = "-2"}},
                 .sections = {l1d}};
  return SectionSpec{.name = "",
                     .description = "GPU",
                     .params = {{.name = "name",
                                 .type = ParamType::kString,
                                 .description = "Label",
                                 .default_value = ""}},
                     .sections = {sm}};
}

ConfigNode resolve_text(const std::string& yaml) {
  return resolve_config(ConfigNode::parse_string(yaml, "gpu.yaml"), test_schema(), fake_registry());
}

std::vector<std::string> errors_of(const std::string& yaml) {
  try {
    resolve_text(yaml);
  } catch (const ConfigError& e) {
    return e.messages();
  }
  return {};
}

std::string error_of(const std::string& yaml) {
  std::vector<std::string> errors = errors_of(yaml);
  return errors.size() == 1 ? errors[0] : "(expected exactly one error)";
}

TEST(SchemaTest, FillsEveryDefaultInSchemaOrder) {
  ConfigNode resolved = resolve_text("sm:\n  count: 4\n");
  EXPECT_EQ(resolved.to_yaml(),
            "name: \"\"\n"
            "sm:\n"
            "  count: 4\n"
            "  clock_mhz: 1400\n"
            "  offset: -2\n"
            "  l1d:\n"
            "    size: 32768\n"
            "    ways: 4\n"
            "    write_policy: write_back\n"
            "    enabled: true\n"
            "    banks: [0, 1]\n"
            "    replacement:\n"
            "      impl: lru\n");
  EXPECT_EQ(resolved.at("sm").at("count").origin().describe(), "gpu.yaml:2:10");
  EXPECT_EQ(resolved.at("sm").at("l1d").at("ways").origin().describe(), "default");
  EXPECT_EQ(resolved.at("sm").at("l1d").at("replacement").at("impl").path(),
            "sm.l1d.replacement.impl");
}

TEST(SchemaTest, CanonicalizesSizesIntegersAndBooleans) {
  ConfigNode resolved =
      resolve_text("sm:\n  count: 0x10\n  l1d: {size: 48KiB, enabled: False, banks: [1KiB]}\n");
  const ConfigNode& l1d = resolved.at("sm").at("l1d");
  EXPECT_EQ(resolved.at("sm").at("count").text(), "16");
  EXPECT_EQ(l1d.at("size").text(), "49152");
  EXPECT_EQ(l1d.at("enabled").text(), "false");
  EXPECT_EQ(l1d.at("banks").as_int_list(), std::vector<std::int64_t>{1024});
  // Resolving a resolved config changes nothing.
  EXPECT_EQ(resolve_config(resolved, test_schema(), fake_registry()).to_yaml(), resolved.to_yaml());
}

TEST(SchemaTest, UnknownKeySuggestsTheClosestKnownKey) {
  EXPECT_EQ(error_of("sm:\n  count: 1\n  l1d:\n    wayz: 8\n"),
            "gpu.yaml:4:5: sm.l1d.wayz: unknown key 'wayz'; did you mean 'ways'?");
  EXPECT_EQ(error_of("sm:\n  count: 1\n  frobnicate: 1\n"),
            "gpu.yaml:3:3: sm.frobnicate: unknown key 'frobnicate' "
            "(known keys: count, clock_mhz, offset, l1d)");
}

TEST(SchemaTest, WrongTypeNamesPathAndValue) {
  EXPECT_EQ(error_of("sm:\n  count: 1\n  l1d:\n    ways: eight\n"),
            "gpu.yaml:4:11: sm.l1d.ways: expected a non-negative integer, got 'eight'");
  EXPECT_EQ(error_of("sm:\n  count: 1\n  l1d: {size: 48KB}\n"),
            "gpu.yaml:3:15: sm.l1d.size: expected a size in bytes (e.g. 4096 or 48KiB), got "
            "'48KB'");
  EXPECT_EQ(error_of("sm:\n  count: 1\n  clock_mhz: fast\n"),
            "gpu.yaml:3:14: sm.clock_mhz: expected a number, got 'fast'");
  EXPECT_EQ(error_of("sm:\n  count: 1\n  l1d: {enabled: maybe}\n"),
            "gpu.yaml:3:18: sm.l1d.enabled: expected true or false, got 'maybe'");
  EXPECT_EQ(error_of("sm:\n  count: 1\n  l1d: {banks: [0, x]}\n"),
            "gpu.yaml:3:20: sm.l1d.banks[1]: expected an integer, got 'x'");
  EXPECT_EQ(error_of("sm:\n  count: 1\n  l1d: {banks: 3}\n"),
            "gpu.yaml:3:16: sm.l1d.banks: expected a list of integers, got '3'");
  EXPECT_EQ(error_of("sm: 3\n"), "gpu.yaml:1:5: sm: expected a map of settings, got '3'");
}

TEST(SchemaTest, OutOfRangeAndNotInChoices) {
  EXPECT_EQ(error_of("sm:\n  count: 1\n  l1d: {ways: 65}\n"),
            "gpu.yaml:3:15: sm.l1d.ways: 65 is out of range: must be between 1 and 64");
  EXPECT_EQ(error_of("sm:\n  count: 0\n"),
            "gpu.yaml:2:10: sm.count: 0 is out of range: must be at least 1");
  EXPECT_EQ(error_of("sm:\n  count: 1\n  l1d: {banks: [2, -1]}\n"),
            "gpu.yaml:3:20: sm.l1d.banks[1]: -1 is out of range: must be at least 0");
  EXPECT_EQ(error_of("sm:\n  count: 1\n  l1d: {write_policy: write_around}\n"),
            "gpu.yaml:3:23: sm.l1d.write_policy: 'write_around' is not one of: write_back, "
            "write_through");
}

TEST(SchemaTest, MissingRequiredKeyPointsAtTheEnclosingSection) {
  EXPECT_EQ(error_of("sm:\n  clock_mhz: 1000\n"),
            "gpu.yaml:1:1: sm.count: missing required key 'count' (Number of SMs)");
  // With the whole section absent the error points at the nearest enclosing map.
  EXPECT_EQ(error_of("name: x\n"),
            "gpu.yaml:1:1: sm.count: missing required key 'count' (Number of SMs)");
}

TEST(SchemaTest, PolicySlotsAreValidatedAgainstTheRegisteredPolicy) {
  EXPECT_EQ(error_of("sm:\n  count: 1\n  l1d:\n    replacement: {impl: lur}\n"),
            "gpu.yaml:4:25: sm.l1d.replacement.impl: unknown replacement policy 'lur'; did you "
            "mean 'lru'? (registered: fifo, lru, random)");
  EXPECT_THAT(error_of("sm:\n  count: 1\n  l1d:\n    replacement: belady\n"),
              HasSubstr("gpu.yaml:4:18: sm.l1d.replacement: unknown replacement policy "
                        "'belady' (registered: fifo, lru, random"));
  EXPECT_EQ(error_of("sm:\n  count: 1\n  l1d:\n    replacement: {impl: lru, seed: 3}\n"),
            "gpu.yaml:4:30: sm.l1d.replacement.seed: unknown key 'seed' (replacement policy "
            "'lru' takes no parameters)");
  EXPECT_EQ(error_of("sm:\n  count: 1\n  l1d:\n    replacement: {impl: random, sed: 3}\n"),
            "gpu.yaml:4:33: sm.l1d.replacement.sed: unknown key 'sed'; did you mean 'seed'?");
  EXPECT_EQ(error_of("sm:\n  count: 1\n  l1d:\n    replacement: {impl: random, seed: -1}\n"),
            "gpu.yaml:4:39: sm.l1d.replacement.seed: expected a non-negative integer, got '-1'");
}

TEST(SchemaTest, PolicyShorthandAndParamDefaults) {
  ConfigNode resolved = resolve_text("sm:\n  count: 1\n  l1d:\n    replacement: random\n");
  EXPECT_EQ(resolved.at("sm").at("l1d").at("replacement").to_yaml(), "impl: random\nseed: 0\n");
  // A map without impl configures the slot's default implementation.
  ConfigNode params_only = resolve_config(
      ConfigNode::parse_string("sm: {count: 1, l1d: {replacement: {}}}\n", "gpu.yaml"),
      test_schema(), fake_registry());
  EXPECT_EQ(params_only.at("sm").at("l1d").at("replacement").to_yaml(), "impl: lru\n");
  // An empty slot (`replacement:`) also means the default.
  EXPECT_EQ(resolve_text("sm:\n  count: 1\n  l1d:\n    replacement:\n")
                .at("sm")
                .at("l1d")
                .at("replacement")
                .to_yaml(),
            "impl: lru\n");
}

TEST(SchemaTest, CollectsEveryErrorInOneException) {
  std::vector<std::string> errors =
      errors_of("sm:\n  l1d:\n    ways: 0\n    colour: red\n    replacement: nope\n");
  ASSERT_EQ(errors.size(), 4u);
  EXPECT_THAT(errors[0], HasSubstr("sm.count: missing required key"));
  EXPECT_THAT(errors[1], HasSubstr("gpu.yaml:4:5: sm.l1d.colour: unknown key"));
  EXPECT_THAT(errors[2], HasSubstr("gpu.yaml:3:11: sm.l1d.ways: 0 is out of range"));
  EXPECT_THAT(errors[3], HasSubstr("gpu.yaml:5:18: sm.l1d.replacement: unknown replacement"));
  try {
    resolve_text("sm:\n  l1d:\n    ways: 0\n    colour: red\n    replacement: nope\n");
    FAIL() << "expected a ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()),
              errors[0] + "\n" + errors[1] + "\n" + errors[2] + "\n" + errors[3]);
  }
}

TEST(SchemaTest, SetValuesAreReportedByTheirCommandLineOrigin) {
  ConfigNode raw = ConfigNode::parse_string("sm: {count: 1}\n", "gpu.yaml");
  raw.set_dotted("sm.l1d.ways", "eight", Origin{"--set sm.l1d.ways=eight"});
  try {
    resolve_config(raw, test_schema(), fake_registry());
    FAIL() << "expected a ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()),
              "--set sm.l1d.ways=eight: sm.l1d.ways: expected a non-negative integer, got "
              "'eight'");
  }
}

TEST(SchemaTest, InvalidDefaultIsReportedAsDefault) {
  SectionSpec spec{
      .params = {
          {.name = "n", .type = ParamType::kUint, .description = "n", .default_value = "many"}}};
  try {
    resolve_config(ConfigNode::map(), spec, fake_registry());
    FAIL() << "expected a ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_EQ(std::string(e.what()), "default: n: expected a non-negative integer, got 'many'");
  }
}

TEST(SchemaTest, DescribeParamAndClosestMatch) {
  EXPECT_EQ(describe_param({.name = "ways",
                            .type = ParamType::kUint,
                            .description = "Associativity",
                            .default_value = "4",
                            .min = 1,
                            .max = 64}),
            "ways (uint, default 4, 1..64): Associativity");
  EXPECT_EQ(describe_param({.name = "mode",
                            .type = ParamType::kString,
                            .description = "Mode",
                            .choices = {"a", "b"}}),
            "mode (string, required, one of a|b): Mode");
  EXPECT_EQ(closest_match("replacment", {"replacement", "bypass"}), "replacement");
  EXPECT_EQ(closest_match("xyz", {"replacement", "bypass"}), "");
}

}  // namespace
}  // namespace warpsim
