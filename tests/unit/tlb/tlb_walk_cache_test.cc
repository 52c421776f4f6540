// The page-walk cache of SharedTlb (tlb.walk_cache, tlb.walk_miss_latency): a walk whose
// page-table entry is cached costs walk_latency, one that is not walk_latency +
// walk_miss_latency. The TLBs here are tiny (one L1 entry, one or two L2 entries), so that
// revisiting a page walks again and the walk cache decides its cost. Expected cycles are sums
// of the config's latencies, spelled out beside each check.

#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "tlb/tlb.h"
#include "tlb_test_util.h"

namespace warpsim {
namespace {

using test::page_addr;
using test::Translation;

// L1 lookup 3, L2 TLB hit 20, cached walk 100, uncached walk 100 + 500.
constexpr std::uint64_t kL2Hit = 3 + 20;
constexpr std::uint64_t kCachedWalk = kL2Hit + 100;
constexpr std::uint64_t kUncachedWalk = kCachedWalk + 500;

// A tlb section with `walk_cache` and an L2 TLB of `l2_entries` (fully associative).
std::string config(const std::string& walk_cache, int l2_entries = 1) {
  return R"(
tlb:
  enabled: true
  walk_latency: 100
  walk_miss_latency: 500
  l1: {entries: 1, hit_latency: 3}
  l2: {entries: )" +
         std::to_string(l2_entries) + R"(, set_ways: [], set_map: [], latency: 20}
  walk_cache: )" +
         walk_cache + "\n";
}

// Latency of translating `page` on SM `sm` at `now`.
std::uint64_t latency(Translation& t, std::uint64_t page, std::uint64_t now, std::uint32_t sm = 0) {
  return t.units[sm]->translate(page_addr(page), now) - now;
}

TEST(TlbWalkCacheTest, CachedEntryMakesARevisitedPageWalkCheaply) {
  Translation t(config("{entries: 4}", 2));
  EXPECT_EQ(latency(t, 0, 1000), kUncachedWalk);  // never walked: the entry comes from memory
  EXPECT_EQ(latency(t, 1, 2000), kUncachedWalk);
  EXPECT_EQ(latency(t, 2, 3000), kUncachedWalk);  // the 2-entry L2 TLB drops page 0
  EXPECT_EQ(latency(t, 0, 4000), kCachedWalk);    // L2 TLB miss, walk cache hit
  EXPECT_EQ(latency(t, 2, 5000), kL2Hit);         // still in the L2 TLB: no walk at all
  EXPECT_EQ(t.stat("l2_tlb.walks"), 4u);
  EXPECT_EQ(t.stat("l2_tlb.walk_cache_misses"), 3u);
}

TEST(TlbWalkCacheTest, WithoutAWalkCacheEveryWalkPaysTheMissLatency) {
  Translation t(config("{entries: 0}"));
  for (std::uint64_t i = 0; i < 6; ++i) {
    EXPECT_EQ(latency(t, i % 2, 1000 * (i + 1)), kUncachedWalk) << i;  // pages 0, 1, 0, 1, ...
  }
  EXPECT_EQ(t.stat("l2_tlb.walks"), 6u);
  EXPECT_EQ(t.stat("l2_tlb.walk_cache_misses"), 6u);
}

TEST(TlbWalkCacheTest, HoldsEntriesUpToItsCapacityAndEvictsTheLeastRecentlyWalked) {
  // Two entries, LRU; the one-entry L2 TLB makes every change of page a walk.
  Translation t(config("{entries: 2, replacement: lru}"));
  EXPECT_EQ(latency(t, 0, 1000), kUncachedWalk);  // cache: 0
  EXPECT_EQ(latency(t, 1, 2000), kUncachedWalk);  // cache: 0 1
  EXPECT_EQ(latency(t, 0, 3000), kCachedWalk);    // 0 is now the most recent
  EXPECT_EQ(latency(t, 2, 4000), kUncachedWalk);  // evicts 1, the least recently walked
  EXPECT_EQ(latency(t, 0, 5000), kCachedWalk);
  EXPECT_EQ(latency(t, 1, 6000), kUncachedWalk);  // evicts 2
  EXPECT_EQ(latency(t, 0, 7000), kCachedWalk);
  EXPECT_EQ(latency(t, 2, 8000), kUncachedWalk);
  EXPECT_EQ(t.stat("l2_tlb.walk_cache_misses"), 5u);
}

TEST(TlbWalkCacheTest, SetsFollowTheirSetMap) {
  // Two sets of one entry; page p goes to set p mod 2: pages 0 and 2 evict each other, page 1
  // keeps its own set.
  Translation t(config("{entries: 2, set_ways: [1, 1], set_map: []}"));
  EXPECT_EQ(latency(t, 0, 1000), kUncachedWalk);
  EXPECT_EQ(latency(t, 1, 2000), kUncachedWalk);
  EXPECT_EQ(latency(t, 2, 3000), kUncachedWalk);  // set 0: evicts page 0
  EXPECT_EQ(latency(t, 1, 4000), kCachedWalk);    // set 1 untouched
  EXPECT_EQ(latency(t, 0, 5000), kUncachedWalk);
  EXPECT_EQ(latency(t, 2, 6000), kUncachedWalk);  // page 0 took set 0 back
}

TEST(TlbWalkCacheTest, AWalkMeetingAnEntryStillBeingFetchedWaitsForIt) {
  Translation t(config("{entries: 4}"), 2);
  // SM 0 walks page 0: its entry arrives at 0 + kUncachedWalk = 623.
  EXPECT_EQ(t.units[0]->translate(page_addr(0), 0), kUncachedWalk);
  // Page 1 takes the one L2 TLB entry while page 0's walk is in flight.
  EXPECT_EQ(latency(t, 1, 10), kUncachedWalk);
  // SM 1 misses both TLBs on page 0 at 20 and walks: the cached entry is not there before 623,
  // later than a cached walk would end (20 + kCachedWalk = 143).
  EXPECT_EQ(t.units[1]->translate(page_addr(0), 20), kUncachedWalk);
  EXPECT_EQ(t.stat("l2_tlb.walks"), 3u);
  EXPECT_EQ(t.stat("l2_tlb.walk_cache_misses"), 2u);
}

TEST(TlbWalkCacheTest, WindowSwitchAddsToAnUncachedWalk) {
  // A 4-page window: page 4 is outside the first walk's window.
  Translation t(config("{entries: 4}") + "  page_window: {bytes: 8MiB, switch_latency: 266}\n");
  EXPECT_EQ(latency(t, 0, 1000), kUncachedWalk);
  EXPECT_EQ(latency(t, 4, 2000), kUncachedWalk + 266);
  EXPECT_EQ(latency(t, 0, 3000), kCachedWalk + 266);  // back to window 0, entry cached
  EXPECT_EQ(t.stat("l2_tlb.window_switches"), 2u);
}

}  // namespace
}  // namespace warpsim
