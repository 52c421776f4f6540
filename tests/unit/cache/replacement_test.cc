#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cache/replacement/replacement_policy.h"
#include "sim/config_node.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

constexpr ReplacementPolicy::Context kTwoSetsFourWays{.sets = 2, .ways = 4, .seed = 7};
constexpr std::uint64_t kAll = 0b1111;

std::unique_ptr<ReplacementPolicy> make(const std::string& slot_yaml,
                                        const ReplacementPolicy::Context& context) {
  return PolicyRegistry::global().create<ReplacementPolicy>(
      ConfigNode::parse_string(slot_yaml, "test.yaml"), context);
}

// One step of a scripted access sequence. For kVictim, `candidates` is the mask offered and
// `way` the victim the policy must choose.
struct Step {
  enum Op { kFill, kHit, kInvalidate, kVictim } op;
  std::uint32_t set;
  std::uint32_t way;
  std::uint64_t candidates = 0;
};

void run_script(ReplacementPolicy& policy, const std::vector<Step>& steps) {
  AccessInfo access;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const Step& step = steps[i];
    switch (step.op) {
      case Step::kFill:
        policy.on_fill(step.set, step.way, access);
        break;
      case Step::kHit:
        policy.on_hit(step.set, step.way, access);
        break;
      case Step::kInvalidate:
        policy.on_invalidate(step.set, step.way);
        break;
      case Step::kVictim:
        EXPECT_EQ(policy.select_victim(step.set, WayMask(step.candidates), access), step.way)
            << "step " << i;
        break;
    }
  }
}

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

TEST(ReplacementTest, RejectsGeometryOutsideTheWayMask) {
  for (const char* name : {"lru", "fifo", "random"}) {
    EXPECT_THROW(make(name, {.sets = 4, .ways = 65, .seed = 0}), std::invalid_argument) << name;
    EXPECT_THROW(make(name, {.sets = 0, .ways = 4, .seed = 0}), std::invalid_argument) << name;
    EXPECT_NO_THROW(make(name, {.sets = 1, .ways = 64, .seed = 0})) << name;
  }
}

}  // namespace
}  // namespace warpsim
