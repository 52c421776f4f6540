// The opt-in block statistics (cache/block_stats.h): reference counts per block and reuse
// distances in distinct blocks, on hand-made read sequences, and through the cache.

#include <cstdint>

#include <gtest/gtest.h>

#include "cache/block_stats.h"
#include "cache_core_test_util.h"
#include "sim/stats.h"

namespace warpsim {
namespace {

struct Fixture {
  Picos clock = 0;
  StatGroup group{"c", &clock};
  BlockStats stats{group};
  HistogramData at_least() const { return group.snapshot().histogram("blocks.reads_at_least"); }
  HistogramData distance() const { return group.snapshot().histogram("blocks.stack_distance"); }
  std::uint64_t first() const { return group.snapshot().counter("blocks.first_reads"); }
};

TEST(BlockStats, ABCAGivesADistanceOfTwo) {
  Fixture f;
  for (Addr line : {0xA, 0xB, 0xC, 0xA}) f.stats.read(line);
  EXPECT_EQ(f.first(), 3u);
  const HistogramData d = f.distance();
  EXPECT_EQ(d.count, 1u);
  EXPECT_EQ(d.sum, 2u);
  // Blocks read at least once: 3; at least twice: 1 (A).
  const HistogramData c = f.at_least();
  EXPECT_EQ(c.buckets[1], 3u);
  EXPECT_EQ(c.buckets[2], 1u);
  EXPECT_EQ(c.buckets[3], 0u);
}

TEST(BlockStats, RepeatedReadsBetweenCountEachBlockOnce) {
  Fixture f;
  // A B B B C A: between the two A's, B and C: distance 2; B's repeats: 0.
  for (Addr line : {0xA, 0xB, 0xB, 0xB, 0xC, 0xA}) f.stats.read(line);
  const HistogramData d = f.distance();
  EXPECT_EQ(d.count, 3u);
  EXPECT_EQ(d.sum, 2u);
  EXPECT_EQ(d.buckets[0], 2u);             // the two B repeats at distance 0
  EXPECT_EQ(f.at_least().buckets[3], 1u);  // B read 3 times
}

TEST(BlockStats, DistancesStayExactPastTheTreesFirstSize) {
  Fixture f;
  constexpr int kBlocks = 10;
  constexpr int kRounds = 300;  // 3000 reads: the tree grows twice
  for (int round = 0; round < kRounds; ++round) {
    for (Addr line = 0; line < kBlocks; ++line) f.stats.read(line);
  }
  const HistogramData d = f.distance();
  EXPECT_EQ(d.count, static_cast<std::uint64_t>(kBlocks * (kRounds - 1)));
  EXPECT_EQ(d.sum, static_cast<std::uint64_t>(9 * kBlocks * (kRounds - 1)));
  // Every block read 300 times: all in the last bucket, once each.
  EXPECT_EQ(f.at_least().buckets[33], static_cast<std::uint64_t>(kBlocks));
}

TEST(BlockStats, TheCacheCountsReadsWhateverTheirOutcome) {
  testing::CacheHarness c(
      "{size: 1KiB, ways: 2, write_policy: write_evict, block_stats: true, "
      "admission: decoupled}");
  EXPECT_EQ(c.read(0, 1).outcome, CacheOutcome::kForwarded);  // bypassed
  c.drain();
  c.load(0, 2);
  EXPECT_EQ(c.read(0, 3).outcome, CacheOutcome::kHit);
  EXPECT_EQ(c.write(0, 4).outcome, CacheOutcome::kForwarded);  // writes do not count
  EXPECT_EQ(c.histogram("blocks.reads_at_least").buckets[3], 1u);
  EXPECT_EQ(c.histogram("blocks.reads_at_least").buckets[4], 0u);
  EXPECT_EQ(c.stat("blocks.first_reads"), 1u);
  EXPECT_FALSE(testing::CacheHarness("{size: 1KiB}").has_stat("blocks.first_reads"));
}

}  // namespace
}  // namespace warpsim
