// Cache::resize, which the unified L1/shared array uses when a kernel's carve-out changes: a
// new capacity (more or fewer sets of the same ways), empty, with the counters carrying on.

#include <gtest/gtest.h>

#include "cache_core_test_util.h"

namespace warpsim::testing {
namespace {

// 2 ways of 128-byte lines. 512 B = 2 sets; lines 0, 2, 4 (addresses 0, 256, 512) share set 0.
TEST(CacheResize, MoreSetsHoldWhatFewerCouldNot) {
  CacheHarness h("{size: 512B, line: 128, sector: 128, ways: 2}");
  for (Addr a : {0, 256, 512}) h.load(a);
  // Three lines in a 2-way set: line 0 (the least recently used) was evicted.
  EXPECT_EQ(h.read(0, 1).outcome, CacheOutcome::kMiss);
  h.answer_only_fetch();
  EXPECT_EQ(h.stat("evictions"), 2u);

  h.cache().invalidate_all();
  h.cache().resize(1024);  // 4 sets: lines 0, 2, 4 now go to sets 0, 2, 0
  EXPECT_EQ(h.cache().config().size, 1024u);
  EXPECT_EQ(h.read(0, 2).outcome, CacheOutcome::kMiss);  // empty after the resize
  h.answer_only_fetch();
  for (Addr a : {256, 512}) h.load(a);
  for (Addr a : {0, 256, 512}) EXPECT_EQ(h.read(a, 3).outcome, CacheOutcome::kHit) << a;
  // The counters carried on across the resize: 4 + 3 misses, no eviction after it.
  EXPECT_EQ(h.stat("misses"), 7u);
  EXPECT_EQ(h.stat("evictions"), 2u);
  EXPECT_EQ(h.stat("hits"), 3u);
}

TEST(CacheResize, OnlyWhenNothingIsInFlight) {
  CacheHarness h("{size: 512B, line: 128, sector: 128, ways: 2}");
  EXPECT_EQ(h.read(0, 1).outcome, CacheOutcome::kMiss);  // its fetch is queued
  EXPECT_THROW(h.cache().resize(1024), std::logic_error);
  h.answer_only_fetch();
  EXPECT_NO_THROW(h.cache().resize(256));
  EXPECT_EQ(h.read(0, 2).outcome, CacheOutcome::kMiss);
}

}  // namespace
}  // namespace warpsim::testing
