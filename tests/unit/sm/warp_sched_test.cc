// Warp-scheduler policies, built through the registry as the SM builds them. Each expected
// order is worked out by hand from the policy's definition in the comment beside it.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sim/config_node.h"
#include "sim/registry.h"
#include "sm/warp_scheduler.h"

namespace warpsim {
namespace {

using Order = std::vector<std::uint32_t>;

std::unique_ptr<WarpScheduler> make(const std::string& slot_yaml, std::uint32_t slots) {
  return PolicyRegistry::global().create<WarpScheduler>(
      ConfigNode::parse_string(slot_yaml, "test.yaml"), {.scheduler = 0, .slots = slots});
}

WarpView ready(std::uint64_t age) { return {.valid = true, .age = age}; }
WarpView on_memory(std::uint64_t age) {
  return {.valid = true, .age = age, .waiting_memory = true};
}
WarpView at_barrier(std::uint64_t age) { return {.valid = true, .age = age, .at_barrier = true}; }
WarpView finished(std::uint64_t age) { return {.valid = true, .age = age, .finished = true}; }
constexpr WarpView kEmpty{};

// Asks twice: the SM may skip idle cycles, so a repeated call with the same views must give the
// same order and leave the state as it was (the expectations of later steps assume one call).
Order order(WarpScheduler& policy, const std::vector<WarpView>& warps) {
  Order first = {99};  // stale content the policy must replace
  policy.order(warps, Cycle(0), first);
  Order second = {98};
  policy.order(warps, Cycle(1), second);
  EXPECT_EQ(first, second) << "order() is not idempotent";
  return first;
}

void issue(WarpScheduler& policy, std::uint32_t index) {
  policy.on_issue(index, IssueInfo{.cycle = Cycle(0)});
}

TEST(WarpSchedulerRegistryTest, EveryPolicyIsRegisteredUnderWarpScheduler) {
  std::vector<std::string> names = PolicyRegistry::global().names(WarpScheduler::kKind);
  for (const char* name : {"ccws", "gto", "lrr", "oldest_first", "two_level", "two_level_pool"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
  }
  const PolicyInfo* two_level = PolicyRegistry::global().find(WarpScheduler::kKind, "two_level");
  ASSERT_NE(two_level, nullptr);
  ASSERT_EQ(two_level->params.size(), 1u);
  EXPECT_EQ(two_level->params[0].name, "group_size");
  EXPECT_EQ(two_level->params[0].default_value, "8");
}

TEST(WarpSchedulerRegistryTest, RejectsBadParams) {
  EXPECT_THROW(make("{impl: lrr, group_size: 4}", 4), ConfigError);
  EXPECT_THROW(make("{impl: two_level, group_size: 0}", 4), ConfigError);
  EXPECT_THROW(make("{impl: two_level_pool, active_warps: 0}", 4), ConfigError);
  EXPECT_THROW(make("{impl: two_level_pool, group_size: 4}", 4), ConfigError);
  EXPECT_THROW(make("round_robin", 4), ConfigError);
}

// Ages used below: slot 3 is the oldest warp, then slot 1, slot 2, slot 0.
const std::vector<WarpView> kFourReady = {ready(3), ready(1), ready(2), ready(0)};

TEST(LrrTest, StartsOnePastTheLastIssuedSlotAndWraps) {
  auto lrr = make("lrr", 4);
  EXPECT_EQ(order(*lrr, kFourReady), (Order{0, 1, 2, 3}));  // nothing issued yet: from slot 0
  issue(*lrr, 1);
  EXPECT_EQ(order(*lrr, kFourReady), (Order{2, 3, 0, 1}));
  issue(*lrr, 3);
  EXPECT_EQ(order(*lrr, kFourReady), (Order{0, 1, 2, 3}));  // 3 + 1 wraps to 0
  // Waiting warps stay in the order (the SM skips them); empty and finished slots do not.
  std::vector<WarpView> warps = {kEmpty, on_memory(1), finished(2), at_barrier(0)};
  EXPECT_EQ(order(*lrr, warps), (Order{1, 3}));
  issue(*lrr, 1);
  EXPECT_EQ(order(*lrr, warps), (Order{3, 1}));  // from slot 2: 2 finished, 3, 0 empty, 1
}

TEST(LrrTest, TheLastOfSeveralIssuesInACycleSetsTheStart) {
  auto lrr = make("{impl: lrr}", 4);
  issue(*lrr, 3);
  issue(*lrr, 0);
  EXPECT_EQ(order(*lrr, kFourReady), (Order{1, 2, 3, 0}));
}

TEST(GtoTest, GreedyWarpFirstThenOldest) {
  auto gto = make("gto", 4);
  EXPECT_EQ(order(*gto, kFourReady), (Order{3, 1, 2, 0}));  // no greedy warp: by age 0,1,2,3
  issue(*gto, 2);
  EXPECT_EQ(order(*gto, kFourReady), (Order{2, 3, 1, 0}));
  // Slot 2 stalls on memory: it still leads, so the SM issues the oldest ready warp, slot 3,
  // which then becomes the greedy warp.
  std::vector<WarpView> warps = {ready(3), ready(1), on_memory(2), ready(0)};
  EXPECT_EQ(order(*gto, warps), (Order{2, 3, 1, 0}));
  issue(*gto, 3);
  EXPECT_EQ(order(*gto, warps), (Order{3, 1, 2, 0}));
  // The greedy warp exits; a younger warp (age 4) later takes its slot and must not inherit
  // the greedy position.
  gto->on_warp_end(3);
  warps[3] = kEmpty;
  EXPECT_EQ(order(*gto, warps), (Order{1, 2, 0}));
  gto->on_warp_start(3);
  warps[3] = ready(4);
  EXPECT_EQ(order(*gto, warps), (Order{1, 2, 0, 3}));
  issue(*gto, 0);
  EXPECT_EQ(order(*gto, warps), (Order{0, 1, 2, 3}));
  warps[0] = finished(3);  // a finished greedy warp has nothing to issue
  EXPECT_EQ(order(*gto, warps), (Order{1, 2, 3}));
}

TEST(GtoTest, GreedySlotEmptiedWithoutNoticeIsLeftOut) {
  auto gto = make("gto", 4);
  issue(*gto, 1);
  EXPECT_EQ(order(*gto, {ready(3), kEmpty, ready(2), ready(0)}), (Order{3, 2, 0}));
}

TEST(OldestFirstTest, StrictlyByAgeWhateverWasIssued) {
  auto oldest = make("oldest_first", 4);
  EXPECT_EQ(order(*oldest, kFourReady), (Order{3, 1, 2, 0}));
  issue(*oldest, 0);
  EXPECT_EQ(order(*oldest, kFourReady), (Order{3, 1, 2, 0}));
  EXPECT_EQ(order(*oldest, {at_barrier(7), kEmpty, on_memory(5), finished(0)}), (Order{2, 0}));
}

// Two-level with groups of 2 over 6 slots: groups {0,1}, {2,3}, {4,5}. Ages do not matter.
TEST(TwoLevelTest, ActiveGroupFirstRoundRobinWithinGroups) {
  auto two = make("{impl: two_level, group_size: 2}", 6);
  std::vector<WarpView> warps(6, ready(0));
  EXPECT_EQ(order(*two, warps), (Order{0, 1, 2, 3, 4, 5}));
  issue(*two, 0);
  EXPECT_EQ(order(*two, warps), (Order{1, 0, 2, 3, 4, 5}));
  issue(*two, 1);  // wraps within group 0
  EXPECT_EQ(order(*two, warps), (Order{0, 1, 2, 3, 4, 5}));
  issue(*two, 2);  // a warp of another group: its group's own round robin moves, not the active
  EXPECT_EQ(order(*two, warps), (Order{0, 1, 3, 2, 4, 5}));

  // Group 0 stalls (memory, barrier): group 1 becomes active.
  warps[0] = on_memory(0);
  warps[1] = at_barrier(0);
  EXPECT_EQ(order(*two, warps), (Order{3, 2, 4, 5, 0, 1}));
  // Group 0 is ready again, but group 1 keeps priority while it can issue.
  warps[0] = warps[1] = ready(0);
  EXPECT_EQ(order(*two, warps), (Order{3, 2, 4, 5, 0, 1}));
  // Group 1 stalls (2 on memory, 3 finished and left out): group 2, then 0 and 1.
  warps[2] = on_memory(0);
  warps[3] = finished(0);
  EXPECT_EQ(order(*two, warps), (Order{4, 5, 0, 1, 2}));
  // Group 2 stalls: the next group with a ready warp, wrapping around, is group 0.
  warps[4] = warps[5] = on_memory(0);
  EXPECT_EQ(order(*two, warps), (Order{0, 1, 2, 4, 5}));
  // Every group stalls: group 0 keeps priority.
  warps[0] = warps[1] = on_memory(0);
  EXPECT_EQ(order(*two, warps), (Order{0, 1, 2, 4, 5}));
  // Group 0 empties while the others all wait: the next group with live warps takes over.
  warps[0] = warps[1] = kEmpty;
  EXPECT_EQ(order(*two, warps), (Order{2, 4, 5}));
}

TEST(TwoLevelTest, LastGroupMayBeShort) {
  // Groups of 2 over 5 slots: {0,1}, {2,3}, {4}.
  auto two = make("{impl: two_level, group_size: 2}", 5);
  std::vector<WarpView> warps = {on_memory(0), on_memory(1), on_memory(2), on_memory(3), ready(4)};
  EXPECT_EQ(order(*two, warps), (Order{4, 0, 1, 2, 3}));
  issue(*two, 4);  // the one-warp group wraps onto itself
  EXPECT_EQ(order(*two, warps), (Order{4, 0, 1, 2, 3}));
}

TEST(TwoLevelTest, DefaultGroupIsEightWarps) {
  auto two = make("two_level", 16);
  std::vector<WarpView> warps(16, ready(0));
  Order all(16);
  for (std::uint32_t i = 0; i < 16; ++i) all[i] = i;
  EXPECT_EQ(order(*two, warps), all);
  for (std::uint32_t i = 0; i < 8; ++i) warps[i] = on_memory(0);
  EXPECT_EQ(order(*two, warps), (Order{8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7}));
}

TEST(TwoLevelTest, RejectsViewsOfTheWrongSize) {
  auto two = make("two_level", 4);
  EXPECT_THROW(order(*two, {ready(0), ready(1)}), std::invalid_argument);
}

// Pools with 2 active warps over 4 slots. Ages do not matter.
TEST(TwoLevelPoolTest, StalledWarpsSwapWithPendingOnes) {
  auto pool = make("{impl: two_level_pool, active_warps: 2}", 4);
  for (std::uint32_t slot = 0; slot < 4; ++slot) pool->on_warp_start(slot);  // pending 0 1 2 3
  std::vector<WarpView> warps(4, ready(0));
  EXPECT_EQ(order(*pool, warps), (Order{0, 1}));  // active 0 1, pending 2 3
  issue(*pool, 0);
  EXPECT_EQ(order(*pool, warps), (Order{1, 0}));  // round robin within the active pool
  warps[1] = on_memory(0);
  EXPECT_EQ(order(*pool, warps), (Order{0, 2}));  // 1 demoted: pending 3 1; 2 promoted
  issue(*pool, 0);
  EXPECT_EQ(order(*pool, warps), (Order{2, 0}));
  warps[1] = ready(0);
  warps[2] = at_barrier(0);
  EXPECT_EQ(order(*pool, warps), (Order{0, 3}));  // 2 demoted: pending 1 2; 3 promoted (FIFO)
  warps[0] = finished(0);
  EXPECT_EQ(order(*pool, warps), (Order{3, 1}));  // 0 demoted: pending 2 0; 1 promoted
  pool->on_warp_end(0);
  warps[0] = kEmpty;
  warps[3] = on_memory(0);
  EXPECT_EQ(order(*pool, warps), (Order{1}));  // pending 2 (barrier) 3 (memory): none ready
  warps[3] = ready(0);
  EXPECT_EQ(order(*pool, warps), (Order{1, 3}));  // pending 2 3: 2 still waits, 3 comes back
}

TEST(TwoLevelPoolTest, RoundRobinWithinTheActivePool) {
  auto pool = make("{impl: two_level_pool, active_warps: 4}", 5);
  for (std::uint32_t slot = 0; slot < 5; ++slot) pool->on_warp_start(slot);
  std::vector<WarpView> warps(5, ready(0));
  EXPECT_EQ(order(*pool, warps), (Order{0, 1, 2, 3}));  // pending 4
  issue(*pool, 1);
  EXPECT_EQ(order(*pool, warps), (Order{2, 3, 0, 1}));  // restarts one past 1
  warps[3] = on_memory(0);
  EXPECT_EQ(order(*pool, warps), (Order{2, 0, 1, 4}));  // 3 demoted; 4 joins at the back
  issue(*pool, 2);                                      // 0 1 4 2
  issue(*pool, 1);                                      // a second issue in the same cycle: 4 2 0 1
  EXPECT_EQ(order(*pool, warps), (Order{4, 2, 0, 1}));
}

TEST(TwoLevelPoolTest, PromotionSkipsStalledWarps) {
  std::vector<WarpView> warps = {on_memory(0), ready(1), ready(2), ready(3)};
  auto pool = make("{impl: two_level_pool, active_warps: 2}", 4);
  // No on_warp_start calls: live slots join the pending FIFO in slot order, 0 1 2 3.
  EXPECT_EQ(order(*pool, warps), (Order{1, 2}));  // 0 waits, so 1 and 2 are promoted
  warps[0] = ready(0);
  EXPECT_EQ(order(*pool, warps), (Order{1, 2}));  // the active pool is full
  warps[1] = on_memory(1);
  EXPECT_EQ(order(*pool, warps), (Order{2, 0}));  // pending 0 3 1: 0 is first in line
}

TEST(TwoLevelPoolTest, DefaultActivePoolIsSixAndViewsWin) {
  auto pool = make("two_level_pool", 8);
  std::vector<WarpView> warps(8, ready(0));
  EXPECT_EQ(order(*pool, warps), (Order{0, 1, 2, 3, 4, 5}));
  warps[2] = kEmpty;  // its warp ended without on_warp_end: it leaves, 6 takes its place
  EXPECT_EQ(order(*pool, warps), (Order{0, 1, 3, 4, 5, 6}));
}

}  // namespace
}  // namespace warpsim
