// The generic cache's locality and latency statistics: intra- vs inter-warp hits, hits by the
// requester's warp-age rank, and the fetch latencies (all fills, and fills the L2 served from
// DRAM). Geometry: 1 KiB / (128-byte lines x 2 ways) = 4 sets.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "cache/replacement/reuse_predictor.h"

#include "cache_core_test_util.h"
#include "l2_slice_test_util.h"

namespace warpsim {
namespace {

using testing::CacheHarness;

// A read of the line at 0x1000 by warp `age` of SM `sm` whose age rank is `rank`.
MemRequest read_by(const CacheHarness& h, std::uint64_t tag, std::uint32_t sm, std::uint64_t age,
                   std::uint32_t rank) {
  MemRequest r = h.request(MemKind::kRead, 0x1000, 0, tag);
  r.sm = sm;
  r.warp_age = age;
  r.age_rank = rank;
  return r;
}

TEST(CacheLocalityStats, AHitIsIntraWarpOnlyWhenTheWarpThatAllocatedTheLineHitsIt) {
  CacheHarness h("{size: 1KiB, ways: 2}");
  // Warp 10 of SM 3 misses and allocates the line; the fill makes it present.
  ASSERT_EQ(h.cache().access(read_by(h, 1, 3, 10, 0), Cycle{0}).outcome, CacheOutcome::kMiss);
  ASSERT_EQ(h.answer_only_fetch(), std::vector<std::uint64_t>{1});
  // Hits: warp 10 itself (intra); warp 11 of the same SM in the same slot (the harness's
  // requests all come from slot 5: a later warp reusing the slot is another warp: inter); warp
  // 10 of SM 4 (another SM's warp with the same launch order: inter).
  EXPECT_EQ(h.cache().access(read_by(h, 2, 3, 10, 0), Cycle{1}).outcome, CacheOutcome::kHit);
  EXPECT_EQ(h.cache().access(read_by(h, 3, 3, 11, 0), Cycle{2}).outcome, CacheOutcome::kHit);
  EXPECT_EQ(h.cache().access(read_by(h, 4, 4, 10, 0), Cycle{3}).outcome, CacheOutcome::kHit);
  EXPECT_EQ(h.stat("hits"), 3u);
  EXPECT_EQ(h.stat("hits_intra_warp"), 1u);
  EXPECT_EQ(h.stat("hits_inter_warp"), 2u);
}

TEST(CacheLocalityStats, HitsAreBinnedByTheRequestersAgeRankAndMissesAreNot) {
  CacheHarness h("{size: 1KiB, ways: 2}");
  ASSERT_EQ(h.cache().access(read_by(h, 1, 3, 10, 7), Cycle{0}).outcome, CacheOutcome::kMiss);
  // Merged into the pending miss: not a hit, not binned.
  ASSERT_EQ(h.cache().access(read_by(h, 2, 3, 11, 6), Cycle{0}).outcome,
            CacheOutcome::kHitReserved);
  ASSERT_EQ(h.answer_only_fetch(), (std::vector<std::uint64_t>{1, 2}));
  // Hits from ranks 0, 2, 2 and 70 (past the last bucket, 63: it lands there).
  for (const std::uint32_t rank : {0u, 2u, 2u, 70u}) {
    EXPECT_EQ(h.cache().access(read_by(h, 3, 3, 12, rank), Cycle{1}).outcome, CacheOutcome::kHit);
  }
  const std::vector<std::uint64_t> expected = [] {
    std::vector<std::uint64_t> b(64, 0);
    b[0] = 1;
    b[2] = 2;
    b[63] = 1;
    return b;
  }();
  EXPECT_EQ(h.histogram("hits_by_warp_age").buckets, expected);
  EXPECT_EQ(h.histogram("hits_by_warp_age").count, 4u);
}

TEST(CacheLocalityStats, AFetchIsTimedFromItsMissToItsFillInTheCachesCycles) {
  CacheHarness h("{size: 1KiB, ways: 2}");
  // Miss at cycle 100, answered at 350 by data the L2 fetched from DRAM: 250 cycles, log2
  // bucket 8 ([128, 256)) in both histograms.
  ASSERT_EQ(h.cache().access(read_by(h, 1, 3, 10, 0), Cycle{100}).outcome, CacheOutcome::kMiss);
  std::vector<MemRequest> out = h.drain();
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].born, 100u);  // the fetch is born at the miss, not at the SM's send (17)
  EXPECT_EQ(out[0].warp_age, 10u);
  MemReply from_dram = reply_to(out[0]);
  from_dram.from_dram = true;
  std::vector<std::uint64_t> done;
  h.cache().fill(from_dram, Cycle{350}, done);
  // Another line (0x1080, set 1): missed at 400, an L2 hit answered at 430 (30 cycles, bucket
  // 5: [16, 32)): in fetch_latency only.
  MemRequest other = h.request(MemKind::kRead, 0x1080, 0, 2);
  ASSERT_EQ(h.cache().access(other, Cycle{400}).outcome, CacheOutcome::kMiss);
  out = h.drain();
  ASSERT_EQ(out.size(), 1u);
  h.cache().fill(reply_to(out[0]), Cycle{430}, done);
  EXPECT_EQ(done, (std::vector<std::uint64_t>{1, 2}));

