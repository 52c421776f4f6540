// Reservation failures of the generic cache, each provoked on its own and counted exactly,
// and the bypass slot turning them into forwards. Lines 0x000, 0x200, 0x400, 0x600 all map to
// set 0 of a 1 KiB, 2-way, 128-byte-line cache (4 sets: set = address / 128 mod 4).

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cache/bypass/bypass_policy.h"
#include "cache_core_test_util.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

using testing::CacheHarness;
using Tags = std::vector<std::uint64_t>;

// Test-only bypass policies: one that bypasses instead of failing, one that bypasses every
// write before the lookup.
class BypassOnFailure final : public BypassPolicy {
 public:
  BypassOnFailure(const ConfigNode& /*params*/, const Context& /*context*/) {}
  bool bypass(const AccessInfo& /*access*/, When when) override {
    return when != When::kBeforeLookup;
  }
};
class BypassWrites final : public BypassPolicy {
 public:
  BypassWrites(const ConfigNode& /*params*/, const Context& /*context*/) {}
  bool bypass(const AccessInfo& access, When when) override {
    return when == When::kBeforeLookup && access.is_write;
  }
};
WARPSIM_REGISTER_POLICY(BypassPolicy, BypassOnFailure, "test_bypass_on_failure",
                        "test: bypass instead of a reservation failure", {});
WARPSIM_REGISTER_POLICY(BypassPolicy, BypassWrites, "test_bypass_writes",
                        "test: every write bypasses", {});

void expect_failures(const CacheHarness& h, std::uint64_t no_line, std::uint64_t no_mshr,
                     std::uint64_t merge, std::uint64_t queue) {
  EXPECT_EQ(h.stat("reservation_fail_no_line"), no_line);
  EXPECT_EQ(h.stat("reservation_fail_no_mshr"), no_mshr);
  EXPECT_EQ(h.stat("reservation_fail_mshr_merge"), merge);
  EXPECT_EQ(h.stat("reservation_fail_miss_queue"), queue);
}

void expect_failed(const CacheResult& r, FailCause cause) {
  EXPECT_EQ(r.outcome, CacheOutcome::kFailed);
  EXPECT_EQ(r.cause, cause);
}

TEST(CacheReservationTest, NoLineWhenEveryWayOfTheSetIsReserved) {
  CacheHarness h("{size: 1KiB, ways: 2, allocate: on_miss}");
  EXPECT_EQ(h.read(0x000, 1).outcome, CacheOutcome::kMiss);
  EXPECT_EQ(h.read(0x200, 2).outcome, CacheOutcome::kMiss);
  expect_failed(h.read(0x400, 3), FailCause::kNoLine);
  EXPECT_EQ(h.read(0x080, 4).outcome, CacheOutcome::kMiss);  // set 1 is unaffected
  expect_failures(h, 1, 0, 0, 0);
  EXPECT_EQ(h.stat("accesses"), 3u);  // the failed attempt counts only as its failure
  EXPECT_EQ(h.stat("misses"), 3u);
  std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 3u);
  // Once line 0x000 has its data it may be evicted again; 0x200 is still reserved.
  EXPECT_EQ(h.answer(out[0]), Tags{1});
  EXPECT_EQ(h.read(0x400, 3).outcome, CacheOutcome::kMiss);
  EXPECT_EQ(h.stat("evictions"), 1u);
  EXPECT_EQ(h.answer(out[1]), Tags{2});
  EXPECT_EQ(h.read(0x200, 5).outcome, CacheOutcome::kHit);
  EXPECT_EQ(h.read(0x000, 6).outcome, CacheOutcome::kMiss);  // 0x000 was the one evicted
}

TEST(CacheReservationTest, AllocateOnFillAndStreamingNeverFailForLackOfALine) {
  for (const std::string allocate : {"on_fill", "streaming"}) {
    SCOPED_TRACE(allocate);
    CacheHarness h("{size: 1KiB, ways: 2, allocate: " + allocate + "}");
    for (std::uint64_t i = 0; i < 5; ++i) {
      EXPECT_EQ(h.read(0x200 * i, i).outcome, CacheOutcome::kMiss);  // five lines, one set
    }
    expect_failures(h, 0, 0, 0, 0);
    const std::vector<MemRequest> out = h.drain();
    ASSERT_EQ(out.size(), 5u);
    for (std::uint64_t i = 0; i < 5; ++i) EXPECT_EQ(h.answer(out[i]), Tags{i});
    // Fills placed the lines in order; LRU kept the last two.
    EXPECT_EQ(h.stat("evictions"), 3u);
    EXPECT_EQ(h.read(0x600, 10).outcome, CacheOutcome::kHit);
    EXPECT_EQ(h.read(0x800, 11).outcome, CacheOutcome::kHit);
    EXPECT_EQ(h.read(0x400, 12).outcome, CacheOutcome::kMiss);
  }
}

