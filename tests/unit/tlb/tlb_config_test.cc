#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tlb/tlb_config.h"
#include "tlb_test_util.h"

namespace warpsim {
namespace {

using test::tlb_config;
using ::testing::HasSubstr;

std::string error_of(const std::string& yaml) {
  try {
    tlb_config(yaml);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(TlbConfigTest, DefaultsAreSeed003Numbers) {
  const TlbConfig c = tlb_config("tlb: {}");
  EXPECT_FALSE(c.enabled);           // presets opt in
  EXPECT_EQ(c.page_size, 2u << 20);  // 2 MB pages (Table V)
  // L1 TLB: 16 entries, fully associative.
  EXPECT_EQ(c.l1.entries, 16u);
  EXPECT_TRUE(c.l1.set_ways.empty());
  EXPECT_EQ(c.l1.sets(), 1u);
  EXPECT_EQ(c.l1.latency, 0u);
  // L2 TLB: 65 entries = 17 + 6 x 8; residues 0 and 1 of page mod 8 share the 17-entry set.
  EXPECT_EQ(c.l2.entries, 65u);
  EXPECT_EQ(c.l2.set_ways, (std::vector<std::uint32_t>{17, 8, 8, 8, 8, 8, 8}));
  EXPECT_EQ(c.l2.set_map, (std::vector<std::uint32_t>{0, 0, 1, 2, 3, 4, 5, 6}));
  // GTX560Ti, Fig. 14: P2 - P1 (L1 off) = 378 - 351; P3 - P2 = 462 - 378.
  EXPECT_EQ(c.l2.latency, 378u - 351u);
  EXPECT_EQ(c.walk_latency, 462u - 378u);
  // Window off on Fermi; GTX780 P6 - P5 = 968 - 702 when a preset turns it on.
  EXPECT_EQ(c.window_bytes, 0u);
  EXPECT_EQ(c.window_switch_latency, 968u - 702u);
  EXPECT_EQ(c.l1.replacement.at("impl").as_string(), "lru");
  EXPECT_EQ(c.l2.replacement.at("impl").as_string(), "lru");
  // Off unless a preset sets them, so that walks and L1 hits cost what they did without them:
  // no walk cache and no miss latency, no round trip.
  EXPECT_EQ(c.walk_cache.entries, 0u);
  EXPECT_EQ(c.walk_miss_latency, 0u);
  EXPECT_EQ(c.l1_miss_round_trip, 0u);
  EXPECT_FALSE(c.skip_on_l1d_hit);
}

TEST(TlbConfigTest, ReadsEveryKey) {
  const TlbConfig c = tlb_config(R"(
tlb:
  enabled: true
  page_size: 64KiB
  walk_latency: 50
  walk_miss_latency: 400
  skip_on_l1d_hit: true
  l1_miss_round_trip: 261
  l1: {entries: 8, set_ways: [4, 4], set_map: [1, 0], hit_latency: 2, replacement: fifo}
  l2: {entries: 12, set_ways: [12], set_map: [], latency: 9}
  walk_cache: {entries: 96, set_ways: [32, 64], set_map: [1, 1, 0], replacement: random}
  page_window: {bytes: 1MiB, switch_latency: 300}
)");
  EXPECT_EQ(c.walk_miss_latency, 400u);
  EXPECT_EQ(c.l1_miss_round_trip, 261u);
  EXPECT_EQ(c.walk_cache.entries, 96u);
  EXPECT_EQ(c.walk_cache.set_ways, (std::vector<std::uint32_t>{32, 64}));
  EXPECT_EQ(c.walk_cache.set_map, (std::vector<std::uint32_t>{1, 1, 0}));
  EXPECT_EQ(c.walk_cache.replacement.at("impl").as_string(), "random");
  EXPECT_TRUE(c.enabled);
  EXPECT_TRUE(c.skip_on_l1d_hit);
  EXPECT_EQ(c.page_size, 65536u);
  EXPECT_EQ(c.walk_latency, 50u);
  EXPECT_EQ(c.l1.entries, 8u);
  EXPECT_EQ(c.l1.set_ways, (std::vector<std::uint32_t>{4, 4}));
  EXPECT_EQ(c.l1.set_map, (std::vector<std::uint32_t>{1, 0}));
  EXPECT_EQ(c.l1.latency, 2u);
  EXPECT_EQ(c.l1.replacement.at("impl").as_string(), "fifo");
  EXPECT_EQ(c.l2.entries, 12u);
  EXPECT_TRUE(c.l2.set_map.empty());
  EXPECT_EQ(c.l2.latency, 9u);
  EXPECT_EQ(c.window_bytes, 1u << 20);
  EXPECT_EQ(c.window_switch_latency, 300u);
}

TEST(TlbConfigTest, SetWaysMustAddUpToEntries) {
  const std::string message = error_of("tlb: {l2: {entries: 65, set_ways: [17, 8, 8]}}");
  EXPECT_THAT(message, HasSubstr("tlb.l2.set_ways"));
  EXPECT_THAT(message, HasSubstr("add up to 33"));
  EXPECT_THAT(message, HasSubstr("entries is 65"));
}

TEST(TlbConfigTest, SetMapMustNameExistingSets) {
  const std::string message =
      error_of("tlb: {l1: {entries: 4, set_ways: [2, 2], set_map: [0, 1, 2]}}");
  EXPECT_THAT(message, HasSubstr("tlb.l1.set_map[2]"));
  EXPECT_THAT(message, HasSubstr("2 sets"));
}

TEST(TlbConfigTest, FullyAssociativeTlbIsLimitedToSixtyFourWays) {
  EXPECT_THAT(error_of("tlb: {l1: {entries: 65}}"), HasSubstr("tlb.l1.entries"));
  EXPECT_EQ(error_of("tlb: {l1: {entries: 64}}"), "(no error)");
  // Each set is limited too: the schema checks list items against 1..64.
  EXPECT_THAT(error_of("tlb: {l2: {entries: 65, set_ways: [65]}}"), HasSubstr("tlb.l2.set_ways"));
}

TEST(TlbConfigTest, WalkCacheGeometryIsCheckedOnlyWhenItHasEntries) {
  EXPECT_THAT(error_of("tlb: {walk_cache: {entries: 65}}"), HasSubstr("tlb.walk_cache.entries"));
  EXPECT_THAT(error_of("tlb: {walk_cache: {entries: 64, set_ways: [8, 8]}}"),
              HasSubstr("tlb.walk_cache.set_ways"));
  EXPECT_EQ(error_of("tlb: {walk_cache: {entries: 64}}"), "(no error)");
  // No walk cache: nothing is built from its set_ways, so they need not add up.
  EXPECT_EQ(error_of("tlb: {walk_cache: {entries: 0, set_ways: [8, 8]}}"), "(no error)");
}

TEST(TlbConfigTest, PageSizeAndWindowAreChecked) {
  EXPECT_THAT(error_of("tlb: {page_size: 3MiB}"), HasSubstr("tlb.page_size"));
  EXPECT_THAT(error_of("tlb: {page_window: {bytes: 3MiB}}"), HasSubstr("tlb.page_window.bytes"));
  EXPECT_EQ(error_of("tlb: {page_window: {bytes: 512MiB}}"), "(no error)");
}

}  // namespace
}  // namespace warpsim
