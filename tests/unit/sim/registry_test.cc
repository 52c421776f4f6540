#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cache/replacement/replacement_policy.h"
#include "sim/config_node.h"
#include "sim/registry.h"

namespace warpsim {

// A complete policy defined here and nowhere else: the proof that adding a policy is one new
// file. Most recently used, with a `protect` param that keeps the lowest ways from eviction.
class ToyMruReplacement final : public ReplacementPolicy {
 public:
  ToyMruReplacement(const ConfigNode& params, const Context& context)
      : context_(context),
        protect_(static_cast<std::uint32_t>(params.at("protect").as_uint())),
        last_touch_(std::size_t{context.sets} * context.ways, 0) {}

  void on_fill(std::uint32_t set, std::uint32_t way, const AccessInfo& /*access*/) override {
    last_touch_[line_index(context_, set, way)] = ++clock_;
  }
  void on_hit(std::uint32_t set, std::uint32_t way, const AccessInfo& access) override {
    on_fill(set, way, access);
  }
  std::uint32_t select_victim(std::uint32_t set, WayMask candidates,
                              const AccessInfo& /*access*/) override {
    std::uint32_t victim = *candidates.begin();
    std::uint64_t newest = 0;
    for (std::uint32_t way : candidates) {
      std::uint64_t stamp = last_touch_[line_index(context_, set, way)];
      if (way >= protect_ && stamp >= newest) {
        newest = stamp;
        victim = way;
      }
    }
    return victim;
  }
  std::uint32_t protect() const { return protect_; }

 private:
  Context context_;
  std::uint32_t protect_;
  std::uint64_t clock_ = 0;
  std::vector<std::uint64_t> last_touch_;
};

WARPSIM_REGISTER_POLICY(ReplacementPolicy, ToyMruReplacement, "toy_mru",
                        "Most recently used (registry test toy)",
                        {{.name = "protect",
                          .type = ParamType::kUint,
                          .description = "Ways below this index are never evicted",
                          .default_value = "0",
                          .max = 64}});

namespace {

using ::testing::HasSubstr;

const ReplacementPolicy::Context kContext{.sets = 2, .ways = 4, .seed = 1};

std::unique_ptr<ReplacementPolicy> create_from(const std::string& yaml) {
  ConfigNode slot = ConfigNode::parse_string(yaml, "slot.yaml");
  return PolicyRegistry::global().create<ReplacementPolicy>(slot, kContext);
}

std::string error_of(const std::string& yaml) {
  try {
    create_from(yaml);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "(no ConfigError thrown)";
}

TEST(RegistryTest, ListsEveryPolicySortedByKindThenName) {
  std::vector<PolicyInfo> all = PolicyRegistry::global().list();
  EXPECT_TRUE(std::is_sorted(all.begin(), all.end(), [](const auto& a, const auto& b) {
    return std::tie(a.kind, a.name) < std::tie(b.kind, b.name);
  }));
  std::vector<std::string> names = PolicyRegistry::global().names(ReplacementPolicy::kKind);
  for (const char* expected : {"fifo", "lru", "random", "toy_mru"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), expected), names.end()) << expected;
  }
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  EXPECT_TRUE(PolicyRegistry::global().names("no_such_kind").empty());
}

TEST(RegistryTest, FindReturnsDescriptionAndParams) {
  const PolicyInfo* random = PolicyRegistry::global().find("replacement", "random");
  ASSERT_NE(random, nullptr);
  EXPECT_EQ(random->kind, "replacement");
  ASSERT_EQ(random->params.size(), 1u);
  EXPECT_EQ(random->params[0].name, "seed");
  EXPECT_EQ(PolicyRegistry::global().find("replacement", "belady"), nullptr);
}

TEST(RegistryTest, ToyPolicyDefinedInThisFileIsListedAndCreatable) {
  const PolicyInfo* toy = PolicyRegistry::global().find("replacement", "toy_mru");
  ASSERT_NE(toy, nullptr);
  EXPECT_EQ(toy->description, "Most recently used (registry test toy)");

  std::unique_ptr<ReplacementPolicy> policy = create_from("impl: toy_mru\nprotect: 1\n");
  ASSERT_NE(dynamic_cast<ToyMruReplacement*>(policy.get()), nullptr);
  EXPECT_EQ(dynamic_cast<ToyMruReplacement&>(*policy).protect(), 1u);
  AccessInfo access;
  for (std::uint32_t way = 0; way < 4; ++way) policy->on_fill(0, way, access);
  policy->on_hit(0, 0, access);  // way 0 is now most recent, but protected
  EXPECT_EQ(policy->select_victim(0, WayMask::all(4), access), 3u);

  // The default for `protect` is filled in when the slot leaves it out.
  EXPECT_EQ(dynamic_cast<ToyMruReplacement&>(*create_from("impl: toy_mru\n")).protect(), 0u);
}

TEST(RegistryTest, CreateAcceptsShorthandAndBuiltins) {
  for (const char* name : {"lru", "fifo", "random"}) {
    std::unique_ptr<ReplacementPolicy> policy = create_from(name);
    ASSERT_NE(policy, nullptr) << name;
    AccessInfo access;
    for (std::uint32_t way = 0; way < 4; ++way) policy->on_fill(1, way, access);
    EXPECT_LT(policy->select_victim(1, WayMask::all(4), access), 4u) << name;
  }
}

TEST(RegistryTest, CreateReportsUnknownNamesAndBadParams) {
  EXPECT_THAT(error_of("impl: belady\n"),
              HasSubstr("slot.yaml:1:7: impl: unknown replacement policy 'belady'"));
  // The registered names, in order.
  EXPECT_THAT(error_of("impl: belady\n"), HasSubstr("(registered: age_lru, brrip, fifo, lru, "));
  EXPECT_THAT(error_of("impl: toy_mru\nprotect: lots\n"),
              HasSubstr("slot.yaml:2:10: protect: expected a non-negative integer, got 'lots'"));
  EXPECT_THAT(error_of("impl: toy_mru\nprotect: 65\n"), HasSubstr("out of range"));
  EXPECT_THAT(error_of("{}"), HasSubstr("missing required replacement policy"));
}

TEST(RegistryTest, PrivateRegistriesAreIndependentOfTheGlobalOne) {
  PolicyRegistry local;
  EXPECT_TRUE(local.list().empty());
  local.add<ReplacementPolicy, ToyMruReplacement>(
      "mine", "local only", {{.name = "protect", .type = ParamType::kUint, .default_value = "2"}});
  EXPECT_EQ(local.names("replacement"), std::vector<std::string>{"mine"});
  EXPECT_EQ(PolicyRegistry::global().find("replacement", "mine"), nullptr);
  auto policy = local.create<ReplacementPolicy>(ConfigNode::scalar("mine"), kContext);
  EXPECT_EQ(dynamic_cast<ToyMruReplacement&>(*policy).protect(), 2u);
}

TEST(RegistryDeathTest, RegisteringTheSameNameTwiceAborts) {
  auto register_twice = [] {
    PolicyRegistry local;
    local.add<ReplacementPolicy, ToyMruReplacement>("dup", "first", {}, "first.cc");
    local.add<ReplacementPolicy, ToyMruReplacement>("dup", "second", {}, "second.cc");
  };
  EXPECT_DEATH(register_twice(),
               "replacement policy 'dup' is registered twice \\(in first.cc and in second.cc\\)");
}

}  // namespace
}  // namespace warpsim
