#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cache/replacement/replacement_policy.h"
#include "replacement_test_util.h"
#include "sim/config_node.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

constexpr ReplacementPolicy::Context kTwoSetsFourWays{.sets = 2, .ways = 4, .seed = 7};
constexpr std::uint64_t kAll = 0b1111;

std::unique_ptr<ReplacementPolicy> make(const std::string& slot_yaml,
                                        const ReplacementPolicy::Context& context) {
  return testing::make_replacement(slot_yaml, context);
}

using testing::run_script;
using testing::Step;

TEST(WayMaskTest, IteratesWaysInIncreasingOrder) {
  std::vector<std::uint32_t> ways;
  for (std::uint32_t way : WayMask(0b1010'0101)) ways.push_back(way);
  EXPECT_EQ(ways, (std::vector<std::uint32_t>{0, 2, 5, 7}));
  EXPECT_EQ(WayMask::all(64).count(), 64u);
  EXPECT_EQ(WayMask::all(3).bits(), 0b111u);
  WayMask mask;
  EXPECT_TRUE(mask.empty());
  mask.set(63);
  EXPECT_TRUE(mask.test(63));
  EXPECT_EQ(*mask.begin(), 63u);
  mask.reset(63);
  EXPECT_TRUE(mask.empty());
}

TEST(ReplacementTest, LruVictimsForAKnownSequence) {
  auto lru = make("impl: lru", kTwoSetsFourWays);
  // Last-use stamps of set 0 after each step, as [w0 w1 w2 w3]; one clock serves both sets.
  run_script(*lru, {
                       {Step::kFill, 0, 0},            // [1 0 0 0]
                       {Step::kFill, 0, 1},            // [1 2 0 0]
                       {Step::kFill, 0, 2},            // [1 2 3 0]
                       {Step::kFill, 0, 3},            // [1 2 3 4]
                       {Step::kFill, 1, 3},            // set 1 is separate state
                       {Step::kHit, 0, 0},             // [6 2 3 4]
                       {Step::kHit, 0, 2},             // [6 2 7 4]
                       {Step::kVictim, 0, 1, kAll},    // oldest is w1 (2)
                       {Step::kFill, 0, 1},            // [6 8 7 4]
                       {Step::kVictim, 0, 3, kAll},    // w3 (4)
                       {Step::kVictim, 0, 0, 0b0111},  // w3 locked: w0 (6)
                       {Step::kHit, 0, 0},             // [9 8 7 4]
                       {Step::kVictim, 0, 2, 0b0111},  // w2 (7)
                       {Step::kVictim, 0, 1, 0b0010},  // only w1 offered
                       {Step::kInvalidate, 0, 0},      // [0 8 7 4]
                       {Step::kVictim, 0, 0, kAll},    // w0 (0)
                       {Step::kVictim, 1, 0, kAll},    // set 1: w0..w2 tie at 0, lowest
                   });
}

TEST(ReplacementTest, FifoVictimsForAKnownSequence) {
  auto fifo = make("impl: fifo", kTwoSetsFourWays);
  // Fill stamps after each step are shown as [w0 w1 w2 w3] for set 0; hits change nothing.
  run_script(*fifo, {
                        {Step::kFill, 0, 0},            // [1 0 0 0]
                        {Step::kFill, 0, 1},            // [1 2 0 0]
                        {Step::kFill, 0, 2},            // [1 2 3 0]
                        {Step::kFill, 0, 3},            // [1 2 3 4]
                        {Step::kHit, 0, 0},             // unchanged
                        {Step::kHit, 0, 2},             // unchanged
                        {Step::kVictim, 0, 0, kAll},    // first in is w0 (1)
                        {Step::kFill, 0, 0},            // [5 2 3 4]
                        {Step::kVictim, 0, 1, kAll},    // w1 (2)
                        {Step::kVictim, 0, 2, 0b1101},  // w1 locked: w2 (3)
                        {Step::kFill, 0, 1},            // [5 6 3 4]
                        {Step::kHit, 0, 2},             // unchanged
                        {Step::kVictim, 0, 2, kAll},    // w2 (3)
                        {Step::kInvalidate, 0, 3},      // [5 6 3 0]
                        {Step::kVictim, 0, 3, kAll},    // w3 (0)
                        {Step::kVictim, 0, 0, 0b0011},  // w0 (5) vs w1 (6)
                    });
}

TEST(ReplacementTest, RandomHonoursCandidatesAndCoversThem) {
  auto random = make("impl: random", kTwoSetsFourWays);
  AccessInfo access;
  std::array<int, 4> chosen{};
  for (int i = 0; i < 4000; ++i) {
    std::uint32_t victim = random->select_victim(0, WayMask(0b1011), access);
    ASSERT_TRUE(WayMask(0b1011).test(victim)) << victim;
    ++chosen[victim];
  }
  EXPECT_EQ(chosen[2], 0);
  for (int way : {0, 1, 3}) EXPECT_GT(chosen[way], 1000) << way;  // ~1333 each
  EXPECT_EQ(random->select_victim(1, WayMask(0b0100), access), 2u);
}

std::vector<std::uint32_t> victims(const std::string& slot_yaml, std::uint64_t context_seed) {
  ReplacementPolicy::Context context = kTwoSetsFourWays;
  context.seed = context_seed;
  auto policy = make(slot_yaml, context);
  AccessInfo access;
  std::vector<std::uint32_t> result;
  result.reserve(64);
  for (int i = 0; i < 64; ++i)
    result.push_back(policy->select_victim(i % 2, WayMask(kAll), access));
  return result;
}

TEST(ReplacementTest, RandomIsReproducibleAndSeeded) {
  EXPECT_EQ(victims("impl: random", 7), victims("impl: random", 7));
  EXPECT_EQ(victims("{impl: random, seed: 3}", 7), victims("{impl: random, seed: 3}", 7));
  EXPECT_NE(victims("impl: random", 7), victims("impl: random", 8));
  EXPECT_NE(victims("{impl: random, seed: 3}", 7), victims("impl: random", 7));
}

TEST(ReplacementTest, LruDemoteMakesTheLineTheNextVictim) {
  auto lru = make("impl: lru", kTwoSetsFourWays);
  // Order of eviction (first victim first) in set 0 after each step.
  run_script(*lru, {
                       {Step::kFill, 0, 0},            // 0 1 2 3 once all are filled
                       {Step::kFill, 0, 1},            //
                       {Step::kFill, 0, 2},            //
                       {Step::kFill, 0, 3},            // 0 1 2 3
                       {Step::kDemote, 0, 2},          // 2 0 1 3
                       {Step::kVictim, 0, 2, kAll},    //
                       {Step::kDemote, 0, 1},          // 1 2 0 3: the latest demote goes first
                       {Step::kVictim, 0, 1, kAll},    //
                       {Step::kHit, 0, 1},             // 2 0 3 1: a hit undoes the demotion
                       {Step::kVictim, 0, 2, kAll},    //
                       {Step::kFill, 0, 2},            // 0 3 1 2
                       {Step::kVictim, 0, 0, kAll},    //
                       {Step::kDemote, 0, 3},          // 3 0 1 2
                       {Step::kVictim, 0, 0, 0b0111},  // w3 locked: w0
                       {Step::kVictim, 1, 0, kAll},    // set 1 untouched
                   });
}

TEST(ReplacementTest, FifoDemoteMakesTheLineTheNextVictim) {
  auto fifo = make("impl: fifo", kTwoSetsFourWays);
  // Queue order (next out first) in set 0 after each step.
  run_script(*fifo, {
                        {Step::kFill, 0, 0},            //
                        {Step::kFill, 0, 1},            //
                        {Step::kFill, 0, 2},            //
                        {Step::kFill, 0, 3},            // 0 1 2 3
                        {Step::kDemote, 0, 3},          // 3 0 1 2
                        {Step::kHit, 0, 3},             // hits do not move lines in FIFO
                        {Step::kVictim, 0, 3, kAll},    //
                        {Step::kFill, 0, 3},            // 0 1 2 3
                        {Step::kVictim, 0, 0, kAll},    //
                        {Step::kDemote, 0, 0},          // 0 1 2 3
                        {Step::kDemote, 0, 2},          // 2 0 1 3
                        {Step::kVictim, 0, 2, kAll},    //
                        {Step::kVictim, 0, 0, 0b1011},  // w2 locked: w0
                    });
}

TEST(ReplacementTest, RandomDemoteMakesTheLineTheNextVictimUntilReused) {
  auto random = make("impl: random", kTwoSetsFourWays);
  AccessInfo access;
  random->demote(0, 2);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(random->select_victim(0, WayMask(kAll), access), 2u);
  // Locked, it is skipped; the other set never saw the demotion.
  for (int i = 0; i < 100; ++i) EXPECT_NE(random->select_victim(0, WayMask(0b1011), access), 2u);
  std::array<int, 4> chosen_in_set_1{};
  for (int i = 0; i < 400; ++i) ++chosen_in_set_1[random->select_victim(1, WayMask(kAll), access)];
  for (int way = 0; way < 4; ++way) EXPECT_GT(chosen_in_set_1[way], 50) << way;  // ~100 each
  random->demote(0, 1);  // the latest demotion wins
  EXPECT_EQ(random->select_victim(0, WayMask(kAll), access), 1u);
  random->on_hit(0, 1, access);  // reused: back to uniform draws
  std::array<int, 4> chosen{};
  for (int i = 0; i < 400; ++i) ++chosen[random->select_victim(0, WayMask(kAll), access)];
  for (int way = 0; way < 4; ++way) EXPECT_GT(chosen[way], 50) << way;
  random->demote(0, 3);
  random->on_fill(0, 3, access);  // a new line in that way is not demoted
  int threes = 0;
  for (int i = 0; i < 400; ++i) threes += random->select_victim(0, WayMask(kAll), access) == 3;
  EXPECT_LT(threes, 200);  // ~100 if uniform, 400 if still demoted
}

// Victim counts per way over `draws` queries with `candidates` offered, for one config.
std::array<int, 4> weighted_counts(const std::string& slot_yaml, std::uint64_t candidates,
                                   int draws) {
  auto policy = make(slot_yaml, kTwoSetsFourWays);
  AccessInfo access;
  std::array<int, 4> counts{};
  for (int i = 0; i < draws; ++i) {
    const std::uint32_t victim = policy->select_victim(0, WayMask(candidates), access);
    EXPECT_TRUE(WayMask(candidates).test(victim)) << victim;
    ++counts[victim];
  }
  return counts;
}

// 60000 draws: a way of probability p is chosen 60000 p times, give or take
// sqrt(60000 p (1 - p)) <= 123; the tolerance of 600 is about five of those.
void expect_frequencies(const std::array<int, 4>& counts, const std::array<double, 4>& expected) {
  for (int way = 0; way < 4; ++way) {
    EXPECT_NEAR(counts[way], 60000 * expected[way], 600) << "way " << way;
  }
}

TEST(ReplacementTest, WeightedRandomFollowsTheFermiL1Weights) {
  // Mei & Chu's Fermi L1 (seed 003): the second way evicted half the time, each other way a
  // sixth.
  const std::string fermi = "{impl: weighted_random, weights: [1, 3, 1, 1]}";
  expect_frequencies(weighted_counts(fermi, kAll, 60000), {1.0 / 6, 0.5, 1.0 / 6, 1.0 / 6});
  // Only ways 0 and 1 offered: weights 1 and 3 of 4.
  expect_frequencies(weighted_counts(fermi, 0b0011, 60000), {0.25, 0.75, 0, 0});
  // Way 1 locked: three equal weights.
  expect_frequencies(weighted_counts(fermi, 0b1101, 60000), {1.0 / 3, 0, 1.0 / 3, 1.0 / 3});
  // No weights: uniform.
  expect_frequencies(weighted_counts("impl: weighted_random", kAll, 60000),
                     {0.25, 0.25, 0.25, 0.25});
}

TEST(ReplacementTest, WeightedRandomNeverPicksAZeroWeightWayUnlessOnlyThoseAreOffered) {
  const std::string slot = "{impl: weighted_random, weights: [0, 2, 0, 1]}";
  expect_frequencies(weighted_counts(slot, kAll, 60000), {0, 2.0 / 3, 0, 1.0 / 3});
  // Only zero-weight ways offered: a victim must still be one of them, chosen uniformly.
  expect_frequencies(weighted_counts(slot, 0b0101, 60000), {0.5, 0, 0.5, 0});
}

TEST(ReplacementTest, WeightedRandomIsReproducibleAndSeeded) {
  const std::string slot = "{impl: weighted_random, weights: [1, 3, 1, 1]}";
  const std::string reseeded = "{impl: weighted_random, weights: [1, 3, 1, 1], seed: 5}";
  EXPECT_EQ(victims(slot, 7), victims(slot, 7));
  EXPECT_EQ(victims(reseeded, 7), victims(reseeded, 7));
  EXPECT_NE(victims(slot, 7), victims(slot, 8));
  EXPECT_NE(victims(reseeded, 7), victims(slot, 7));
}

TEST(ReplacementTest, WeightedRandomDemoteWinsOverTheWeights) {
  // Way 3 has weight 0: only a demotion can make it the victim while others are offered.
  auto policy = make("{impl: weighted_random, weights: [1, 1, 1, 0]}", kTwoSetsFourWays);
  run_script(*policy, {
                          {Step::kDemote, 0, 3},
                          {Step::kVictim, 0, 3, kAll},
                          {Step::kVictim, 0, 3, kAll},
                          {Step::kFill, 0, 3},  // a new line: no longer demoted
                          {Step::kVictim, 0, 1, 0b1010},
                      });
}

TEST(ReplacementTest, WeightedRandomRejectsBadWeightLists) {
  for (const char* slot : {"{impl: weighted_random, weights: [1, 3, 1]}",
                           "{impl: weighted_random, weights: [1, 3, 1, 1, 1]}",
                           "{impl: weighted_random, weights: [0, 0, 0, 0]}",
                           "{impl: weighted_random, weights: [1, -3, 1, 1]}"}) {
    EXPECT_THROW(make(slot, kTwoSetsFourWays), ConfigError) << slot;
  }
}

TEST(ReplacementTest, RejectsGeometryOutsideTheWayMask) {
  for (const char* name : {"lru", "fifo", "random", "weighted_random", "tree_plru", "srrip",
                           "brrip", "age_lru", "rpr"}) {
    EXPECT_THROW(make(name, {.sets = 4, .ways = 65, .seed = 0, .line = 128}), std::invalid_argument)
        << name;
    EXPECT_THROW(make(name, {.sets = 0, .ways = 4, .seed = 0, .line = 128}), std::invalid_argument)
        << name;
    EXPECT_NO_THROW(make(name, {.sets = 1, .ways = 64, .seed = 0, .line = 128})) << name;
  }
}

}  // namespace
}  // namespace warpsim