TEST(CacheReservationTest, NoMshrWhenEveryEntryHoldsAnotherLine) {
  CacheHarness h("{size: 1KiB, ways: 2, mshrs: 2}");
  EXPECT_EQ(h.read(0x000, 1).outcome, CacheOutcome::kMiss);
  EXPECT_EQ(h.read(0x080, 2).outcome, CacheOutcome::kMiss);
  expect_failed(h.read(0x100, 3), FailCause::kNoMshr);
  EXPECT_EQ(h.read(0x080, 4).outcome, CacheOutcome::kHitReserved);  // merging needs no entry
  expect_failures(h, 0, 1, 0, 0);
  const std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(h.answer(out[0]), Tags{1});
  EXPECT_EQ(h.read(0x100, 3).outcome, CacheOutcome::kMiss);
}

TEST(CacheReservationTest, MergeFullWhenTheLinesEntryHoldsMshrMergeRequests) {
  CacheHarness h("{size: 1KiB, ways: 2, mshr_merge: 2}");
  EXPECT_EQ(h.read(0x000, 1).outcome, CacheOutcome::kMiss);
  EXPECT_EQ(h.read(0x000, 2).outcome, CacheOutcome::kHitReserved);
  expect_failed(h.read(0x000, 3), FailCause::kMshrMergeFull);
  expect_failed(h.read(0x000, 3), FailCause::kMshrMergeFull);
  expect_failures(h, 0, 0, 2, 0);
  EXPECT_EQ(h.answer_only_fetch(), (Tags{1, 2}));
  EXPECT_EQ(h.read(0x000, 3).outcome, CacheOutcome::kHit);
}

TEST(CacheReservationTest, MissQueueFullWhenNoRoomForTheFetch) {
  CacheHarness h("{size: 1KiB, ways: 2, miss_queue: 2}");
  EXPECT_EQ(h.read(0x000, 1).outcome, CacheOutcome::kMiss);
  EXPECT_EQ(h.read(0x080, 2).outcome, CacheOutcome::kMiss);
  expect_failed(h.read(0x100, 3), FailCause::kMissQueueFull);
  // A merge sends nothing, so it needs no room.
  EXPECT_EQ(h.read(0x000, 4).outcome, CacheOutcome::kHitReserved);
  expect_failures(h, 0, 0, 0, 1);
  const MemRequest first = h.cache().outgoing();
  h.cache().pop_outgoing();
  EXPECT_EQ(h.read(0x100, 3).outcome, CacheOutcome::kMiss);
  expect_failed(h.read(0x180, 5), FailCause::kMissQueueFull);
  expect_failures(h, 0, 0, 0, 2);
  EXPECT_EQ(h.answer(first), (Tags{1, 4}));
}

TEST(CacheReservationTest, MissQueueFullAlsoRefusesForwards) {
  CacheHarness h("{size: 1KiB, ways: 2, miss_queue: 1, write_policy: write_through}");
  EXPECT_EQ(h.write(0x000, 1).outcome, CacheOutcome::kForwarded);
  expect_failed(h.write(0x080, 2), FailCause::kMissQueueFull);
  expect_failures(h, 0, 0, 0, 1);
  EXPECT_EQ(h.stat("writes"), 1u);
}

TEST(CacheReservationTest, BypassPolicyForwardsInsteadOfFailing) {
  CacheHarness h("{size: 1KiB, ways: 2, mshrs: 8, bypass: test_bypass_on_failure}");
  EXPECT_EQ(h.read(0x000, 1).outcome, CacheOutcome::kMiss);
  EXPECT_EQ(h.read(0x200, 2).outcome, CacheOutcome::kMiss);
  EXPECT_EQ(h.read(0x400, 3).outcome, CacheOutcome::kForwarded);  // would be kNoLine
  expect_failures(h, 0, 0, 0, 0);
  EXPECT_EQ(h.stat("bypassed"), 1u);
  EXPECT_EQ(h.stat("forwarded"), 1u);
  EXPECT_EQ(h.stat("accesses"), 3u);
  const std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[2].tag, 3u);  // the request itself, unchanged
  EXPECT_EQ(out[2].addr, 0x400u);
  EXPECT_EQ(h.answer(out[0]), Tags{1});
  EXPECT_EQ(h.read(0x400, 4).outcome, CacheOutcome::kMiss);  // nothing was allocated for it
}

TEST(CacheReservationTest, BypassBeforeLookupLeavesTheCacheUntouched) {
  CacheHarness h(
      "{size: 1KiB, ways: 2, write_allocate: write_validate, bypass: "
      "test_bypass_writes}");
  EXPECT_EQ(h.write(0x000, 1).outcome, CacheOutcome::kForwarded);
  EXPECT_EQ(h.read(0x000, 2).outcome, CacheOutcome::kMiss);
  EXPECT_EQ(h.stat("bypassed"), 1u);
  EXPECT_EQ(h.stat("writes"), 1u);
}

}  // namespace
}  // namespace warpsim
