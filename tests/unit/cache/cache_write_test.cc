// Writes and atomics through the generic cache: the three write policies, the four
// write-allocate modes, atomics at write-back and other levels, and the kernel-boundary flush.
// "{size: 256, ways: 2}" is one set of two 128-byte lines; "{size: 1KiB, ways: 2}" has four
// sets (set = address / 128 mod 4). Sectors are 32 bytes: a line has four.

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

void expect_writeback(const MemRequest& r, Addr addr, SectorMask sectors) {
  EXPECT_TRUE(r.writeback);
  EXPECT_EQ(r.kind, MemKind::kWrite);
  EXPECT_EQ(r.addr, addr);
  EXPECT_EQ(r.size, 128u);
  EXPECT_EQ(r.sectors, sectors);
  EXPECT_NE(r.tag & kFetchTagBit, 0u);
}

TEST(CacheWriteTest, WriteBackEvictionOfADirtyLineSendsExactlyOneWriteback) {
  CacheHarness h("{size: 256, sector: 32, ways: 2}");
  h.load(0x000, 1);
  EXPECT_EQ(h.write(0x000, 2, 0b0011).outcome, CacheOutcome::kHit);
  h.load(0x080, 3);
  // LRU order: 0x000 (last touched by the write) before 0x080.
  EXPECT_EQ(h.read(0x100, 4).outcome, CacheOutcome::kMiss);
  std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 2u);
  expect_writeback(out[0], 0x000, 0b0011);
  EXPECT_TRUE(testing::is_fetch(out[1]));
  EXPECT_EQ(out[1].addr, 0x100u);
  EXPECT_EQ(h.answer(out[1]), Tags{4});
  EXPECT_EQ(h.read(0x180, 5).outcome, CacheOutcome::kMiss);  // evicts the clean 0x080
  out = h.drain();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_FALSE(out[0].writeback);
  EXPECT_EQ(h.stat("writebacks"), 1u);
  EXPECT_EQ(h.stat("evictions"), 2u);
  EXPECT_EQ(h.stat("writes"), 1u);
  EXPECT_EQ(h.stat("hits"), 1u);
}

TEST(CacheWriteTest, WriteThroughForwardsEveryWriteAndKeepsAHitLine) {
  CacheHarness h("{size: 1KiB, ways: 2, write_policy: write_through}");
  h.load(0x000, 1);
  EXPECT_EQ(h.write(0x000, 9, 0b0001).outcome, CacheOutcome::kForwarded);
  std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].tag, 9u);
  EXPECT_EQ(out[0].kind, MemKind::kWrite);
  EXPECT_EQ(out[0].sectors, 0b0001u);
  EXPECT_FALSE(out[0].writeback);
  EXPECT_EQ(h.read(0x000, 2).outcome, CacheOutcome::kHit);
  EXPECT_EQ(h.write(0x080, 10).outcome, CacheOutcome::kForwarded);  // miss: no allocation
  EXPECT_EQ(h.drain().size(), 1u);
  EXPECT_EQ(h.read(0x080, 3).outcome, CacheOutcome::kMiss);
  EXPECT_EQ(h.stat("forwarded"), 2u);
  EXPECT_EQ(h.stat("writes"), 2u);
  h.cache().invalidate_all();
  EXPECT_EQ(h.stat("writebacks"), 0u);
}

TEST(CacheWriteTest, WriteThroughWithLazyFetchOnReadValidatesTheWrittenSectors) {
  CacheHarness h(
      "{size: 1KiB, sector: 32, ways: 2, write_policy: write_through, write_allocate: "
      "lazy_fetch_on_read}");
  EXPECT_EQ(h.write(0x000, 1, 0b0010).outcome, CacheOutcome::kForwarded);
  EXPECT_EQ(h.drain().size(), 1u);
  EXPECT_EQ(h.read(0x000, 2, 0b0010).outcome, CacheOutcome::kHit);
  const CacheResult r = h.read(0x000, 3, 0b0001);
  EXPECT_EQ(r.outcome, CacheOutcome::kMiss);
  EXPECT_TRUE(r.sector_miss);
  h.drain();
  h.cache().invalidate_all();
  EXPECT_FALSE(h.cache().has_outgoing());  // write-through lines are never dirty
}

