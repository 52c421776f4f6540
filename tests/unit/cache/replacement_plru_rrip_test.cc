// Tree-PLRU, SRRIP and BRRIP: victims for hand-traced access sequences.

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cache/replacement/replacement_policy.h"
#include "replacement_test_util.h"
#include "sim/config_node.h"

namespace warpsim {
namespace {

using testing::make_replacement;
using testing::run_script;
using testing::Step;

constexpr std::uint64_t kAll4 = 0b1111;
constexpr std::uint64_t kAll8 = 0xff;

// Tree-PLRU bits are written below as node=bit, heap-numbered: node 1 is the root, node n has
// children 2n (lower half of its ways) and 2n+1 (upper half); a bit of 1 points to the upper
// half. A use points its path away from the way; the victim follows the bits from the root.
TEST(TreePlruTest, FourWayVictimsForAKnownSequence) {
  // 4 ways: node 1 over {0,1 | 2,3}, node 2 over {0 | 1}, node 3 over {2 | 3}. All bits 0.
  auto plru = make_replacement("impl: tree_plru", {.sets = 2, .ways = 4, .seed = 0});
  run_script(*plru, {
                        {Step::kVictim, 0, 0, kAll4},   // 1=0 -> 2=0 -> way 0
                        {Step::kFill, 0, 0},            // 1=1 2=1 3=0
                        {Step::kFill, 0, 1},            // 1=1 2=0 3=0
                        {Step::kFill, 0, 2},            // 1=0 2=0 3=1
                        {Step::kFill, 0, 3},            // 1=0 2=0 3=0
                        {Step::kVictim, 0, 0, kAll4},   // 1=0 -> 2=0 -> way 0
                        {Step::kHit, 0, 0},             // 1=1 2=1 3=0
                        {Step::kVictim, 0, 2, kAll4},   // 1=1 -> 3=0 -> way 2
                        {Step::kHit, 0, 2},             // 1=0 2=1 3=1
                        {Step::kVictim, 0, 1, kAll4},   // 1=0 -> 2=1 -> way 1
                        {Step::kVictim, 0, 0, 0b1101},  // way 1 locked: node 2 goes to 0
                        {Step::kVictim, 0, 3, 0b1100},  // {0,1} locked: root goes up, 3=1
                        {Step::kDemote, 0, 3},          // 1=1 3=1: path points to way 3
                        {Step::kVictim, 0, 3, kAll4},   //
                        {Step::kInvalidate, 0, 0},      // 1=0 2=0: like a demotion
                        {Step::kVictim, 0, 0, kAll4},   //
                        {Step::kVictim, 1, 0, kAll4},   // set 1 untouched
                    });
}

TEST(TreePlruTest, EightWayVictimsForAKnownSequence) {
  // 8 ways: node 1 {0-3 | 4-7}, 2 {0,1 | 2,3}, 3 {4,5 | 6,7}, 4 {0|1}, 5 {2|3}, 6 {4|5}, 7 {6|7}.
  auto plru = make_replacement("impl: tree_plru", {.sets = 1, .ways = 8, .seed = 0});
  std::vector<Step> steps;
  for (std::uint32_t way = 0; way < 8; ++way) steps.push_back({Step::kFill, 0, way});
  // Filling 0..7 in order leaves every bit 0 (each node last saw a use in its upper half).
  const std::vector<Step> rest = {
      {Step::kVictim, 0, 0, kAll8},       // 1=0 2=0 4=0
      {Step::kHit, 0, 0},                 // 1=1 2=1 4=1
      {Step::kVictim, 0, 4, kAll8},       // 1=1 -> 3=0 -> 6=0 -> way 4
      {Step::kHit, 0, 4},                 // 1=0 3=1 6=1
      {Step::kVictim, 0, 2, kAll8},       // 1=0 -> 2=1 -> 5=0 -> way 2
      {Step::kHit, 0, 2},                 // 1=1 2=0 5=1
      {Step::kVictim, 0, 6, kAll8},       // 1=1 -> 3=1 -> 7=0 -> way 6
      {Step::kHit, 0, 6},                 // 1=0 3=0 7=1
      {Step::kVictim, 0, 1, kAll8},       // 1=0 -> 2=0 -> 4=1 -> way 1 (LRU would say 1 too)
      {Step::kHit, 0, 1},                 // 1=1 2=1 4=0
      {Step::kVictim, 0, 5, kAll8},       // 1=1 -> 3=0 -> 6=1 -> way 5 (LRU: way 3)
      {Step::kVictim, 0, 3, 0b00001111},  // upper half locked: 2=1 -> 5=1 -> way 3
      {Step::kVictim, 0, 7, 0b10001111},  // only 7 up there: 3=0 has none, take 7
      {Step::kDemote, 0, 0},              // 1=0 2=0 4=0
      {Step::kVictim, 0, 0, kAll8},       //
  };
  steps.insert(steps.end(), rest.begin(), rest.end());
  run_script(*plru, steps);
}

TEST(TreePlruTest, SixtyFourWaysUseTheWholeWord) {
  auto plru = make_replacement("impl: tree_plru", {.sets = 2, .ways = 64, .seed = 0});
  std::vector<Step> steps;
  for (std::uint32_t way = 0; way < 64; ++way) steps.push_back({Step::kFill, 1, way});
  const std::uint64_t all = ~std::uint64_t{0};
  const std::vector<Step> rest = {
      {Step::kVictim, 1, 0, all},   // sequential fills leave every bit 0
      {Step::kHit, 1, 0},           // the root now points to the upper half, the rest still 0
      {Step::kVictim, 1, 32, all},  //
      {Step::kDemote, 1, 63},       // node 63 (bit 63) points up
      {Step::kVictim, 1, 63, all},  //
  };
  steps.insert(steps.end(), rest.begin(), rest.end());
  run_script(*plru, steps);
}

TEST(TreePlruTest, RejectsWaysThatAreNotAPowerOfTwo) {
  for (std::uint32_t ways : {3u, 6u, 12u, 48u}) {
    EXPECT_THROW(make_replacement("impl: tree_plru", {.sets = 4, .ways = ways, .seed = 0}),
                 ConfigError)
        << ways;
  }
  auto one = make_replacement("impl: tree_plru", {.sets = 4, .ways = 1, .seed = 0});
  EXPECT_EQ(one->select_victim(3, WayMask(1), AccessInfo{}), 0u);
}

// RRPVs of set 0 are written [w0 w1 w2 w3]; with M = 2 the distant value is 3. SRRIP inserts
// at 2, a hit sets 0, the victim is the first way at 3 after aging the set until one is.
const std::vector<Step> kSrripScript = {
    {Step::kFill, 0, 0},            // [2 . . .]
    {Step::kFill, 0, 1},            //
    {Step::kFill, 0, 2},            //
    {Step::kFill, 0, 3},            // [2 2 2 2]
    {Step::kVictim, 0, 0, kAll4},   // none at 3: age +1 -> [3 3 3 3] -> w0
    {Step::kFill, 0, 0},            // [2 3 3 3]
    {Step::kHit, 0, 2},             // [2 3 0 3]
    {Step::kVictim, 0, 1, kAll4},   // first at 3
    {Step::kFill, 0, 1},            // [2 2 0 3]
    {Step::kVictim, 0, 3, kAll4},   //
    {Step::kFill, 0, 3},            // [2 2 0 2]
    {Step::kHit, 0, 3},             // [2 2 0 0]
    {Step::kVictim, 0, 0, kAll4},   // age +1 -> [3 3 1 1] -> w0
    {Step::kVictim, 0, 2, 0b1100},  // only w2, w3 offered: age +2 -> [3 3 3 3] -> w2
    {Step::kFill, 0, 2},            // [3 3 2 3]
    {Step::kHit, 0, 0},             // [0 3 2 3]
    {Step::kHit, 0, 1},             // [0 0 2 3]
    {Step::kHit, 0, 3},             // [0 0 2 0]
    {Step::kDemote, 0, 0},          // [3 0 2 0]
    {Step::kVictim, 0, 0, kAll4},   //
    {Step::kVictim, 0, 2, 0b1110},  // w0 locked: age +1 -> [3 1 3 1] -> w2
    {Step::kVictim, 1, 0, kAll4},   // set 1: never filled, all distant
};

TEST(RripTest, SrripVictimsForAKnownSequence) {
  auto srrip = make_replacement("impl: srrip", {.sets = 2, .ways = 4, .seed = 0});
  run_script(*srrip, kSrripScript);
}

TEST(RripTest, BrripWithEpsilonOneIsSrrip) {
  // Every fill takes the 1-in-1 "long" insertion, 2^M - 2: exactly SRRIP.
  auto brrip = make_replacement("{impl: brrip, epsilon: 1}", {.sets = 2, .ways = 4, .seed = 3});
  run_script(*brrip, kSrripScript);
}

TEST(RripTest, SrripWithThreeBitsInsertsAtSix) {
  auto srrip = make_replacement("{impl: srrip, bits: 3}", {.sets = 1, .ways = 4, .seed = 0});
  run_script(*srrip, {
                         {Step::kFill, 0, 0},            // [6 . . .]
                         {Step::kFill, 0, 1},            //
                         {Step::kFill, 0, 2},            //
                         {Step::kHit, 0, 1},             // [6 0 6 .]
                         {Step::kFill, 0, 3},            // [6 0 6 6]
                         {Step::kVictim, 0, 0, kAll4},   // age +1 -> [7 1 7 7] -> w0
                         {Step::kFill, 0, 0},            // [6 1 7 7]
                         {Step::kVictim, 0, 2, kAll4},   //
                         {Step::kVictim, 0, 0, 0b0011},  // age +1 -> [7 2 7 7] -> w0
                         {Step::kVictim, 0, 1, 0b0010},  // age +5 -> [7 7 7 7] -> w1
                     });
}

TEST(RripTest, BrripInsertsAtTheDistantValue) {
  // 1 << 40: the long insertion practically never happens, so a new line is the next victim
  // even when older lines were never hit.
  auto brrip =
      make_replacement("{impl: brrip, epsilon: 1099511627776}", {.sets = 1, .ways = 4, .seed = 0});
  run_script(*brrip, {
                         {Step::kFill, 0, 0},           // [3 . . .]
                         {Step::kFill, 0, 1},           //
                         {Step::kFill, 0, 2},           //
                         {Step::kFill, 0, 3},           // [3 3 3 3]
                         {Step::kHit, 0, 0},            // [0 3 3 3]
                         {Step::kVictim, 0, 1, kAll4},  //
                         {Step::kFill, 0, 1},           // [0 3 3 3]
                         {Step::kVictim, 0, 1, kAll4},  // the new line goes first (SRRIP: w2)
                         {Step::kHit, 0, 1},            // [0 0 3 3]
                         {Step::kVictim, 0, 2, kAll4},  //
                     });
}

// Two ways, filled one after the other; the victim is w1 only if w0 got the long prediction
// (2) and w1 the distant one (3): probability (1/e)(1 - 1/e) per trial.
std::vector<std::uint32_t> brrip_trials(const std::string& slot, std::uint64_t seed, int trials) {
  auto brrip = make_replacement(slot, {.sets = 1, .ways = 2, .seed = seed});
  AccessInfo access;
  std::vector<std::uint32_t> victims;
  victims.reserve(trials);
  for (int i = 0; i < trials; ++i) {
    brrip->on_fill(0, 0, access);
    brrip->on_fill(0, 1, access);
    victims.push_back(brrip->select_victim(0, WayMask(0b11), access));
  }
  return victims;
}

int count_ones(const std::vector<std::uint32_t>& victims) {
  int ones = 0;
  for (std::uint32_t v : victims) ones += v == 1 ? 1 : 0;
  return ones;
}

TEST(RripTest, BrripLongInsertionsFollowEpsilon) {
  // epsilon 4: 40000 * 3/16 = 7500, standard deviation 78.
  EXPECT_NEAR(count_ones(brrip_trials("{impl: brrip, epsilon: 4}", 1, 40000)), 7500, 400);
  // The paper's 1/32 (the default): 40000 * 31/1024 = 1211, standard deviation 34.
  EXPECT_NEAR(count_ones(brrip_trials("impl: brrip", 1, 40000)), 1211, 170);
}

TEST(RripTest, BrripIsReproducibleAndSeeded) {
  const std::string slot = "{impl: brrip, epsilon: 4}";
  EXPECT_EQ(brrip_trials(slot, 1, 200), brrip_trials(slot, 1, 200));
  EXPECT_NE(brrip_trials(slot, 1, 200), brrip_trials(slot, 2, 200));
  EXPECT_NE(brrip_trials("{impl: brrip, epsilon: 4, seed: 9}", 1, 200), brrip_trials(slot, 1, 200));
}

TEST(RripTest, RejectsAnOutOfRangeWidth) {
  for (const char* slot :
       {"{impl: srrip, bits: 0}", "{impl: brrip, bits: 9}", "{impl: brrip, epsilon: 0}"}) {
    EXPECT_THROW(make_replacement(slot, {.sets = 1, .ways = 4, .seed = 0}), ConfigError) << slot;
  }
}

}  // namespace
}  // namespace warpsim
