// Reads through the generic cache: misses, fills, hits, merges into pending misses and
// sector misses. Geometry of the caches below, by hand: 1 KiB / (128-byte lines x 2 ways) =
// 4 sets, set = (address / 128) mod 4.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cache_core_test_util.h"

namespace warpsim {
namespace {

using testing::CacheHarness;
using Tags = std::vector<std::uint64_t>;

constexpr const char* kUnsectored = "{size: 1KiB, ways: 2}";  // sector defaults to the line
constexpr const char* kSectored = "{size: 1KiB, sector: 32, ways: 2}";

TEST(CacheAccessTest, MissSendsOneLineFetchCarryingTheRequestersIdentity) {
  CacheHarness h(kUnsectored);
  const CacheResult r = h.read(0x1000, 7, 0b0001);
  EXPECT_EQ(r.outcome, CacheOutcome::kMiss);
  EXPECT_FALSE(r.sector_miss);
  const std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 1u);
  const MemRequest& fetch = out[0];
  EXPECT_EQ(fetch.addr, 0x1000u);
  EXPECT_EQ(fetch.size, 128u);
  EXPECT_EQ(fetch.sectors, 0b1111u);  // unsectored: one sector asked, the whole line fetched
  EXPECT_EQ(fetch.kind, MemKind::kRead);
  EXPECT_FALSE(fetch.writeback);
  EXPECT_NE(fetch.tag & kFetchTagBit, 0u);
  EXPECT_EQ(fetch.sm, 3u);
  EXPECT_EQ(fetch.pc, 0x40u);
  EXPECT_EQ(fetch.warp, 5u);
  EXPECT_EQ(fetch.cta, 1u);
  EXPECT_EQ(fetch.born, 0u);  // the cycle of the miss (the request was born at 17)
  EXPECT_FALSE(h.cache().idle());
  const std::string state = h.cache().describe_state();
  EXPECT_NE(state.find("1/32 MSHRs busy"), std::string::npos) << state;
  EXPECT_NE(state.find("line 0x1000"), std::string::npos) << state;
  EXPECT_EQ(h.answer(fetch), Tags{7});
  EXPECT_TRUE(h.cache().idle());
}

TEST(CacheAccessTest, HitAfterFill) {
  CacheHarness h(kUnsectored);
  h.load(0x1000, 7, 0b0001);
  EXPECT_EQ(h.read(0x1000, 8, 0b1000).outcome, CacheOutcome::kHit);
  EXPECT_EQ(h.read(0x1040, 9, 0b0100).outcome, CacheOutcome::kHit);  // same line
  EXPECT_FALSE(h.cache().has_outgoing());
  EXPECT_EQ(h.stat("accesses"), 3u);
  EXPECT_EQ(h.stat("reads"), 3u);
  EXPECT_EQ(h.stat("hits"), 2u);
  EXPECT_EQ(h.stat("misses"), 1u);
  EXPECT_EQ(h.stat("fills"), 1u);
  EXPECT_EQ(h.stat("sector_misses"), 0u);
  EXPECT_DOUBLE_EQ(h.value("hit_rate"), 2.0 / 3.0);
}

TEST(CacheAccessTest, SecondReadOfAPendingLineMergesAndBothCompleteOnTheFill) {
  CacheHarness h(kUnsectored);
  EXPECT_EQ(h.read(0x200, 1).outcome, CacheOutcome::kMiss);
  EXPECT_EQ(h.read(0x200, 2).outcome, CacheOutcome::kHitReserved);
  EXPECT_EQ(h.answer_only_fetch(), (Tags{1, 2}));
  EXPECT_EQ(h.stat("accesses"), 2u);
  EXPECT_EQ(h.stat("misses"), 1u);
  EXPECT_EQ(h.stat("hit_reserved"), 1u);
  EXPECT_EQ(h.stat("fills"), 1u);
}

TEST(CacheAccessTest, SectorMissFetchesOnlyTheMissingSectors) {
  CacheHarness h(kSectored);
  h.load(0, 1, 0b0001);
  const CacheResult r = h.read(0, 2, 0b0111);
  EXPECT_EQ(r.outcome, CacheOutcome::kMiss);
  EXPECT_TRUE(r.sector_miss);
  const std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].sectors, 0b0110u);
  EXPECT_EQ(h.answer(out[0]), Tags{2});
  EXPECT_EQ(h.read(0, 3, 0b0111).outcome, CacheOutcome::kHit);
  EXPECT_EQ(h.read(0, 4, 0b1000).outcome, CacheOutcome::kMiss);
  EXPECT_EQ(h.stat("misses"), 3u);
  EXPECT_EQ(h.stat("sector_misses"), 2u);
  EXPECT_EQ(h.stat("hits"), 1u);
}