TEST(CacheWriteTest, WriteEvictForwardsAndInvalidatesAHitLine) {
  CacheHarness h("{size: 1KiB, ways: 2, write_policy: write_evict}");
  h.load(0x000, 1);
  EXPECT_EQ(h.write(0x000, 9).outcome, CacheOutcome::kForwarded);
  const std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].tag, 9u);
  EXPECT_EQ(h.read(0x000, 2).outcome, CacheOutcome::kMiss);
  EXPECT_EQ(h.stat("writebacks"), 0u);
}

// GPGPU-Sim's 'L' Fermi L1: global writes evict (here) or go through, local writes are written
// back: a local write hit dirties the line and stays, a global one invalidates it; the dirty
// line goes down once, when it is evicted. A local write miss (no write allocation) goes on.
TEST(CacheWriteTest, LocalWritePolicyWritesLocalDataBackAndGlobalDataThrough) {
  CacheHarness h("{size: 256, ways: 2, write_policy: write_evict, local_write_policy: write_back}");
  h.load(0x000, 1);
  h.load(0x080, 2);
  MemRequest local = h.request(MemKind::kWrite, 0x000, 0, 3);
  local.local = true;
  EXPECT_EQ(h.cache().access(local, Cycle{0}).outcome, CacheOutcome::kHit);
  EXPECT_TRUE(h.drain().empty());
  EXPECT_EQ(h.read(0x000, 4).outcome, CacheOutcome::kHit);
  EXPECT_EQ(h.write(0x080, 5).outcome, CacheOutcome::kForwarded);  // global: evicts
  EXPECT_EQ(h.drain().size(), 1u);
  EXPECT_EQ(h.read(0x080, 6).outcome, CacheOutcome::kMiss);
  EXPECT_EQ(h.drain().size(), 1u);
  MemRequest miss = h.request(MemKind::kWrite, 0x100, 0, 7);
  miss.local = true;
  EXPECT_EQ(h.cache().access(miss, Cycle{0}).outcome, CacheOutcome::kForwarded);
  EXPECT_EQ(h.drain().size(), 1u);
  h.cache().invalidate_all();
  const std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 1u);
  expect_writeback(out[0], 0x000, 0b1111);
  EXPECT_EQ(h.stat("write_hits"), 2u);  // the local hit and the global one that evicted
}

TEST(CacheWriteTest, LocalWritePolicyDefaultsToTheWritePolicyAndNeedsAWritableCache) {
  CacheHarness h("{size: 256, ways: 2, write_policy: write_evict}");
  h.load(0x000, 1);
  MemRequest local = h.request(MemKind::kWrite, 0x000, 0, 2);
  local.local = true;
  EXPECT_EQ(h.cache().access(local, Cycle{0}).outcome, CacheOutcome::kForwarded);
  h.drain();
  EXPECT_EQ(h.read(0x000, 3).outcome, CacheOutcome::kMiss);
  EXPECT_THROW(CacheHarness("{size: 256, ways: 2, write_policy: read_only, "
                            "local_write_policy: write_back}"),
               ConfigError);
}

TEST(CacheWriteTest, NoWriteAllocateForwardsAWriteBackMiss) {
  CacheHarness h("{size: 1KiB, sector: 32, ways: 2, write_allocate: none}");
  EXPECT_EQ(h.write(0x000, 1, 0b0001).outcome, CacheOutcome::kForwarded);
  const std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].tag, 1u);
  EXPECT_EQ(h.read(0x000, 2, 0b0001).outcome, CacheOutcome::kMiss);
}

