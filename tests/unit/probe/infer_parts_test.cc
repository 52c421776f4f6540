// The pieces of the inference that need no chase: latency levels, the periodicity test, the
// victim replay and the reading of set maps.

#include <gtest/gtest.h>

#include "probe/cache_probe.h"
#include "probe/latency_levels.h"
#include "probe/page_orders.h"

namespace warpsim::probe {
namespace {

TEST(LatencyLevels, SplitWhereNeighboursDifferByMoreThanALevelGap) {
  // Fermi-like: L1 hits at 96-98, L2 hits at 351-353, a TLB step of 27 above that.
  const std::vector<LatencyLevel> levels =
      cluster_latencies({97, 96, 98, 351, 352, 353, 378, 380, 96});
  ASSERT_EQ(levels.size(), 3u);
  EXPECT_EQ(levels[0].low, 96u);
  EXPECT_EQ(levels[0].high, 98u);
  EXPECT_EQ(levels[0].count, 4u);
  EXPECT_EQ(levels[1].median, 352);
  EXPECT_EQ(levels[2].count, 2u);
}

TEST(LatencyLevels, SpreadWithinAGapStaysOneLevel) {
  EXPECT_EQ(cluster_latencies({30, 34, 38, 42}).size(), 1u);    // steps of 4 < 8
  EXPECT_EQ(cluster_latencies({1000, 1030, 1060}).size(), 1u);  // 30 < 4 % of 1000
  EXPECT_EQ(cluster_latencies({1000, 1050}).size(), 2u);        // 50 > 40
  EXPECT_TRUE(cluster_latencies({}).empty());
}

TEST(LatencyLevels, MainLevelIgnoresARareOutlierAndThresholdSitsHalfAGapAbove) {
  const LatencyLevel main = main_level({600, 35, 36, 35, 37, 36});
  EXPECT_EQ(main.low, 35u);
  EXPECT_EQ(main.high, 37u);
  EXPECT_EQ(threshold_above(main), 37u + 4u);
  EXPECT_EQ(median_of({5, 1, 3}), 3);
}

TEST(Replacement, PeriodicComparesEachMissWithTheOneAPeriodLater) {
  EXPECT_TRUE(periodic({true, false, true, true, true, true}, 2, 2));
  EXPECT_FALSE(periodic({true, true, true, false, true, true}, 2, 0));
}

TEST(Replacement, ReplayNamesTheNextMissAsEachMissVictim) {
  // Two ways, lines 0, 1, 2 chased in turn. The misses of lines 0 and 1 fill ways 0 and 1; the
  // miss of line 2 evicts the next line to miss, line 0 (way 0); line 0's miss evicts line 1
  // (way 1); line 1's miss has no later miss to name its victim.
  const std::vector<std::size_t> lines = {0, 1, 2, 0, 1, 2};
  const std::vector<bool> miss = {true, true, true, true, true, false};
  bool anchored = false;
  const std::vector<double> share = replay_victims(lines, miss, 2, anchored);
  EXPECT_TRUE(anchored);
  ASSERT_EQ(share.size(), 2u);
  EXPECT_DOUBLE_EQ(share[0], 0.5);
  EXPECT_DOUBLE_EQ(share[1], 0.5);
}

TEST(Replacement, ReplayFollowsALineIntoTheWayItTookOver) {
  // Ways 0,1 hold lines 0,1. Line 2 evicts line 1 (way 1); line 1 then evicts line 2, back into
  // way 1; line 2 evicts line 0 (way 0).
  const std::vector<std::size_t> lines = {0, 1, 2, 0, 1, 2, 0};
  const std::vector<bool> miss = {true, true, true, false, true, true, true};
  bool anchored = false;
  const std::vector<double> share = replay_victims(lines, miss, 2, anchored);
  ASSERT_EQ(share.size(), 2u);
  // Misses: 0,1 (fill), 2 -> victim 1 (way 1), 1 -> victim 2 (way 1), 2 -> victim 0 (way 0).
  EXPECT_DOUBLE_EQ(share[0], 1.0 / 3);
  EXPECT_DOUBLE_EQ(share[1], 2.0 / 3);
}

TEST(Replacement, ReplayOfASetThatWasNotEmptyNamesWaysAsTheyAreFirstEvicted) {
  // Lines 0 and 1 already fill the two ways. Line 2 misses and evicts line 0 (first named way
  // 0); line 0 misses and evicts line 1 (named way 1); line 1 misses and evicts line 0, which
  // sits in way 1 now. Victims by way: 1 and 2.
  const std::vector<std::size_t> lines = {0, 1, 2, 0, 1, 2, 0, 1};
  const std::vector<bool> miss = {false, false, true, true, true, false, true, false};
  bool anchored = true;
  const std::vector<double> share = replay_victims(lines, miss, 2, anchored);
  EXPECT_FALSE(anchored);
  ASSERT_EQ(share.size(), 2u);
  EXPECT_DOUBLE_EQ(share[0], 1.0 / 3);
  EXPECT_DOUBLE_EQ(share[1], 2.0 / 3);
}

TEST(SetMapping, ReadsABitFieldAndOrdersTheSetsByIt) {
  // 32-byte lines, sets by address bits 7-8: lines 4k..4k+3 share a set, 4 sets.
  std::vector<std::vector<std::uint64_t>> sets(4);
  for (std::uint64_t line = 0; line < 32; ++line) sets[(line / 4 + 1) % 4].push_back(line);
  const SetMapping m = describe_mapping(sets, 32);
  EXPECT_EQ(m.text, "bits 7-8");
  EXPECT_EQ(m.order, (std::vector<std::size_t>{1, 2, 3, 0}));
}

TEST(SetMapping, CallsANonBitFieldMapHashedAndNamesTheBlockThatSharesASet) {
  // Blocks of two lines; block b goes to set (b ^ (b >> 2)) & 3.
  std::vector<std::vector<std::uint64_t>> sets(4);
  for (std::uint64_t line = 0; line < 64; ++line) {
    const std::uint64_t block = line / 2;
    sets[(block ^ (block >> 2)) & 3].push_back(line);
  }
  EXPECT_EQ(describe_mapping(sets, 64).text,
            "hashed (not a bit field); each aligned 128 B block maps to one set");
}

TEST(PageOrders, VisitsTouchEverySectorFirstAndStayInThePageRegion) {
  const PageSpread spread{.stride = 2ull << 20};
  EXPECT_EQ(page_visit_offset(spread, 0, 0), 0u);
  EXPECT_EQ(page_visit_offset(spread, 0, 1), 32u);
  EXPECT_EQ(page_visit_offset(spread, 0, 3), 96u);
  EXPECT_EQ(page_visit_offset(spread, 0, 4), 4u);
  EXPECT_EQ(page_visit_offset(spread, 3, 0), 3 * (2ull << 20) + 3 * 128);
  EXPECT_THROW(page_visit_offset(spread, 0, 32), std::invalid_argument);
  EXPECT_EQ(region_for_visits(40), 256u);
}

}  // namespace
}  // namespace warpsim::probe
