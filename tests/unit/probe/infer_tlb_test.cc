// infer_tlbs and infer_global_latency recover the TLBs and the latency patterns of the software
// model (soft_gpu.h); every expected value comes from the model's configuration.

#include "probe/infer_tlb.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "probe/infer_global.h"
#include "soft_gpu.h"

namespace warpsim::probe {
namespace {

using testing::SoftCacheConfig;
using testing::SoftGpu;
using testing::SoftGpuConfig;
using testing::SoftTlbConfig;

constexpr std::uint64_t kMiB = 1ull << 20;

// Seed 003's TLBs (§2.5): 2 MB pages, a 16-entry fully associative L1 TLB, a 65-entry L2 TLB of
// one 17-way and six 8-way sets (page p in set map[p mod 8]).
SoftGpuConfig seed003_tlbs() {
  SoftGpuConfig config;
  config.tlb = SoftTlbConfig{};
  return config;
}

std::vector<TlbLevel> infer(SoftGpu& gpu, std::uint64_t max_bytes, std::uint64_t max_page) {
  const Chaser chaser = gpu.chaser();
  return infer_tlbs(chaser, TlbSearch{LoadPath::kGlobalCg, max_bytes, max_page});
}

TEST(InferTlbs, Seed003L1AndUnequalL2) {
  SoftGpu gpu(seed003_tlbs());
  const std::vector<TlbLevel> levels = infer(gpu, 512 * kMiB, 8 * kMiB);
  ASSERT_EQ(levels.size(), 2u);
  const TlbLevel& l1 = levels[0];
  EXPECT_EQ(l1.level, 1u);
  EXPECT_EQ(l1.entries, 16u);
  EXPECT_EQ(l1.page_bytes, 2 * kMiB);
  EXPECT_EQ(l1.sets, 1u);
  EXPECT_EQ(l1.ways, std::vector<std::uint32_t>{16});
  EXPECT_EQ(l1.replacement, "lru");
  EXPECT_NEAR(l1.miss_penalty, 27, 2);
  const TlbLevel& l2 = levels[1];
  EXPECT_EQ(l2.level, 2u);
  EXPECT_EQ(l2.entries, 65u);
  EXPECT_EQ(l2.page_bytes, 2 * kMiB);
  EXPECT_EQ(l2.sets, 7u);
  // The model's arrays start at page 4096 (residue 0): set 0 (17 ways) overflows first, at 66
  // pages, then sets 1-6 one page at a time.
  EXPECT_EQ(l2.ways, (std::vector<std::uint32_t>{17, 8, 8, 8, 8, 8, 8}));
  EXPECT_EQ(l2.replacement, "lru");
  EXPECT_NEAR(l2.miss_penalty, 84, 2);
}

TEST(InferTlbs, ArrayPlacementChangesTheOrderOfTheSetsNotTheirWays) {
  SoftGpuConfig config = seed003_tlbs();
  config.base += 3 * 2 * kMiB;  // page residue 3: 64 pages fit, the 65th overflows an 8-way set
  SoftGpu gpu(config);
  const std::vector<TlbLevel> levels = infer(gpu, 512 * kMiB, 8 * kMiB);
  ASSERT_EQ(levels.size(), 2u);
  EXPECT_EQ(levels[1].entries, 65u);
  EXPECT_EQ(levels[1].sets, 7u);
  std::vector<std::uint32_t> ways = levels[1].ways;
  std::sort(ways.begin(), ways.end());
  EXPECT_EQ(ways, (std::vector<std::uint32_t>{8, 8, 8, 8, 8, 8, 17}));
}

TEST(InferTlbs, SmallPagesAndEqualSets) {
  SoftGpuConfig config;
  config.tlb = SoftTlbConfig{.page = 64 * 1024,
                             .l1_entries = 32,
                             .l2_ways = {32, 32, 32, 32},
                             .l2_map = {0, 1, 2, 3},
                             .l1_miss = 40,
                             .walk = 150};
  SoftGpu gpu(config);
  const std::vector<TlbLevel> levels = infer(gpu, 64 * kMiB, 1 * kMiB);
  ASSERT_EQ(levels.size(), 2u);
  EXPECT_EQ(levels[0].entries, 32u);
  EXPECT_EQ(levels[0].page_bytes, 64 * 1024u);
  EXPECT_NEAR(levels[0].miss_penalty, 40, 2);
  EXPECT_EQ(levels[1].entries, 128u);
  EXPECT_EQ(levels[1].sets, 4u);
  EXPECT_EQ(levels[1].ways, std::vector<std::uint32_t>{32});
  EXPECT_NEAR(levels[1].miss_penalty, 150, 2);
}

TEST(InferTlbs, NoTranslationCostIsNoTlb) {
  SoftGpu gpu(SoftGpuConfig{});
  EXPECT_TRUE(infer(gpu, 256 * kMiB, 8 * kMiB).empty());
  const Chaser chaser = gpu.chaser();
  EXPECT_THROW(infer_tlbs(chaser, TlbSearch{LoadPath::kGlobalCg, 256 * kMiB, 3000}),
               std::invalid_argument);
}

// The GTX560Ti-like hierarchy of seed 003 Fig. 14 in the model's additive terms: L1 hit 96,
// L2 hit 351, DRAM 619; L1 TLB miss +27, page walk +84; and a 512 MB page-table window whose
// switch costs +266 (the GTX780's P6 - P5).
SoftGpuConfig pattern_model() {
  SoftGpuConfig config = seed003_tlbs();
  config.l1 = SoftCacheConfig{
      .line = 128, .ways = std::vector<std::uint32_t>(32, 4), .set_of = testing::fermi_sets()};
  config.l1_hit = 96;
  config.l2_hit = 351;
  config.dram = 619;
  config.tlb->window_bytes = 512 * kMiB;
  return config;
}

std::vector<TlbLevel> configured_tlbs() {
  std::vector<TlbLevel> tlbs(2);
  tlbs[0].entries = 16;
  tlbs[0].page_bytes = 2 * kMiB;
  tlbs[0].replacement = "lru";
  tlbs[1].level = 2;
  tlbs[1].entries = 65;
  tlbs[1].page_bytes = 2 * kMiB;
  return tlbs;
}

void expect_pattern(const std::optional<double>& got, double expected, const char* name) {
  ASSERT_TRUE(got.has_value()) << name;
  EXPECT_NEAR(*got, expected, 2) << name;
}

TEST(InferGlobalLatency, AllSixPatternsThroughTheL1) {
  SoftGpu gpu(pattern_model());
  const Chaser chaser = gpu.chaser();
  const GlobalLatency p =
      infer_global_latency(chaser, configured_tlbs(), LoadPath::kGlobalCa, 1024 * kMiB);
  EXPECT_EQ(p.data_cache, "l1");
  expect_pattern(p.p1, 96, "P1");
  expect_pattern(p.p2, 96 + 27, "P2");
  expect_pattern(p.p3, 96 + 27 + 84, "P3");
  expect_pattern(p.p4, 619, "P4");
  expect_pattern(p.p5, 619 + 27 + 84, "P5");
  expect_pattern(p.p6, 619 + 27 + 84 + 266, "P6");
}

TEST(InferGlobalLatency, PastTheL1TheDataCacheIsTheL2) {
  SoftGpu gpu(pattern_model());
  const Chaser chaser = gpu.chaser();
  const GlobalLatency p =
      infer_global_latency(chaser, configured_tlbs(), LoadPath::kGlobalCg, 1024 * kMiB);
  EXPECT_EQ(p.data_cache, "l2");
  expect_pattern(p.p1, 351, "P1");
  expect_pattern(p.p2, 351 + 27, "P2");
  expect_pattern(p.p3, 351 + 27 + 84, "P3");
  expect_pattern(p.p4, 619, "P4");
}

TEST(InferGlobalLatency, PatternsThatCannotOccurAreAbsent) {
  // Maxwell-like: L1 hits skip translation (no P2, P3); no page-table window (no P6).
  SoftGpuConfig config = pattern_model();
  config.tlb->skip_on_l1_hit = true;
  config.tlb->window_bytes = 0;
  SoftGpu gpu(config);
  const Chaser chaser = gpu.chaser();
  const GlobalLatency p =
      infer_global_latency(chaser, configured_tlbs(), LoadPath::kGlobalCa, 1024 * kMiB);
  expect_pattern(p.p1, 96, "P1");
  EXPECT_FALSE(p.p2.has_value());
  EXPECT_FALSE(p.p3.has_value());
  expect_pattern(p.p4, 619, "P4");
  expect_pattern(p.p5, 619 + 27 + 84, "P5");
  EXPECT_FALSE(p.p6.has_value());
}

TEST(InferGlobalLatency, FromInferredTlbs) {
  SoftGpu gpu(pattern_model());
  const Chaser chaser = gpu.chaser();
  const std::vector<TlbLevel> tlbs =
      infer_tlbs(chaser, TlbSearch{LoadPath::kGlobalCg, 512 * kMiB, 8 * kMiB});
  ASSERT_EQ(tlbs.size(), 2u);
  const GlobalLatency p = infer_global_latency(chaser, tlbs, LoadPath::kGlobalCa, 1024 * kMiB);
  expect_pattern(p.p3, 96 + 27 + 84, "P3");
  expect_pattern(p.p6, 619 + 27 + 84 + 266, "P6");
}

}  // namespace
}  // namespace warpsim::probe
