#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "tlb/tlb.h"
#include "tlb_test_util.h"

namespace warpsim {
namespace {

using test::page_addr;
using test::Translation;

// Small latencies that are easy to add by hand: L1 lookup 3, L2 hit 20, walk 100.
const char* const kSmallLatencies = R"(
tlb:
  enabled: true
  walk_latency: 100
  l1: {hit_latency: 3}
  l2: {latency: 20}
)";

TEST(TlbTest, DisabledTranslationIsFree) {
  Translation t("tlb: {enabled: false}");
  EXPECT_FALSE(t.units[0]->enabled());
  EXPECT_EQ(t.units[0]->translate(page_addr(0), 0), 0u);
  EXPECT_EQ(t.units[0]->translate(page_addr(0), 77), 77u);
  EXPECT_EQ(t.units[0]->translate(page_addr(900), 1234), 1234u);
  EXPECT_EQ(t.stat("sm[0].accesses"), 0u);
  EXPECT_EQ(t.stat("l2_tlb.accesses"), 0u);
}

TEST(TlbTest, HitMissAndWalkLatenciesAreExact) {
  Translation t(kSmallLatencies, 2);
  TlbUnit& sm0 = *t.units[0];
  TlbUnit& sm1 = *t.units[1];
  EXPECT_EQ(sm0.translate(page_addr(0), 1000), 1000u + 3 + 20 + 100);  // cold: walk
  EXPECT_EQ(sm0.translate(page_addr(0) + 4096, 2000), 2000u + 3);      // same page: L1 hit
  EXPECT_EQ(sm1.translate(page_addr(0) + 8, 3000), 3000u + 3 + 20);    // other SM: L2 hit
  EXPECT_EQ(sm1.translate(page_addr(0), 3100), 3100u + 3);             // now in its L1 too
  EXPECT_EQ(t.stat("sm[0].accesses"), 2u);
  EXPECT_EQ(t.stat("sm[0].hits"), 1u);
  EXPECT_EQ(t.stat("sm[0].misses"), 1u);
  EXPECT_EQ(t.stat("sm[1].hits"), 1u);
  EXPECT_EQ(t.stat("l2_tlb.accesses"), 2u);
  EXPECT_EQ(t.stat("l2_tlb.hits"), 1u);
  EXPECT_EQ(t.stat("l2_tlb.misses"), 1u);
  EXPECT_EQ(t.stat("l2_tlb.walks"), 1u);
}

TEST(TlbTest, DefaultLatenciesAreFermiFig14Differences) {
  Translation t("tlb: {enabled: true}", 2);
  // P3 - P1 with L1 off on the GTX560Ti: 462 - 351 = 111 cycles for an L2 TLB miss.
  EXPECT_EQ(t.units[0]->translate(page_addr(5), 10), 10u + 111);
  // P2 - P1: 378 - 351 = 27 for an L1 TLB miss that hits the L2 TLB; an L1 hit is free.
  EXPECT_EQ(t.units[1]->translate(page_addr(5), 500), 500u + 27);
  EXPECT_EQ(t.units[1]->translate(page_addr(5), 600), 600u);
}

TEST(TlbTest, L1TlbHoldsSixteenPagesWithLru) {
  Translation t(kSmallLatencies);
  TlbUnit& sm = *t.units[0];
  std::uint64_t now = 0;
  for (std::uint64_t i = 0; i < 16; ++i) now = sm.translate(page_addr(i), now);
  EXPECT_EQ(sm.translate(page_addr(0), 5000), 5003u);  // all 16 resident; page 0 now MRU
  // A 17th page evicts the least recently used, page 1, which the L2 TLB still holds.
  EXPECT_EQ(sm.translate(page_addr(16), 6000), 6000u + 123);
  EXPECT_EQ(sm.translate(page_addr(0), 7000), 7003u);
  EXPECT_EQ(sm.translate(page_addr(1), 8000), 8023u);
}

TEST(TlbTest, MissesToAPageInFlightOnTheSameSmMerge) {
  Translation t(kSmallLatencies);
  TlbUnit& sm = *t.units[0];
  EXPECT_EQ(sm.translate(page_addr(3), 100), 223u);  // walk: ready at 223
  EXPECT_EQ(sm.translate(page_addr(3) + 128, 150), 223u);
  // X-1 / X: at 219 a hit would be ready at 222, before the walk: still merged. From 220 on a
  // hit is ready at 223 or later, so the entry counts as a hit.
  EXPECT_EQ(sm.translate(page_addr(3), 219), 223u);
  EXPECT_EQ(sm.translate(page_addr(3), 220), 223u);
  EXPECT_EQ(sm.translate(page_addr(3), 221), 224u);
  EXPECT_EQ(t.stat("sm[0].accesses"), 5u);
  EXPECT_EQ(t.stat("sm[0].misses"), 3u);
  EXPECT_EQ(t.stat("sm[0].merged"), 2u);
  EXPECT_EQ(t.stat("sm[0].hits"), 2u);
  EXPECT_EQ(t.stat("l2_tlb.accesses"), 1u);  // misses - merged
  EXPECT_EQ(t.stat("l2_tlb.walks"), 1u);
}

TEST(TlbTest, MissesToAPageAnotherSmIsWalkingJoinTheWalk) {
  Translation t(kSmallLatencies, 3);
  EXPECT_EQ(t.units[0]->translate(page_addr(9), 100), 223u);
  EXPECT_EQ(t.units[1]->translate(page_addr(9), 110), 223u);  // joins: 110 + 23 < 223
  // X-1 / X for the L2: from 200 on an L2 hit (200 + 23) is no earlier than the walk.
  EXPECT_EQ(t.units[2]->translate(page_addr(9), 199), 223u);
  EXPECT_EQ(t.units[1]->translate(page_addr(9), 300), 303u);  // its L1 kept the translation
  EXPECT_EQ(t.stat("l2_tlb.accesses"), 3u);
  EXPECT_EQ(t.stat("l2_tlb.misses"), 3u);
  EXPECT_EQ(t.stat("l2_tlb.walks"), 1u);
  EXPECT_EQ(t.stat("l2_tlb.hits"), 0u);
  Translation u(kSmallLatencies, 2);
  EXPECT_EQ(u.units[0]->translate(page_addr(9), 100), 223u);
  EXPECT_EQ(u.units[1]->translate(page_addr(9), 200), 223u);
  EXPECT_EQ(u.stat("l2_tlb.hits"), 1u);
}

TEST(TlbTest, EntriesInFlightAreNotEvictedWhileAnotherCanGo) {
  Translation t(R"(
tlb:
  enabled: true
  walk_latency: 100
  l1: {entries: 2, hit_latency: 3}
  l2: {latency: 20}
)");
  TlbUnit& sm = *t.units[0];
  EXPECT_EQ(sm.translate(page_addr(0), 0), 123u);
  EXPECT_EQ(sm.translate(page_addr(1), 200), 323u);  // in flight until 323
  EXPECT_EQ(sm.translate(page_addr(0), 201), 204u);  // page 1 is now least recently used
  // Page 2 must evict page 0 rather than page 1, whose walk is still in flight.
  EXPECT_EQ(sm.translate(page_addr(2), 202), 202u + 123);
  EXPECT_EQ(sm.translate(page_addr(1), 203), 323u);  // merged in the L1, no L2 lookup
  EXPECT_EQ(t.stat("sm[0].merged"), 1u);
  EXPECT_EQ(t.stat("l2_tlb.accesses"), 3u);
  EXPECT_EQ(sm.translate(page_addr(0), 400), 423u);  // evicted from L1, still in L2
}

TEST(TlbTest, EqualSetsDefaultToPageModSets) {
  Translation t(R"(
tlb:
  enabled: true
  walk_latency: 100
  l1: {entries: 4, set_ways: [2, 2], hit_latency: 3}
  l2: {latency: 20}
)");
  TlbUnit& sm = *t.units[0];
  std::uint64_t now = 0;
  for (std::uint64_t i : {0, 2, 1}) now = sm.translate(page_addr(i), now);
  // Pages 0, 2, 4 share set 0 (even pages): 4 evicts 0; odd page 1 in set 1 survives.
  now = sm.translate(page_addr(4), now);
  EXPECT_EQ(sm.translate(page_addr(1), 1000), 1003u);
  EXPECT_EQ(sm.translate(page_addr(2), 2000), 2003u);
  EXPECT_EQ(sm.translate(page_addr(0), 3000), 3023u);
}

}  // namespace
}  // namespace warpsim
