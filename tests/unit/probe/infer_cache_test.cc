// infer_cache recovers each cache configuration of the software model (soft_gpu.h); every
// expected value is the model's configuration. Latencies: the model adds 0-2 cycles of jitter,
// so medians are within 2 cycles of the configured ones.

#include "probe/infer_cache.h"

#include <gtest/gtest.h>

#include "soft_gpu.h"

namespace warpsim::probe {
namespace {

using testing::SoftCacheConfig;
using testing::SoftGpu;
using testing::SoftGpuConfig;

constexpr std::uint64_t kKiB = 1024;
constexpr std::uint32_t kRecords = 8192;  // one launch of chase.cu with 48 KB of shared memory

SoftGpuConfig l1_config(SoftCacheConfig l1) {
  SoftGpuConfig config;
  config.l1 = std::move(l1);
  return config;
}

CacheGeometry infer(SoftGpu& gpu, LoadPath path, std::uint64_t max_bytes,
                    std::uint32_t max_records = kRecords) {
  const Chaser chaser = gpu.chaser();
  const std::optional<CacheGeometry> g =
      infer_cache(chaser, CacheSearch{path, max_bytes, max_records, "test"});
  if (!g) throw std::runtime_error("no cache inferred");
  return *g;
}

void expect_latencies(const CacheGeometry& g, double hit, double miss) {
  EXPECT_NEAR(g.hit_latency, hit, 2);
  EXPECT_NEAR(g.miss_latency, miss, 2);
}

TEST(InferCache, FermiAndKeplerTextureL1) {
  // Seed 003 §2.5: 12 KB, 32-byte lines, 4 sets of 96 ways, set = address bits 7-8, LRU. The
  // L1 keeps its contents from one chase to the next here.
  SoftGpuConfig config = l1_config(
      {.line = 32, .ways = std::vector<std::uint32_t>(4, 96), .set_of = testing::bit_sets({7, 8})});
  config.flush_l1 = false;
  SoftGpu gpu(config);
  const CacheGeometry g = infer(gpu, LoadPath::kTexture, 256 * kKiB);
  EXPECT_EQ(g.size_bytes, 12 * kKiB);
  EXPECT_EQ(g.line_bytes, 32u);
  EXPECT_EQ(g.sets, 4u);
  EXPECT_EQ(g.ways, std::vector<std::uint32_t>{96});
  EXPECT_EQ(g.replacement, "lru");
  EXPECT_EQ(g.set_mapping, "bits 7-8");
  EXPECT_TRUE(g.victim_share.empty());
  expect_latencies(g, 35, 250);
  EXPECT_EQ(g.note, "");
}

TEST(InferCache, MaxwellUnifiedL1) {
  // Seed 003 §2.5: the same organisation with 768 lines (24 KB): 4 sets of 192.
  SoftGpu gpu(l1_config({.line = 32,
                         .ways = std::vector<std::uint32_t>(4, 192),
                         .set_of = testing::bit_sets({7, 8})}));
  const CacheGeometry g = infer(gpu, LoadPath::kTexture, 256 * kKiB);
  EXPECT_EQ(g.size_bytes, 24 * kKiB);
  EXPECT_EQ(g.line_bytes, 32u);
  EXPECT_EQ(g.sets, 4u);
  EXPECT_EQ(g.ways, std::vector<std::uint32_t>{192});
  EXPECT_EQ(g.replacement, "lru");
  EXPECT_EQ(g.set_mapping, "bits 7-8");
}

TEST(InferCache, FermiL1WithWeightedRandomReplacement) {
  // Seed 003 §2.5: 16 KB, 128-byte lines, 32 sets of 4 ways, hashed sets (the Fermi hash), a
  // random victim with weights 1, 3, 1, 1. The replay sees about 400 passes of one overflowed
  // set, over 500 victims: the binomial sigma of a share is at most sqrt(0.25 / 500) = 0.022, so
  // 0.08 is more than 3.5 sigma from each expected share.
  SoftGpu gpu(l1_config({.line = 128,
                         .ways = std::vector<std::uint32_t>(32, 4),
                         .set_of = testing::fermi_sets(),
                         .victim_weights = {1, 3, 1, 1},
                         .seed = 7}));
  const CacheGeometry g = infer(gpu, LoadPath::kGlobalCa, 256 * kKiB);
  EXPECT_EQ(g.size_bytes, 16 * kKiB);
  EXPECT_EQ(g.line_bytes, 128u);
  EXPECT_EQ(g.sets, 32u);
  EXPECT_EQ(g.ways, std::vector<std::uint32_t>{4});
  EXPECT_EQ(g.replacement, "non-lru");
  EXPECT_EQ(g.set_mapping.rfind("hashed", 0), 0u) << g.set_mapping;
  ASSERT_EQ(g.victim_share.size(), 4u);
  const double expected[4] = {1.0 / 6, 1.0 / 2, 1.0 / 6, 1.0 / 6};
  for (int w = 0; w < 4; ++w) EXPECT_NEAR(g.victim_share[w], expected[w], 0.08) << "way " << w;
  expect_latencies(g, 35, 250);
}

TEST(InferCache, Plain32KiBFourWayLru) {
  SoftGpu gpu(l1_config({.line = 64,
                         .ways = std::vector<std::uint32_t>(128, 4),
                         .set_of = testing::linear_sets(64, 128)}));
  const CacheGeometry g = infer(gpu, LoadPath::kGlobalCa, 256 * kKiB);
  EXPECT_EQ(g.size_bytes, 32 * kKiB);
  EXPECT_EQ(g.line_bytes, 64u);
  EXPECT_EQ(g.sets, 128u);
  EXPECT_EQ(g.ways, std::vector<std::uint32_t>{4});
  EXPECT_EQ(g.replacement, "lru");
  EXPECT_EQ(g.set_mapping, "bits 6-12");
}

TEST(InferCache, FortyEightKiBIsNotAPowerOfTwo) {
  SoftGpu gpu(l1_config({.line = 128,
                         .ways = std::vector<std::uint32_t>(64, 6),
                         .set_of = testing::linear_sets(128, 64)}));
  const CacheGeometry g = infer(gpu, LoadPath::kGlobalCa, 256 * kKiB);
  EXPECT_EQ(g.size_bytes, 48 * kKiB);
  EXPECT_EQ(g.line_bytes, 128u);
  EXPECT_EQ(g.sets, 64u);
  EXPECT_EQ(g.ways, std::vector<std::uint32_t>{6});
  EXPECT_EQ(g.set_mapping, "bits 7-12");
}

TEST(InferCache, UnequalSetsAreReportedSetBySet) {
  // Four sets by bits 7-8 holding 8, 4, 4 and 4 lines. Sets 1-3 overflow first: the largest
  // all-hit array is 17 lines (set 0 holds 5 of them), the sets hold 20.
  SoftGpu gpu(l1_config({.line = 128, .ways = {8, 4, 4, 4}, .set_of = testing::bit_sets({7, 8})}));
  const CacheGeometry g = infer(gpu, LoadPath::kGlobalCa, 64 * kKiB);
  EXPECT_EQ(g.size_bytes, 17 * 128u);
  EXPECT_EQ(g.sets, 4u);
  EXPECT_EQ(g.ways, (std::vector<std::uint32_t>{8, 4, 4, 4}));
  EXPECT_EQ(g.set_mapping, "bits 7-8");
  EXPECT_EQ(g.note, "test: the sets hold 2560 bytes in all; unequal sets overflow before that");
}

TEST(InferCache, SmallXorHashedCacheIsCalledHashed) {
  SoftGpu gpu(l1_config({.line = 64,
                         .ways = std::vector<std::uint32_t>(32, 4),
                         .set_of = testing::xor_sets(64, 32)}));
  const CacheGeometry g = infer(gpu, LoadPath::kGlobalCa, 64 * kKiB);
  EXPECT_EQ(g.size_bytes, 8 * kKiB);
  EXPECT_EQ(g.line_bytes, 64u);
  EXPECT_EQ(g.sets, 32u);
  EXPECT_EQ(g.ways, std::vector<std::uint32_t>{4});
  EXPECT_EQ(g.set_mapping, "hashed (not a bit field)");
}

TEST(InferCache, HashedL2WithPrefetcherByCounting) {
  // An L2-like cache: 256 KB, 32-byte lines, 512 sets of 16 ways by an XOR hash, LRU, and a
  // prefetcher that fetches the next 4 lines on a line's first read (it hides cold misses).
  // A traced stage 2 would need 2 * 8193 records; with 4096 allowed, it counts.
  SoftGpuConfig config;
  config.l2 = SoftCacheConfig{.line = 32,
                              .ways = std::vector<std::uint32_t>(512, 16),
                              .set_of = testing::xor_sets(32, 512),
                              .prefetch_lines = 4};
  config.l2_hit = 200;
  SoftGpu gpu(config);
  const CacheGeometry g = infer(gpu, LoadPath::kGlobalCg, 4096 * kKiB, 4096);
  EXPECT_EQ(g.size_bytes, 256 * kKiB);
  EXPECT_EQ(g.line_bytes, 32u);
  EXPECT_EQ(g.ways, std::vector<std::uint32_t>{16});
  EXPECT_EQ(g.sets, 512u);
  EXPECT_EQ(g.replacement, "lru");
  EXPECT_EQ(g.set_mapping, "hashed (not a bit field)");
  expect_latencies(g, 200, 450);
}

TEST(InferCache, RandomReplacementByCountingIsNotLru) {
  // 128 KB of 32-byte lines, 256 sets of 16 ways evicting at random: the one overflowed set
  // misses a different number of times in each counted pass, so ways and sets stay unknown.
  SoftGpuConfig config;
  config.l2 = SoftCacheConfig{.line = 32,
                              .ways = std::vector<std::uint32_t>(256, 16),
                              .set_of = testing::linear_sets(32, 256),
                              .victim_weights = std::vector<std::uint32_t>(16, 1),
                              .seed = 7};
  SoftGpu gpu(config);
  const CacheGeometry g = infer(gpu, LoadPath::kGlobalCg, 1024 * kKiB, 1024);
  EXPECT_EQ(g.line_bytes, 32u);
  EXPECT_EQ(g.replacement, "non-lru");
  EXPECT_TRUE(g.ways.empty());
  EXPECT_EQ(g.sets, 0u);
  EXPECT_NE(g.note.find("measured by counting"), std::string::npos) << g.note;
  EXPECT_NE(g.note.find("misses per pass"), std::string::npos) << g.note;
}

TEST(InferCache, RoundSizesEndTheSizeSearchEarly) {
  // 40 KB (32 KB + 8 KB) of 32-byte lines by counting: after the doubling brackets it between
  // 32 KB and 64 KB, the bisection tries 48 KB (overflows) and 40 KB (fits), and one line more
  // overflows, so the search ends there instead of taking the 10 steps a plain bisection of
  // 32 KB at 32 bytes needs.
  SoftGpuConfig config;
  config.l2 = SoftCacheConfig{.line = 32,
                              .ways = std::vector<std::uint32_t>(80, 16),
                              .set_of = testing::linear_sets(32, 80)};
  SoftGpu gpu(config);
  const CacheGeometry g = infer(gpu, LoadPath::kGlobalCg, 256 * kKiB, 1024);
  EXPECT_EQ(g.size_bytes, 40 * kKiB);
  EXPECT_EQ(g.ways, std::vector<std::uint32_t>{16});
  EXPECT_EQ(g.sets, 80u);
  EXPECT_EQ(g.replacement, "lru");
  // Chases: the hit level, 7 doubling steps (1 KB .. 64 KB), the line; the bisection: 32 KB + 32
  // (fits), 48 KB (overflows), 40 KB (fits), 40 KB + 32 (overflows); stage 2's one.
  EXPECT_EQ(gpu.chases(), 1u + 7u + 1u + 4u + 1u);
}

TEST(InferCache, NoMissWithinMaxBytesIsNoCache) {
  SoftGpu gpu(l1_config({.line = 128,
                         .ways = std::vector<std::uint32_t>(64, 8),
                         .set_of = testing::linear_sets(128, 64)}));
  const Chaser chaser = gpu.chaser();
  EXPECT_FALSE(infer_cache(chaser, CacheSearch{LoadPath::kGlobalCa, 32 * kKiB, kRecords, "l1"}));
  EXPECT_THROW(infer_cache(chaser, CacheSearch{LoadPath::kGlobalCa, 32 * kKiB, 0, "l1"}),
               std::invalid_argument);
}

TEST(InferCache, SameModelSameAnswer) {
  auto run = [] {
    SoftGpu gpu(l1_config({.line = 128,
                           .ways = std::vector<std::uint32_t>(32, 4),
                           .set_of = testing::fermi_sets(),
                           .victim_weights = {1, 3, 1, 1},
                           .seed = 3}));
    return infer(gpu, LoadPath::kGlobalCa, 64 * kKiB).victim_share;
  };
  EXPECT_EQ(run(), run());
}

}  // namespace
}  // namespace warpsim::probe