TEST(CacheWriteTest, FetchOnWriteFetchesThenCompletesTheWriteAndDirtiesTheLine) {
  CacheHarness h("{size: 1KiB, sector: 32, ways: 2, write_allocate: fetch_on_write}");
  EXPECT_EQ(h.write(0x000, 1, 0b0001).outcome, CacheOutcome::kMiss);
  const std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].kind, MemKind::kRead);
  EXPECT_EQ(out[0].sectors, 0b0001u);
  EXPECT_EQ(h.answer(out[0]), Tags{1});
  EXPECT_EQ(h.read(0x000, 2, 0b0001).outcome, CacheOutcome::kHit);
  h.cache().invalidate_all();
  const std::vector<MemRequest> flushed = h.drain();
  ASSERT_EQ(flushed.size(), 1u);
  expect_writeback(flushed[0], 0x000, 0b0001);
}

TEST(CacheWriteTest, WriteValidateServesTheWriteWithoutAFetch) {
  CacheHarness h("{size: 1KiB, sector: 32, ways: 2, write_allocate: write_validate}");
  EXPECT_EQ(h.write(0x000, 1, 0b0001).outcome, CacheOutcome::kHit);
  EXPECT_FALSE(h.cache().has_outgoing());
  EXPECT_EQ(h.read(0x000, 2, 0b0001).outcome, CacheOutcome::kHit);
  EXPECT_EQ(h.read(0x000, 3, 0b0010).outcome, CacheOutcome::kMiss);
  const std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].sectors, 0b0010u);
}

// Unsectored lines: write_validate takes the whole line as written; lazy_fetch_on_read
// trusts only the written sector and fetches the line when another is read.
TEST(CacheWriteTest, WriteValidateAndLazyFetchOnReadDifferOnUnsectoredLines) {
  CacheHarness validate("{size: 1KiB, ways: 2, write_allocate: write_validate}");
  EXPECT_EQ(validate.write(0x000, 1, 0b0001).outcome, CacheOutcome::kHit);
  EXPECT_EQ(validate.read(0x000, 2, 0b1000).outcome, CacheOutcome::kHit);
  validate.cache().invalidate_all();
  std::vector<MemRequest> out = validate.drain();
  ASSERT_EQ(out.size(), 1u);
  expect_writeback(out[0], 0x000, 0b1111);

  CacheHarness lazy("{size: 1KiB, ways: 2, write_allocate: lazy_fetch_on_read}");
  EXPECT_EQ(lazy.write(0x000, 1, 0b0001).outcome, CacheOutcome::kHit);
  EXPECT_EQ(lazy.read(0x000, 2, 0b0001).outcome, CacheOutcome::kHit);
  EXPECT_EQ(lazy.read(0x000, 3, 0b1000).outcome, CacheOutcome::kMiss);
  out = lazy.drain();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].sectors, 0b1111u);
  EXPECT_EQ(lazy.answer(out[0]), Tags{3});
  lazy.cache().invalidate_all();
  out = lazy.drain();
  ASSERT_EQ(out.size(), 1u);
  expect_writeback(out[0], 0x000, 0b1111);  // still dirty: the fill did not overwrite it
}

TEST(CacheWriteTest, WriteValidateNeedsALineOnAllocateOnMiss) {
  CacheHarness h("{size: 256, ways: 2, write_allocate: write_validate}");
  EXPECT_EQ(h.read(0x000, 1).outcome, CacheOutcome::kMiss);
  EXPECT_EQ(h.read(0x080, 2).outcome, CacheOutcome::kMiss);
  const CacheResult r = h.write(0x100, 3);
  EXPECT_EQ(r.outcome, CacheOutcome::kFailed);
  EXPECT_EQ(r.cause, FailCause::kNoLine);
  EXPECT_EQ(h.stat("reservation_fail_no_line"), 1u);
}

TEST(CacheWriteTest, AtomicsExecuteAtAWriteBackLevel) {
  CacheHarness h("{size: 1KiB, sector: 32, ways: 2}");
  EXPECT_EQ(h.access(MemKind::kAtomic, 0x000, 0b0001, 1).outcome, CacheOutcome::kMiss);
  const std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].kind, MemKind::kRead);
  EXPECT_EQ(out[0].sectors, 0b0001u);
  EXPECT_EQ(h.answer(out[0]), Tags{1});
  EXPECT_EQ(h.access(MemKind::kAtomic, 0x000, 0b0001, 2).outcome, CacheOutcome::kHit);
  EXPECT_EQ(h.stat("atomics"), 2u);
  h.cache().invalidate_all();
  const std::vector<MemRequest> flushed = h.drain();
  ASSERT_EQ(flushed.size(), 1u);
  expect_writeback(flushed[0], 0x000, 0b0001);
}

