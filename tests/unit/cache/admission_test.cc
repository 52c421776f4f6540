// The cache with an admission policy (cache/admission/): the Decoupled L1D's filter as the
// generic cache runs it. Reads refused a line are forwarded as bypasses (their own tag, no
// MSHR), admitted ones are ordinary misses; placements, evictions and write invalidations
// reach the tag store; a refused access leaves no trace; dueling switches the filter off.
// The cache under test: 1 KiB, 128-byte lines, 2 ways, so 4 sets; lines 0, 512, 1024, ... share
// set 0 (linear index).

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "cache_core_test_util.h"

namespace warpsim {
namespace {

using testing::CacheHarness;
using testing::is_fetch;

constexpr const char* kDecoupled =
    "{size: 1KiB, ways: 2, write_policy: write_evict, hit_latency: 3, admission: decoupled}";

// Reads `addr` once: a tag miss, bypassed.
void expect_bypass(CacheHarness& c, Addr addr, std::uint64_t tag) {
  EXPECT_EQ(c.read(addr, tag).outcome, CacheOutcome::kForwarded) << "addr " << addr;
  const std::vector<MemRequest> out = c.drain();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_FALSE(is_fetch(out[0]));
  EXPECT_EQ(out[0].tag, tag);  // the request itself: its reply goes straight back
}

TEST(Admission, TheFirstReadOfABlockBypassesAndTheSecondGetsALine) {
  CacheHarness c(kDecoupled);
  expect_bypass(c, 0, 1);
  EXPECT_TRUE(c.cache().idle());  // no MSHR taken
  c.load(0, 2);                   // the second read misses into a line
  EXPECT_EQ(c.read(0, 3).outcome, CacheOutcome::kHit);
  EXPECT_EQ(c.stat("admission.checks"), 2u);
  EXPECT_EQ(c.stat("admission.filtered"), 1u);
  EXPECT_EQ(c.stat("admission.admitted"), 1u);
  EXPECT_EQ(c.stat("admission.tag_misses"), 1u);
  EXPECT_EQ(c.stat("bypassed"), 1u);
  EXPECT_EQ(c.stat("forwarded"), 1u);
  EXPECT_EQ(c.stat("misses"), 1u);
  EXPECT_EQ(c.stat("hits"), 1u);
  // The tag probe adds its cycle to the hit latency.
  EXPECT_EQ(c.cache().hit_latency(), 4u);
}

TEST(Admission, AnAdmittedReadEvictsByTheReplacementPolicyAndResetsTheVictimsCount) {
  CacheHarness c(kDecoupled);
  for (Addr a : {0, 512, 1024}) {
    expect_bypass(c, a, 1);
    c.load(a, 2);  // 1024 evicts 0, the least recently used
  }
  EXPECT_EQ(c.stat("evictions"), 1u);
  EXPECT_EQ(c.stat("admission.resets"), 1u);
  // Three placements, the third with an eviction: three aging events.
  EXPECT_EQ(c.stat("admission.agings"), 3u);
  // Block 0's entry was reset: it must earn its line again, with two reads.
  expect_bypass(c, 0, 3);
  c.load(0, 4);
  EXPECT_EQ(c.stat("admission.tag_misses"), 3u);  // 0 kept its entry
}

TEST(Admission, AWriteThatEvictsALineSendsItsBlockBackToCounting) {
  CacheHarness c(kDecoupled);
  expect_bypass(c, 0, 1);
  c.load(0, 2);
  EXPECT_EQ(c.write(0, 3).outcome, CacheOutcome::kForwarded);
  c.drain();
  EXPECT_EQ(c.stat("write_hits"), 1u);
  expect_bypass(c, 0, 4);
  c.load(0, 5);
}

TEST(Admission, ARefusedBypassLeavesNoTrace) {
  CacheHarness c(
      "{size: 1KiB, ways: 2, write_policy: write_evict, miss_queue: 1, admission: decoupled}");
  EXPECT_EQ(c.read(0, 1).outcome, CacheOutcome::kForwarded);  // fills the miss queue
  EXPECT_EQ(c.read(128, 2).outcome, CacheOutcome::kFailed);
  EXPECT_EQ(c.read(128, 2).outcome, CacheOutcome::kFailed);
  c.drain();
  // Still a tag miss: the refused attempts counted nothing.
  expect_bypass(c, 128, 2);
  EXPECT_EQ(c.stat("admission.tag_misses"), 2u);
  EXPECT_EQ(c.stat("admission.checks"), 2u);
  EXPECT_EQ(c.stat("reservation_fail_miss_queue"), 2u);
}

TEST(Admission, SwitchedOffEveryReadGetsALineWhileTheTagsKeepCounting) {
  CacheHarness c(kDecoupled);
  ASSERT_TRUE(c.cache().set_admission_enabled(false));
  c.load(0, 1);
  EXPECT_EQ(c.stat("admission.off_checks"), 1u);
  EXPECT_EQ(c.stat("admission.admitted"), 1u);
  EXPECT_EQ(c.stat("admission.tag_misses"), 1u);
  ASSERT_TRUE(c.cache().set_admission_enabled(true));
  expect_bypass(c, 128, 2);
  EXPECT_EQ(c.stat("admission.off_checks"), 1u);
  // The state survives a resize (the unified L1/shared carve-out).
  ASSERT_TRUE(c.cache().set_admission_enabled(false));
  c.cache().resize(2048);
  c.load(256, 3);
}

TEST(Admission, TheDefaultAdmitsEverythingAndAddsNoStats) {
  CacheHarness c("{size: 1KiB, ways: 2, write_policy: write_evict, hit_latency: 3}");
  c.load(0, 1);
  EXPECT_FALSE(c.has_stat("admission.checks"));
  EXPECT_FALSE(c.cache().set_admission_enabled(false));
  EXPECT_EQ(c.cache().hit_latency(), 3u);
}

TEST(Admission, ATagStoreNoLargerThanTheDataStoreIsRejected) {
  EXPECT_THROW(CacheHarness("{size: 1KiB, ways: 2, admission: {impl: decoupled, tag_ways: 2}}"),
               std::invalid_argument);
}

}  // namespace
}  // namespace warpsim