  const HistogramData& all = h.histogram("fetch_latency");
  EXPECT_EQ(all.count, 2u);
  EXPECT_EQ(all.sum, 250u + 30u);
  EXPECT_EQ(all.buckets[8], 1u);
  EXPECT_EQ(all.buckets[5], 1u);
  const HistogramData& dram = h.histogram("fetch_latency_dram");
  EXPECT_EQ(dram.count, 1u);
  EXPECT_EQ(dram.sum, 250u);
  EXPECT_EQ(dram.buckets[8], 1u);
}

TEST(L2FromDram, RepliesSayWhetherTheL2HadToFetchTheirData) {
  // Line 0x0 is read at cycle 0 (a miss: DRAM answers), again at 1 (merged into that miss: it
  // waits for DRAM too) and at 200, long after the fill (a hit).
  test::L2Bench b("{size: 4KiB, ways: 4}");
  b.read(0, 0x0, 1);
  b.read(1, 0x0, 2);
  b.read(200, 0x0, 3);
  b.run();
  ASSERT_EQ(b.stat("misses"), 1u);
  ASSERT_EQ(b.stat("hit_reserved"), 1u);
  ASSERT_EQ(b.stat("hits"), 1u);
  std::vector<std::pair<std::uint64_t, bool>> got;
  for (const auto& r : b.xbar->received) got.emplace_back(r.msg.tag, r.msg.from_dram);
  EXPECT_EQ(got, (std::vector<std::pair<std::uint64_t, bool>>{{1, true}, {2, true}, {3, false}}));
}

}  // namespace
}  // namespace warpsim

namespace warpsim {
namespace {

using testing::CacheHarness;

// The reuse-distance collector on a 4-set, 2-way cache (set = line / 128 mod 4): lines A =
// 0x000, B = 0x200 and C = 0x400 share set 0; D = 0x080 is in set 1.
TEST(ReuseDistanceCollector, DistancesCountTheSetsAccessesBetweenTwoAccessesToALine) {
  CacheHarness h("{size: 1KiB, ways: 2, reuse_distance_pcs: 2}");
  const auto at = [&](Addr addr, std::uint64_t pc, std::uint64_t tag) {
    MemRequest r = h.request(MemKind::kRead, addr, 0, tag);
    r.pc = pc;
    const CacheResult result = h.cache().access(r, Cycle{0});
    if (result.outcome == CacheOutcome::kMiss) h.answer_only_fetch();
    return result.outcome;
  };
  // Set 0 sees A B C A B and set 1 sees D between them, which does not count for set 0.
  at(0x000, 0, 1);  // A: cold
  at(0x200, 0, 2);  // B: cold
  at(0x080, 1, 3);  // D: cold (set 1)
  at(0x400, 1, 4);  // C: cold, evicts A (LRU)
  at(0x000, 1, 5);  // A: B and C came between: distance 2 (a miss in 2 ways)
  at(0x200, 5, 6);  // B: C and A between: distance 2; PC 5 has no slot of its own
  at(0x200, 0, 7);  // B again at once: distance 0 (a hit)
  const HistogramData all = h.histogram("reuse.all");
  EXPECT_EQ(h.stat("reuse.cold"), 4u);
  EXPECT_EQ(all.count, 3u);
  EXPECT_EQ(all.buckets[0], 1u);
  EXPECT_EQ(all.buckets[2], 2u);
  EXPECT_EQ(h.histogram("reuse.pc_0").count, 1u);  // the distance-0 access
  EXPECT_EQ(h.histogram("reuse.pc_0").buckets[0], 1u);
  EXPECT_EQ(h.histogram("reuse.pc_1").buckets[2], 1u);
  EXPECT_EQ(h.histogram("reuse.pc_rest").buckets[2], 1u);
}

// By signature (seed 001 Fig. 6.1): a distance goes to the signature of the access that opened
// it, a hash of that access's PC and age rank. A by (PC 3, rank 0), A again by (PC 4, rank 1),
// then A by (PC 3, rank 0): distance 0 under sig(3, 0), then 0 under sig(4, 1).
TEST(ReuseDistanceCollector, BySignatureBinsUnderTheOpeningAccess) {
  CacheHarness h("{size: 1KiB, ways: 2, reuse_distance_pcs: 256, reuse_distance_by: signature}");
  const auto at = [&](std::uint64_t pc, std::uint32_t rank, std::uint64_t tag) {
    MemRequest r = h.request(MemKind::kRead, 0x000, 0, tag);
    r.pc = pc;
    r.age_rank = rank;
    if (h.cache().access(r, Cycle{0}).outcome == CacheOutcome::kMiss) h.answer_only_fetch();
  };
  at(3, 0, 1);
  at(4, 1, 2);
  at(3, 0, 3);
  const std::uint32_t first = reuse_signature(3, 0, 8);
  const std::uint32_t second = reuse_signature(4, 1, 8);
  ASSERT_NE(first, second);
  EXPECT_EQ(h.histogram("reuse.sig_" + std::to_string(first)).count, 1u);
  EXPECT_EQ(h.histogram("reuse.sig_" + std::to_string(second)).count, 1u);
  EXPECT_EQ(h.histogram("reuse.all").buckets[0], 2u);
}

TEST(ReuseDistanceCollector, OffByDefault) {
  CacheHarness h("{size: 1KiB, ways: 2}");
  h.load(0x000);
  EXPECT_THROW(h.stat("reuse.cold"), std::out_of_range);
}

}  // namespace
}  // namespace warpsim
