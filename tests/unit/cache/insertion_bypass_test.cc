// Insertion (LIP, BIP) and bypass (always) policies: their decisions, their seeded streams, and
// LIP/BIP driving a replacement policy's demote() the way the cache does.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cache/bypass/bypass_policy.h"
#include "cache/insertion/insertion_policy.h"
#include "cache/replacement/replacement_policy.h"
#include "sim/config_node.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

template <typename Interface>
std::unique_ptr<Interface> make(const std::string& slot_yaml,
                                const typename Interface::Context& context) {
  return PolicyRegistry::global().create<Interface>(
      ConfigNode::parse_string(slot_yaml, "test.yaml"), context);
}

constexpr InsertionPolicy::Context kInsertion{.sets = 4, .ways = 4, .seed = 11};

std::vector<bool> decisions(const std::string& slot_yaml, std::uint64_t seed, int count) {
  InsertionPolicy::Context context = kInsertion;
  context.seed = seed;
  auto policy = make<InsertionPolicy>(slot_yaml, context);
  AccessInfo access;
  std::vector<bool> result;
  result.reserve(count);
  for (int i = 0; i < count; ++i) {
    result.push_back(policy->insert_as_victim(i % 4, i % 3, access));
  }
  return result;
}

int count_false(const std::vector<bool>& values) {
  int n = 0;
  for (bool v : values) n += v ? 0 : 1;
  return n;
}

TEST(InsertionTest, LipAlwaysInsertsAsVictim) {
  EXPECT_EQ(count_false(decisions("impl: lip", 1, 1000)), 0);
}

TEST(InsertionTest, BipKeepsTheNormalPlacementOnceInEpsilon) {
  // 64000 fills at 1/32: 2000 normal placements, standard deviation 44.
  EXPECT_NEAR(count_false(decisions("impl: bip", 1, 64000)), 2000, 250);
  // 1/64, the paper's other value: 1000, standard deviation 31.
  EXPECT_NEAR(count_false(decisions("{impl: bip, epsilon: 64}", 1, 64000)), 1000, 160);
  // 1/2: 32000, standard deviation 126.
  EXPECT_NEAR(count_false(decisions("{impl: bip, epsilon: 2}", 1, 64000)), 32000, 650);
  // 1/1: never demotes, i.e. no insertion policy at all.
  EXPECT_EQ(count_false(decisions("{impl: bip, epsilon: 1}", 1, 1000)), 1000);
}

TEST(InsertionTest, BipIsReproducibleAndSeeded) {
  const std::string slot = "{impl: bip, epsilon: 2}";
  EXPECT_EQ(decisions(slot, 1, 256), decisions(slot, 1, 256));
  EXPECT_NE(decisions(slot, 1, 256), decisions(slot, 2, 256));
  EXPECT_NE(decisions("{impl: bip, epsilon: 2, seed: 4}", 1, 256), decisions(slot, 1, 256));
  EXPECT_THROW(decisions("{impl: bip, epsilon: 0}", 1, 1), ConfigError);
}

TEST(BypassTest, AlwaysBypassesEveryAccess) {
  auto always = make<BypassPolicy>("impl: always", {.sets = 32, .ways = 4, .line = 128, .seed = 0});
  AccessInfo read{.addr = 0x1000, .pc = 0x40, .sm_id = 3, .warp_id = 5};
  AccessInfo write = read;
  write.is_write = true;
  for (const AccessInfo& access : {read, write}) {
    EXPECT_TRUE(always->bypass(access, BypassPolicy::When::kBeforeLookup));
    EXPECT_TRUE(always->bypass(access, BypassPolicy::When::kOnLineStall));
    EXPECT_TRUE(always->bypass(access, BypassPolicy::When::kOnResourceStall));
  }
  always->on_eviction(read, false);  // no feedback needed, none taken
  EXPECT_TRUE(always->bypass(read, BypassPolicy::When::kBeforeLookup));
}

// One cache set the way the cache drives its policies: a hit calls on_hit; a miss fills an
// invalid way or evicts select_victim()'s choice, calls on_fill, then demote() if the insertion
// policy asks. Returns the hit/miss sequence.
std::string run_set(const std::string& replacement, const std::string& insertion,
                    const std::string& lines) {
  constexpr std::uint32_t kWays = 4;
  auto policy = make<ReplacementPolicy>(replacement, {.sets = 1, .ways = kWays, .seed = 5});
  auto insert = make<InsertionPolicy>(insertion, {.sets = 1, .ways = kWays, .seed = 5});
  std::vector<char> tags;
  std::string result;
  AccessInfo access;
  for (char line : lines) {
    std::uint32_t way = 0;
    while (way < tags.size() && tags[way] != line) ++way;
    if (way < tags.size()) {
      policy->on_hit(0, way, access);
      result += 'h';
      continue;
    }
    if (tags.size() < kWays) {
      tags.push_back(line);
    } else {
      way = policy->select_victim(0, WayMask::all(kWays), access);
      tags[way] = line;
    }
    policy->on_fill(0, way, access);
    if (insert->insert_as_victim(0, way, access)) policy->demote(0, way);
    result += 'm';
  }
  return result;
}

TEST(InsertionTest, LipKeepsPartOfACyclicWorkingSetThatThrashesLru) {
  // Five lines cycled through four ways. LRU always evicts the line needed next.
  const std::string cycle = "ABCDEABCDEABCDE";
  EXPECT_EQ(run_set("impl: lru", "{impl: bip, epsilon: 1}", cycle), "mmmmmmmmmmmmmmm");
  // LIP: each new line enters at the LRU end (the latest first), so E replaces D, D then
  // replaces E, and A, B, C stay: by hand, A B C hit from the second round on.
  EXPECT_EQ(run_set("impl: lru", "impl: lip", cycle), "mmmmmhhhmmhhhmm");
  // Tree-PLRU (bits traced by hand): after the hits on A, B, C in round 2 the root points to
  // ways 0-1, so D evicts A (way 0) rather than E (way 3), and E then hits.
  EXPECT_EQ(run_set("impl: tree_plru", "impl: lip", cycle), "mmmmmhhhmhmhhmh");
  // SRRIP: a demoted line gets the distant RRPV, 3, and equal RRPVs go to the lowest way, so
  // every miss after round 1 evicts way 0, where the previous miss went; B, C, D stay.
  EXPECT_EQ(run_set("impl: srrip", "impl: lip", cycle), "mmmmmmhhhmmhhhm");
}

}  // namespace
}  // namespace warpsim
