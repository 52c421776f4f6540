// The test bench of the inference tests behaves as configured: the answers those tests expect
// come from its configuration, so it must be what the configuration says.

#include "soft_gpu.h"

#include <gtest/gtest.h>

#include <array>

namespace warpsim::probe::testing {
namespace {

TEST(SoftCache, LruEvictsTheLeastRecentlyUsedWayOfTheSet) {
  SoftCache cache({.line = 32, .ways = {2, 2}, .set_of = linear_sets(32, 2)});
  // Lines 0, 2, 4 share set 0 (two ways); line 1 is in set 1.
  EXPECT_FALSE(cache.access(0));
  EXPECT_FALSE(cache.access(64));
  EXPECT_TRUE(cache.access(0));     // 0 is now the most recent
  EXPECT_FALSE(cache.access(128));  // evicts 64
  EXPECT_FALSE(cache.access(32));   // set 1 is untouched by set 0's traffic
  EXPECT_TRUE(cache.access(0));
  EXPECT_FALSE(cache.access(64));
}

TEST(SoftCache, UnequalSetsHoldTheirOwnWays) {
  SoftCache cache({.line = 128, .ways = {3, 1}, .set_of = linear_sets(128, 2)});
  for (std::uint64_t line : {0, 2, 4}) EXPECT_FALSE(cache.access(line * 128));
  for (std::uint64_t line : {0, 2, 4}) EXPECT_TRUE(cache.access(line * 128));
  EXPECT_FALSE(cache.access(1 * 128));
  EXPECT_FALSE(cache.access(3 * 128));
  EXPECT_FALSE(cache.access(1 * 128));
}

TEST(SoftCache, WeightedRandomPicksWaysInProportionToTheirWeights) {
  // One set of four ways, weights 1,3,1,1: after filling ways 0-3 with lines 0-3, each further
  // new line evicts way w with probability weight / 6. The surviving original lines tell which.
  std::array<int, 4> evicted{};
  constexpr int kTrials = 6000;
  for (int trial = 0; trial < kTrials; ++trial) {
    SoftCache cache({.line = 128,
                     .ways = {4},
                     .set_of = linear_sets(128, 1),
                     .victim_weights = {1, 3, 1, 1},
                     .seed = static_cast<std::uint64_t>(trial) + 1});
    for (std::uint64_t line = 0; line < 4; ++line) cache.access(line * 128);
    cache.access(4 * 128);
    for (std::uint64_t line = 0; line < 4; ++line) {
      if (!cache.access(line * 128)) {
        ++evicted[line];
        break;
      }
    }
  }
  // Binomial sigma at n = 6000: 0.0065 for p = 1/2, 0.0048 for p = 1/6; 0.03 is > 4 sigma.
  EXPECT_NEAR(evicted[0] / double{kTrials}, 1.0 / 6, 0.03);
  EXPECT_NEAR(evicted[1] / double{kTrials}, 1.0 / 2, 0.03);
  EXPECT_NEAR(evicted[2] / double{kTrials}, 1.0 / 6, 0.03);
  EXPECT_NEAR(evicted[3] / double{kTrials}, 1.0 / 6, 0.03);
}

TEST(SoftCache, TextureBitsAndFermiHashPlaceLinesAsDescribed) {
  const SetIndex texture = bit_sets({7, 8});
  EXPECT_EQ(texture(0), 0u);
  EXPECT_EQ(texture(96), 0u);  // the 128-byte block 0..127 is one set
  EXPECT_EQ(texture(128), 1u);
  EXPECT_EQ(texture(384), 3u);
  EXPECT_EQ(texture(512), 0u);
  const SetIndex fermi = fermi_sets();
  // Seed 003 §2.5: lines 3, 35, 68, 100 and 129 (numbered from 1) share a set of the GTX560Ti L1.
  for (std::uint64_t line : {34, 67, 99, 128}) EXPECT_EQ(fermi(line * 128), fermi(2 * 128));
}

TEST(SoftTlb, L2SetsFollowThePageMapAndMissesAddTheirLatencies) {
  SoftTlb tlb(SoftTlbConfig{});
  const std::uint64_t page = 2ull << 20;
  EXPECT_EQ(tlb.translate(0), 27u + 84u);  // cold: L1 miss, L2 miss
  EXPECT_EQ(tlb.translate(page / 2), 0u);  // same page: L1 hit
  // Pages 0-64 fill the L2 TLB exactly (residues 0 and 1: 17 pages in set 0; 8 per other set).
  for (std::uint64_t p = 1; p < 65; ++p) tlb.translate(p * page);
  for (std::uint64_t p = 0; p < 65; ++p) EXPECT_EQ(tlb.translate(p * page), 27u) << p;
  tlb.translate(65 * page);                 // residue 1: the 18th page of set 0
  EXPECT_EQ(tlb.translate(0), 27u + 84u);   // evicted the LRU page of set 0
  EXPECT_EQ(tlb.translate(2 * page), 27u);  // set 1 untouched
}

TEST(SoftGpu, LatencyIsTheLevelThatServedTheLoadPlusJitter) {
  SoftGpuConfig config;
  config.l1 = SoftCacheConfig{.line = 128, .ways = {4}, .set_of = linear_sets(128, 1)};
  SoftGpu gpu(config);
  ChaseSpec spec;
  spec.array_bytes = 4096;
  spec.order = {0, 1};  // words 0 and 1: one line
  spec.records = 4;
  const ChaseTrace trace = gpu.chase(spec);
  ASSERT_EQ(trace.latency.size(), 4u);
  EXPECT_GE(trace.latency[0], 450u);  // first read of the line anywhere: DRAM
  EXPECT_LE(trace.latency[0], 452u);
  for (int i = 1; i < 4; ++i) {
    EXPECT_GE(trace.latency[i], 35u);
    EXPECT_LE(trace.latency[i], 37u);
  }
  EXPECT_EQ(trace.index, (std::vector<std::uint64_t>{1, 0, 1, 0}));
}

}  // namespace
}  // namespace warpsim::probe::testing
