// AgeLRU (cache/replacement/age_lru.cc; Dong Li's thesis §5.2): victims in hand-made 4-way sets,
// with and without wrap-around of 8-bit warp ages, the bypass condition, and a whole cache
// whose policy declines to evict (a bypassing miss reserves an MSHR and no line; with bto it
// fetches only its sectors). Each expectation is worked out beside it.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cache/warp_window.h"
#include "cache_core_test_util.h"
#include "replacement_test_util.h"

namespace warpsim {
namespace {

using testing::make_replacement;

AccessInfo by(std::uint64_t age, WarpWindow window = {}) {
  return AccessInfo{.warp_age = age, .window = window};
}

// One set of 4 ways, filled in way order by warps of launch ages `ages`: way 0 is the LRU line.
std::unique_ptr<ReplacementPolicy> filled(const std::vector<std::uint64_t>& ages,
                                          const std::string& params = "") {
  auto p = make_replacement("{impl: age_lru" + params + "}", {.sets = 1, .ways = 4});
  for (std::uint32_t way = 0; way < ages.size(); ++way) p->on_fill(0, way, by(ages[way]));
  return p;
}

constexpr WayMask kAll = WayMask::all(4);

TEST(AgeLru, EvictsTheYoungestWarpsLineNotTheLruOne) {
  auto p = filled({10, 11, 12, 13});
  EXPECT_TRUE(p->wants_warp_window());
  // Window 10..13: relative ages 0, 1, 2, 3; warp 13's line goes though it is the MRU one.
  EXPECT_EQ(p->select_victim(0, kAll, by(10, {10, 13})), 3u);
  // Among several lines of the youngest warp, the LRU one: ways 2 and 3 are warp 13's, 2 older.
  auto q = filled({10, 11, 13, 13});
  EXPECT_EQ(q->select_victim(0, kAll, by(10, {10, 13})), 2u);
  q->on_hit(0, 2, by(10));  // now way 3 is the LRU line of warp 13
  EXPECT_EQ(q->select_victim(0, kAll, by(10, {10, 13})), 3u);
  // Only candidates count: without way 3, warp 13's other line.
  EXPECT_EQ(p->select_victim(0, WayMask(0b0111), by(10, {10, 13})), 2u);
}

TEST(AgeLru, InactiveWarpsLinesGoFirst) {
  auto p = filled({10, 11, 12, 13});
  // Warp 10 finished or waits at a barrier: window 11..13. Its line goes before warp 13's.
  EXPECT_EQ(p->select_victim(0, kAll, by(11, {11, 13})), 0u);
  // Two inactive lines (warps 10 and 11 outside 12..13): the LRU of them, way 0; after a hit
  // on way 0, way 1.
  EXPECT_EQ(p->select_victim(0, kAll, by(12, {12, 13})), 0u);
  p->on_hit(0, 0, by(12));
  EXPECT_EQ(p->select_victim(0, kAll, by(12, {12, 13})), 1u);
  // No warp active (an empty window): every line is inactive, plain LRU (way 1 is now LRU).
  EXPECT_EQ(p->select_victim(0, kAll, by(12, WarpWindow{})), 1u);
}

TEST(AgeLru, EightBitAgesWrapAround) {
  // Ages 254, 255, 256, 257 have AWIDs 254, 255, 0, 1; window 254..257 wraps (254..1).
  // Relative ages (AWID - 254) mod 256: 0, 1, 2, 3, so warp 257 (AWID 1) is the youngest.
  auto p = filled({254, 255, 256, 257});
  EXPECT_EQ(p->select_victim(0, kAll, by(254, {254, 257})), 3u);
  // Window 255..257 (255..1): warp 254 is out, though its AWID is larger than the youngest's.
  EXPECT_EQ(p->select_victim(0, kAll, by(255, {255, 257})), 0u);
  // Way 3's line was placed by warp 1, long gone, whose AWID (1) is warp 257's. 8-bit
  // counters take it for warp 257's: relative ages 0, 1, 2, 2, and the LRU line of the
  // youngest is way 2. Exact ages (awid_bits 0) see warp 1 outside 255..257: way 3 goes first.
  auto aliased = filled({255, 256, 257, 1});
  EXPECT_EQ(aliased->select_victim(0, kAll, by(255, {255, 257})), 2u);
  auto exact = filled({255, 256, 257, 1}, ", awid_bits: 0");
  EXPECT_EQ(exact->select_victim(0, kAll, by(255, {255, 257})), 3u);
}

TEST(AgeLru, BypassesWhenTheMissingWarpIsYoungerThanTheVictims) {
  auto plain = filled({10, 11, 12, 13});
  EXPECT_FALSE(plain->bypass_instead(0, kAll, by(14, {10, 14})));  // bypass off
  auto p = filled({10, 11, 12, 13}, ", bypass: true");
  // The victim would be warp 13's line (relative 3). Warp 14 (relative 4) is younger: bypass.
  EXPECT_TRUE(p->bypass_instead(0, kAll, by(14, {10, 14})));
  // Warp 13 itself (a tie) and older warps evict instead.
  EXPECT_FALSE(p->bypass_instead(0, kAll, by(13, {10, 14})));
  EXPECT_FALSE(p->bypass_instead(0, kAll, by(11, {10, 14})));
  // An inactive line is always taken: window 11..14 makes warp 10's line the victim.
  EXPECT_FALSE(p->bypass_instead(0, kAll, by(14, {11, 14})));
}

TEST(AgeLru, FallbackIsPlainLruWithoutBypass) {
  auto p = filled({10, 11, 12, 13}, ", bypass: true");
  EXPECT_TRUE(p->set_fallback(true));
  // LRU: way 0 (warp 10, filled first) although warp 13 is the youngest; no bypass for warp 14.
  EXPECT_EQ(p->select_victim(0, kAll, by(10, {10, 13})), 0u);
  EXPECT_FALSE(p->bypass_instead(0, kAll, by(14, {10, 14})));
  // AWIDs kept meanwhile: a fill by warp 14 in way 0 is the youngest's line once AgeLRU is back.
  p->on_fill(0, 0, by(14));
  EXPECT_TRUE(p->set_fallback(false));
  EXPECT_EQ(p->select_victim(0, kAll, by(10, {10, 14})), 0u);
  EXPECT_TRUE(p->bypass_instead(0, kAll, by(15, {10, 15})));
  // Policies without a fallback say so.
  EXPECT_FALSE(make_replacement("{impl: lru}", {.sets = 1, .ways = 4})->set_fallback(true));
}

// The SM's window in the cache tests: a fixed one.
struct FixedWindow final : WarpWindowSource {
  WarpWindow window;
  WarpWindow warp_window() const override { return window; }
};

// 1 KiB of 128-byte lines, 2 ways: lines 0x000, 0x200 and 0x400 share set 0. The harness's
// requests come from warp 5 of SM 3; warp_age says which warp.
MemRequest read_by(const testing::CacheHarness& h, Addr addr, std::uint64_t tag, std::uint64_t age,
                   SectorMask sectors = 0) {
  MemRequest r = h.request(MemKind::kRead, addr, sectors, tag);
  r.warp_age = age;
  return r;
}

TEST(AgeLru, ABypassingMissHoldsAnMshrButNoLine) {
  testing::CacheHarness h("{size: 1KiB, ways: 2, replacement: {impl: age_lru, bypass: true}}");
  FixedWindow window;
  window.window = {10, 14};
  h.cache().set_warp_window(&window);
  for (const auto& [addr, age] : {std::pair<Addr, std::uint64_t>{0x000, 10}, {0x200, 11}}) {
    ASSERT_EQ(h.cache().access(read_by(h, addr, 100 + addr, age), Cycle{0}).outcome,
              CacheOutcome::kMiss);
    ASSERT_EQ(h.answer_only_fetch(), std::vector<std::uint64_t>{100 + addr});
  }
  // Warp 14 misses in the full set: younger than warp 11, whose line would go, so it bypasses.
  EXPECT_EQ(h.cache().access(read_by(h, 0x400, 1, 14), Cycle{0}).outcome, CacheOutcome::kMiss);
  const std::vector<MemRequest> fetch = h.drain();
  ASSERT_EQ(fetch.size(), 1u);
  EXPECT_EQ(fetch[0].sectors, 0xfu);  // without bto: the whole line
  EXPECT_EQ(h.answer(fetch[0]), std::vector<std::uint64_t>{1});
  EXPECT_EQ(h.stat("policy_bypasses"), 1u);
  EXPECT_EQ(h.stat("evictions"), 0u);
  // Both old lines stayed; 0x400 was not kept.
  EXPECT_EQ(h.cache().access(read_by(h, 0x000, 2, 10), Cycle{0}).outcome, CacheOutcome::kHit);
  EXPECT_EQ(h.cache().access(read_by(h, 0x200, 3, 11), Cycle{0}).outcome, CacheOutcome::kHit);
  // Warp 12 (relative age 2) is younger than warp 11 (1) too: it bypasses as well.
  EXPECT_EQ(h.cache().access(read_by(h, 0x400, 4, 12), Cycle{0}).outcome, CacheOutcome::kMiss);
  EXPECT_EQ(h.stat("policy_bypasses"), 2u);
  h.drain();
  // Warp 10 (relative 0) is older than warp 11: it evicts warp 11's line, the youngest's.
  EXPECT_EQ(h.cache().access(read_by(h, 0x600, 5, 10), Cycle{0}).outcome, CacheOutcome::kMiss);
  EXPECT_EQ(h.stat("policy_bypasses"), 2u);
  EXPECT_EQ(h.stat("evictions"), 1u);
  EXPECT_EQ(h.cache().access(read_by(h, 0x000, 6, 10), Cycle{0}).outcome, CacheOutcome::kHit);
}

TEST(AgeLru, WithBtoABypassingMissFetchesOnlyItsSectors) {
  testing::CacheHarness h(
      "{size: 1KiB, ways: 2, bto: true, replacement: {impl: age_lru, bypass: true}}");
  FixedWindow window;
  window.window = {10, 14};
  h.cache().set_warp_window(&window);
  for (const auto& [addr, age] : {std::pair<Addr, std::uint64_t>{0x000, 10}, {0x200, 11}}) {
    ASSERT_EQ(h.cache().access(read_by(h, addr, 100 + addr, age, 0b0001), Cycle{0}).outcome,
              CacheOutcome::kMiss);
    const std::vector<MemRequest> placing = h.drain();
    ASSERT_EQ(placing.size(), 1u);
    EXPECT_EQ(placing[0].sectors, 0xfu);  // a placing miss fetches the whole line
    h.answer(placing[0]);
  }
  EXPECT_EQ(h.cache().access(read_by(h, 0x400, 1, 14, 0b0100), Cycle{0}).outcome,
            CacheOutcome::kMiss);
  const std::vector<MemRequest> fetch = h.drain();
  ASSERT_EQ(fetch.size(), 1u);
  EXPECT_EQ(fetch[0].sectors, 0b0100u);
}

}  // namespace
}  // namespace warpsim
