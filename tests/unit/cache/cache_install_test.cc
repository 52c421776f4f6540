// Lines installed from outside the memory system (Cache::install: the host's writes into the
// L2). "{size: 256, sector: 32, ways: 2}" is one set of two 128-byte lines of four sectors,
// LRU, allocating on miss.

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "cache_core_test_util.h"

namespace warpsim {
namespace {

using testing::CacheHarness;

TEST(CacheInstallTest, AnInstalledLineIsWholeAndHitsWithoutCountingAnAccess) {
  CacheHarness h("{size: 256, sector: 32, ways: 2}");
  EXPECT_TRUE(h.cache().install(0x060, false));  // any address inside the line
  EXPECT_EQ(h.stat("accesses"), 0u);
  EXPECT_EQ(h.read(0x000, 1).outcome, CacheOutcome::kHit);  // all four sectors
  EXPECT_TRUE(h.drain().empty());
  EXPECT_EQ(h.stat("hits"), 1u);
  EXPECT_EQ(h.stat("misses"), 0u);
}

TEST(CacheInstallTest, ADirtyInstallIsWrittenBackWholeWhenEvicted) {
  CacheHarness h("{size: 256, sector: 32, ways: 2}");
  EXPECT_TRUE(h.cache().install(0x000, true));
  EXPECT_TRUE(h.cache().install(0x080, false));
  EXPECT_EQ(h.read(0x100, 1).outcome, CacheOutcome::kMiss);  // evicts 0x000, the older
  std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 2u);
  EXPECT_TRUE(out[0].writeback);
  EXPECT_EQ(out[0].addr, 0x000u);
  EXPECT_EQ(out[0].sectors, 0b1111u);
  EXPECT_TRUE(testing::is_fetch(out[1]));
  EXPECT_EQ(h.answer(out[1]), std::vector<std::uint64_t>{1});
  EXPECT_EQ(h.read(0x180, 2).outcome, CacheOutcome::kMiss);  // evicts the clean 0x080
  out = h.drain();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_FALSE(out[0].writeback);
  EXPECT_EQ(h.stat("writebacks"), 1u);
}

TEST(CacheInstallTest, InstallingAPresentLineTouchesIt) {
  CacheHarness h("{size: 256, sector: 32, ways: 2}");
  h.load(0x000, 1);
  h.load(0x080, 2);
  EXPECT_TRUE(h.cache().install(0x000, false));  // 0x080 is now the LRU line
  EXPECT_EQ(h.read(0x100, 3).outcome, CacheOutcome::kMiss);
  h.answer_only_fetch();
  EXPECT_EQ(h.read(0x000, 4).outcome, CacheOutcome::kHit);
  EXPECT_EQ(h.read(0x080, 5).outcome, CacheOutcome::kMiss);
}

TEST(CacheInstallTest, NothingIsInstalledOverAPendingFetchOrIntoAFullyReservedSet) {
  CacheHarness h("{size: 256, sector: 32, ways: 2}");
  EXPECT_EQ(h.read(0x000, 1).outcome, CacheOutcome::kMiss);
  EXPECT_FALSE(h.cache().install(0x000, true));
  EXPECT_EQ(h.read(0x080, 2).outcome, CacheOutcome::kMiss);
  EXPECT_FALSE(h.cache().install(0x100, true));  // both ways wait for their fills
  const std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(h.answer(out[0]), std::vector<std::uint64_t>{1});
  EXPECT_EQ(h.answer(out[1]), std::vector<std::uint64_t>{2});
  EXPECT_TRUE(h.cache().install(0x100, false));
  EXPECT_EQ(h.stat("writebacks"), 0u);
}

}  // namespace
}  // namespace warpsim