// On allocate-on-miss the pending line is in the tag array, so the second read is a sector
// miss; it waits for both sectors, whichever fetch returns first.
TEST(CacheAccessTest, NewSectorOfAPendingLineAddsAFetchAndWaitsForAllItsSectors) {
  CacheHarness h(kSectored);
  EXPECT_EQ(h.read(0, 1, 0b0001).outcome, CacheOutcome::kMiss);
  const CacheResult r = h.read(0, 2, 0b0011);
  EXPECT_EQ(r.outcome, CacheOutcome::kMiss);
  EXPECT_TRUE(r.sector_miss);
  EXPECT_EQ(h.read(0, 3, 0b0010).outcome, CacheOutcome::kHitReserved);
  const std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].sectors, 0b0001u);
  EXPECT_EQ(out[1].sectors, 0b0010u);
  EXPECT_NE(out[0].tag, out[1].tag);
  EXPECT_EQ(h.answer(out[1]), Tags{3});  // 2 still lacks sector 0
  EXPECT_FALSE(h.cache().idle());
  EXPECT_EQ(h.answer(out[0]), (Tags{1, 2}));
  EXPECT_TRUE(h.cache().idle());
  EXPECT_EQ(h.stat("misses"), 2u);
  EXPECT_EQ(h.stat("hit_reserved"), 1u);
  EXPECT_EQ(h.stat("fills"), 2u);
}

// Allocate-on-fill: the pending line has no tag yet, so the same read is a plain miss.
TEST(CacheAccessTest, OnFillPendingLineIsNotASectorMiss) {
  CacheHarness h("{size: 1KiB, sector: 32, ways: 2, allocate: on_fill}");
  EXPECT_EQ(h.read(0, 1, 0b0001).outcome, CacheOutcome::kMiss);
  const CacheResult r = h.read(0, 2, 0b0011);
  EXPECT_EQ(r.outcome, CacheOutcome::kMiss);
  EXPECT_FALSE(r.sector_miss);
  const std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(h.answer(out[0]), Tags{1});
  EXPECT_EQ(h.answer(out[1]), Tags{2});
  EXPECT_EQ(h.read(0, 3, 0b0011).outcome, CacheOutcome::kHit);
  EXPECT_EQ(h.stat("sector_misses"), 0u);
}

TEST(CacheAccessTest, BlockSmallerThanALineMapsToItsSectors) {
  CacheHarness h(kSectored);
  const MemRequest sector3{
      .addr = 0x460, .size = 32, .sectors = 0b1, .kind = MemKind::kRead, .tag = 4};
  EXPECT_EQ(h.cache().access(sector3, Cycle{0}).outcome, CacheOutcome::kMiss);
  const std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].addr, 0x400u);
  EXPECT_EQ(out[0].size, 128u);
  EXPECT_EQ(out[0].sectors, 0b1000u);
  EXPECT_EQ(h.answer(out[0]), Tags{4});
  EXPECT_EQ(h.read(0x400, 5, 0b1000).outcome, CacheOutcome::kHit);
  EXPECT_EQ(h.read(0x400, 6, 0b0100).outcome, CacheOutcome::kMiss);
}

TEST(CacheAccessTest, InstructionFetchBehavesLikeARead) {
  CacheHarness h(kUnsectored);
  EXPECT_EQ(h.access(MemKind::kInstFetch, 0x80, 0, 1).outcome, CacheOutcome::kMiss);
  const std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].kind, MemKind::kInstFetch);
  EXPECT_EQ(h.answer(out[0]), Tags{1});
  EXPECT_EQ(h.access(MemKind::kInstFetch, 0x80, 0, 2).outcome, CacheOutcome::kHit);
  EXPECT_EQ(h.stat("reads"), 2u);
}

TEST(CacheAccessTest, ProtocolErrorsThrow) {
  CacheHarness h(kUnsectored);
  const MemRequest spanning{.addr = 0x40, .size = 128, .kind = MemKind::kRead};
  EXPECT_THROW(h.cache().access(spanning, Cycle{0}), std::logic_error);
  std::vector<std::uint64_t> completed;
  const MemReply stranger{.addr = 0, .size = 128, .sectors = 0xf, .tag = kFetchTagBit | 5};
  EXPECT_THROW(h.cache().fill(stranger, Cycle{0}, completed), std::logic_error);
  EXPECT_THROW(h.cache().pop_outgoing(), std::logic_error);
}

}  // namespace
}  // namespace warpsim