TEST(CacheWriteTest, AtomicsPassThroughOtherLevelsAndDropTheLocalCopy) {
  for (const std::string policy : {"write_through", "write_evict"}) {
    SCOPED_TRACE(policy);
    CacheHarness h("{size: 1KiB, ways: 2, write_policy: " + policy + "}");
    h.load(0x000, 1);
    EXPECT_EQ(h.access(MemKind::kAtomic, 0x000, 0b0001, 2).outcome, CacheOutcome::kForwarded);
    const std::vector<MemRequest> out = h.drain();
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].kind, MemKind::kAtomic);
    EXPECT_EQ(out[0].tag, 2u);
    EXPECT_EQ(h.read(0x000, 3).outcome, CacheOutcome::kMiss);
  }
}

TEST(CacheWriteTest, ReadOnlyCacheRejectsWritesAndAtomics) {
  CacheHarness h("{size: 1KiB, ways: 2, write_policy: read_only}");
  EXPECT_THROW(h.write(0x000, 1), std::logic_error);
  EXPECT_THROW(h.access(MemKind::kAtomic, 0x000, 0, 2), std::logic_error);
  EXPECT_EQ(h.read(0x000, 3).outcome, CacheOutcome::kMiss);
}

TEST(CacheWriteTest, InvalidateAllWritesBackDirtyLinesAndKeepsPendingMisses) {
  CacheHarness h("{size: 1KiB, sector: 32, ways: 2, write_allocate: write_validate}");
  EXPECT_EQ(h.write(0x000, 1, 0b0001).outcome, CacheOutcome::kHit);
  EXPECT_EQ(h.write(0x080, 2, 0b0110).outcome, CacheOutcome::kHit);
  h.load(0x100, 3);
  EXPECT_EQ(h.read(0x180, 4).outcome, CacheOutcome::kMiss);
  const std::vector<MemRequest> pending = h.drain();
  ASSERT_EQ(pending.size(), 1u);

  h.cache().invalidate_all();
  const std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 2u);  // the clean line 0x100 needs none
  expect_writeback(out[0], 0x000, 0b0001);
  expect_writeback(out[1], 0x080, 0b0110);
  EXPECT_EQ(h.stat("writebacks"), 2u);
  EXPECT_EQ(h.stat("evictions"), 0u);
  EXPECT_EQ(h.read(0x100, 5).outcome, CacheOutcome::kMiss);
  EXPECT_EQ(h.answer(pending[0]), Tags{4});
  EXPECT_EQ(h.read(0x180, 6).outcome, CacheOutcome::kHit);
}

// perfect_reads (seed 000 ch. 2's perfect L1D): every read hits at once, cold or not, and sends
// nothing; writes still follow the write policy.
TEST(CacheWriteTest, PerfectReadsHitWithoutTrafficWhileWritesGoOn) {
  CacheHarness h("{size: 256, ways: 2, write_policy: write_evict, perfect_reads: true}");
  for (Addr a : {0x000, 0x080, 0x100, 0x180, 0x200, 0x000}) {
    EXPECT_EQ(h.read(a, 1).outcome, CacheOutcome::kHit) << a;
  }
  EXPECT_TRUE(h.drain().empty());
  EXPECT_EQ(h.stat("hits"), 6u);
  EXPECT_EQ(h.stat("misses"), 0u);
  EXPECT_EQ(h.write(0x000, 2).outcome, CacheOutcome::kForwarded);
  EXPECT_EQ(h.drain().size(), 1u);
  EXPECT_EQ(h.stat("writes"), 1u);
}

}  // namespace
}  // namespace warpsim
