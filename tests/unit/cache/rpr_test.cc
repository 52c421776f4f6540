// RPR (cache/replacement/rpr.cc; Dong Li's thesis ch. 6): the predictor's averages and table
// replacement, the sampler's reuse distances, each score function's victim in a hand-made
// 4-way set, dead lines first, and one predictor shared by a group of caches with one sampler.
// Each expectation is worked out beside it.

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cache/replacement/replacement_group.h"
#include "cache/replacement/reuse_predictor.h"
#include "cache/replacement/reuse_sampler.h"
#include "replacement_test_util.h"

namespace warpsim {
namespace {

using testing::make_replacement;
using Prediction = ReusePredictor::Prediction;

constexpr WayMask kAll = WayMask::all(4);
constexpr std::uint32_t kBits = 8;

// Makes `sig`'s averages (rd, rc): 31 x rc reuses at distance rd, then misses until the 5-bit
// fetch count saturates at 31 (rc = 0: only the 31 misses, and rd comes out as 15).
void train(ReusePredictor& p, std::uint32_t sig, std::uint32_t rd, std::uint32_t rc) {
  for (std::uint32_t i = 0; i < 31 * rc; ++i) p.hit_update(sig, rd);
  for (std::uint32_t i = 0; i < 31; ++i) p.miss_update(sig);
}

TEST(ReusePredictor, AveragesWhenAnAccumulatorSaturates) {
  ReusePredictor p(512);
  EXPECT_FALSE(p.predict(7).has_value());  // unknown
  for (int i = 0; i < 30; ++i) p.miss_update(7);
  EXPECT_FALSE(p.predict(7).has_value());  // known, never averaged
  // 62 reuses at distance 3 (sum 186) and the 31st fetch: avg RD 186 / 62 = 3, RC 62 / 31 = 2.
  for (int i = 0; i < 62; ++i) p.hit_update(7, 3);
  p.miss_update(7);
  ASSERT_TRUE(p.predict(7).has_value());
  EXPECT_EQ(p.predict(7)->rd, 3u);
  EXPECT_EQ(p.predict(7)->rc, 2u);
  // The sum of distances saturating first: 5 reuses at 500 reach 2047 (capped) over 5 reuses
  // and 1 fetch: RD 409 and RC 5, both capped at 4 bits to 15 and 5.
  p.miss_update(8);
  for (int i = 0; i < 5; ++i) p.hit_update(8, 500);
  EXPECT_EQ(p.predict(8)->rd, 15u);
  EXPECT_EQ(p.predict(8)->rc, 5u);
  // The accumulators restarted: 31 more misses without reuse leave RD 15 and RC 0.
  for (int i = 0; i < 31; ++i) p.miss_update(7);
  EXPECT_EQ(p.predict(7)->rd, 15u);
  EXPECT_EQ(p.predict(7)->rc, 0u);
}

TEST(ReusePredictor, AFullTableReplacesItsLeastRecentlyUsedSignature) {
  ReusePredictor p(2);
  train(p, 1, 2, 1);
  train(p, 2, 4, 1);
  EXPECT_TRUE(p.predict(1).has_value());  // 1 is now more recent than 2
  p.miss_update(3);                       // takes 2's entry
  EXPECT_EQ(p.size(), 2u);
  EXPECT_FALSE(p.predict(2).has_value());
  EXPECT_EQ(p.predict(1)->rd, 2u);
}

TEST(ReuseSampler, SendsReuseDistancesAndMisses) {
  ReusePredictor p(16);
  ReuseSampler s(4, 2, 2);  // sets 0 and 2 sampled, 2 ways each
  EXPECT_TRUE(s.samples(0));
  EXPECT_FALSE(s.samples(1));
  // Set 0: A B A. A misses (sig 1), B misses (sig 2), A hits with 1 access (B's) in between.
  s.access(0, 0xA, 1, p);
  s.access(0, 0xB, 2, p);
  s.access(0, 0xA, 1, p);  // hit update (sig 1, RD 1)
  // C evicts B (LRU: A was just used), then B misses again and evicts A.
  s.access(0, 0xC, 3, p);
  s.access(0, 0xB, 2, p);
  s.access(0, 0xA, 1, p);  // miss: A was evicted
  // Drive sig 1's fetch count to 31 with misses in set 2 (a set of its own), no reuse: sig 1
  // has 2 fetches + 29 = 31 and one reuse at distance 1: RD 1, RC 1 / 31 = 0.
  for (Addr line = 0x100; line < 0x100 + 29; ++line) s.access(2, line, 1, p);
  ASSERT_TRUE(p.predict(1).has_value());
  EXPECT_EQ(p.predict(1)->rd, 1u);
  EXPECT_EQ(p.predict(1)->rc, 0u);
  EXPECT_FALSE(p.predict(2).has_value());  // two fetches, not averaged
}

// A policy with a predictor trained by hand: it joins a group as member 1, so it has no
// sampler of its own (the sampler is member 0's).
struct Trained {
  ReplacementGroup group{2};
  ReusePredictor* predictor = nullptr;
  std::unique_ptr<ReplacementPolicy> policy;

  explicit Trained(const std::string& params) {
    policy = make_replacement("{impl: rpr" + params + "}", {.sets = 1, .ways = 4, .line = 128});
    policy->join(group, 1);
    predictor = &group.state<ReusePredictor>("rpr", [] { return nullptr; });
  }
  // Fills `way` by warp age `age` (rank 0, active in window 10..13) at `pc`.
  void fill(std::uint32_t way, std::uint64_t pc, std::uint64_t age = 10) {
    policy->on_fill(0, way, AccessInfo{.pc = pc, .warp_age = age});
    policy->on_access(0, AccessInfo{.pc = pc, .warp_age = age});
  }
  std::uint32_t victim(WarpWindow window = {10, 13}) {
    return policy->select_victim(0, kAll, AccessInfo{.window = window});
  }
};

std::uint32_t sig(std::uint64_t pc) { return reuse_signature(pc, 0, kBits); }

TEST(Rpr, SignaturesOfTheTestPcsDiffer) {
  std::set<std::uint32_t> seen;
  for (std::uint64_t pc = 1; pc <= 5; ++pc) seen.insert(sig(pc));
  EXPECT_EQ(seen.size(), 5u);
  // The age is part of the signature.
  EXPECT_NE(reuse_signature(1, 0, kBits), reuse_signature(1, 1, kBits));
}

TEST(Rpr, RdScoreEvictsTheFarthestReuse) {
  Trained t("");  // score rd
  train(*t.predictor, sig(1), 9, 1);
  train(*t.predictor, sig(2), 5, 1);
  train(*t.predictor, sig(3), 3, 1);
  train(*t.predictor, sig(4), 1, 1);
  // Way 0 (RD 9) is filled first, and five other accesses to the set follow before way 1's
  // fill; each access after a line's fill counts its RD down by one.
  t.fill(0, 1);
  for (int i = 0; i < 5; ++i) t.policy->on_access(0, AccessInfo{});
  t.fill(1, 2);  // RD 5
  t.fill(2, 3);  // RD 3
  t.fill(3, 4);  // RD 1
  // RDs left: way 0: 9 - 8 = 1; way 1: 5 - 2 = 3; way 2: 3 - 1 = 2; way 3: 1 - 0 = 1. Way 1.
  EXPECT_EQ(t.victim(), 1u);
  // Two more accesses: ways 0 and 3 at 0, way 1 at 1, way 2 at 0: way 1 still farthest.
  t.policy->on_access(0, AccessInfo{});
  t.policy->on_access(0, AccessInfo{});
  EXPECT_EQ(t.victim(), 1u);
  // One more: every RD is 0, all scores 256: the LRU line, way 0.
  t.policy->on_access(0, AccessInfo{});
  EXPECT_EQ(t.victim(), 0u);
}

TEST(Rpr, CounterScoreEvictsTheFewestReusesLeft) {
  Trained t(", score: counter");
  train(*t.predictor, sig(1), 2, 3);
  train(*t.predictor, sig(2), 2, 1);
  train(*t.predictor, sig(3), 2, 2);
  train(*t.predictor, sig(4), 2, 4);
  for (std::uint32_t way = 0; way < 4; ++way) t.fill(way, way + 1);
  EXPECT_EQ(t.victim(), 1u);  // RC 3, 1, 2, 4: way 1
  // A hit on way 2 (RC 2 -> 1) ties it with way 1; way 1 is the LRU of the two.
  t.policy->on_hit(0, 2, AccessInfo{});
  EXPECT_EQ(t.victim(), 1u);
  t.policy->on_hit(0, 1, AccessInfo{});  // way 1's RC 0: dead, and it goes first
  EXPECT_EQ(t.victim(), 1u);
  t.policy->on_hit(0, 0, AccessInfo{});  // way 0: RC 2; way 1 dead still
  EXPECT_EQ(t.victim(), 1u);
}

TEST(Rpr, AgeScoreEvictsTheYoungestWarpsLine) {
  Trained t(", score: age");
  for (std::uint32_t way = 0; way < 4; ++way) train(*t.predictor, sig(way + 1), 2, 1);
  t.fill(0, 1, 10);
  t.fill(1, 2, 13);
  t.fill(2, 3, 11);
  t.fill(3, 4, 12);
  EXPECT_EQ(t.victim(), 1u);  // scores 256, 253, 255, 254
  // With warp 10 inactive (window 11..14) its line is dead and goes first.
  EXPECT_EQ(t.victim({11, 14}), 0u);
}

TEST(Rpr, DeadLinesGoFirstUnlessDisabled) {
  for (bool dead_first : {true, false}) {
    Trained t(dead_first ? "" : ", dead_first: false");
    train(*t.predictor, sig(1), 0, 0);  // never reused: RD 15, RC 0
    train(*t.predictor, sig(2), 9, 1);
    t.fill(0, 2);
    t.fill(1, 2);
    t.fill(2, 1);
    t.fill(3, 2);
    // Way 2 is dead (RC 0), and its RD left is the largest as well: ways 0, 1, 3 have
    // 9 - 3, 9 - 2, 9 - 0 = 6, 7, 9 left, way 2 15 - 1 = 14. Either way it goes.
    EXPECT_EQ(t.victim(), 2u) << dead_first;
  }
  // A dead line whose score would keep it: RD 0 left (score 256) and RC 0.
  for (bool dead_first : {true, false}) {
    Trained t(dead_first ? "" : ", dead_first: false");
    train(*t.predictor, sig(1), 1, 0);
    train(*t.predictor, sig(2), 9, 1);
    t.fill(0, 1);  // sig 1: RD 15 (never reused, see train), RC 0
    for (std::uint32_t way = 1; way < 4; ++way) t.fill(way, 2);
    for (int i = 0; i < 20; ++i) t.policy->on_access(0, AccessInfo{});  // every RD 0
    // Scores all 256: without dead_first the LRU line, way 0, too; make way 0 the MRU.
    t.policy->on_hit(0, 0, AccessInfo{});
    EXPECT_EQ(t.victim(), dead_first ? 0u : 1u) << dead_first;
  }
}

TEST(Rpr, UnknownSignaturesGetTheConfiguredPrediction) {
  // No training: every line gets RD 15 and RC 15, so none is dead, and the most recent fill
  // has the most of its RD left (15 - 0 against 15 - 1, 15 - 2, 15 - 3): way 3 goes.
  Trained t("");
  for (std::uint32_t way = 0; way < 4; ++way) t.fill(way, way + 1);
  EXPECT_EQ(t.victim(), 3u);
  // unknown_rc 0 makes them dead, and a trained line with reuses left is then never the
  // victim: among the dead ways 1-3 (RD left 15 - 2, 15 - 1, 15 - 0) the lowest score, way 3,
  // or with dead_order lru the LRU of them, way 1.
  for (const char* order : {"score", "lru"}) {
    Trained d(std::string(", unknown_rc: 0, dead_order: ") + order);
    train(*d.predictor, sig(1), 2, 1);
    d.fill(0, 1);
    for (std::uint32_t way = 1; way < 4; ++way) d.fill(way, way + 1);
    EXPECT_EQ(d.victim(), std::string(order) == "score" ? 3u : 1u) << order;
  }
}

TEST(Rpr, OneSamplerTrainsThePredictorEveryMemberUses) {
  ReplacementGroup group(2);
  // Shadow tags: the sampler sees the access stream through tags of its own.
  const std::string slot = "{impl: rpr, sample_every: 1, sampler_tags: shadow}";
  auto sampler = make_replacement(slot, {.sets = 1, .ways = 4, .line = 128});
  auto other = make_replacement(slot, {.sets = 1, .ways = 4, .line = 128});
  sampler->join(group, 0);
  other->join(group, 1);
  const ReusePredictor& p = group.state<ReusePredictor>("rpr", [] { return nullptr; });
  // Member 1's accesses train nothing.
  for (int i = 0; i < 100; ++i) other->on_access(0, AccessInfo{.addr = 128u * i, .pc = 1});
  EXPECT_EQ(p.size(), 0u);
  // Member 0: line 0 and a new line alternately at pc 1, 31 rounds: line 0 reused at RD 1 each
  // round after the first; the new lines miss.
  for (int i = 0; i < 31; ++i) {
    sampler->on_access(0, AccessInfo{.addr = 0, .pc = 1});
    sampler->on_access(0, AccessInfo{.addr = 128u * (i + 1), .pc = 1});
  }
  EXPECT_EQ(p.size(), 1u);
  // The 31st fetch (round 29) averages 29 reuses at distance 1: RD 1, RC 29 / 31 = 0. Member 1
  // fills with that prediction: its line of pc 1 is dead (the others, unknown, have RC 15).
  other->on_fill(0, 0, AccessInfo{.pc = 1, .warp_age = 10});
  for (std::uint32_t way = 1; way < 4; ++way)
    other->on_fill(0, way, AccessInfo{.pc = 9, .warp_age = 10});
  other->on_hit(0, 0, AccessInfo{});
  EXPECT_EQ(other->select_victim(0, kAll, AccessInfo{.window = {10, 13}}), 0u);
}

// The default sampler mirrors the cache's own lines: its hits and misses are the cache's.
TEST(Rpr, AMirrorSamplerLearnsFromTheCachesOwnHitsAndFills) {
  ReplacementGroup group(1);
  auto p = make_replacement("{impl: rpr, sample_every: 1}", {.sets = 1, .ways = 4, .line = 128});
  p->join(group, 0);
  const ReusePredictor& predictor = group.state<ReusePredictor>("rpr", [] { return nullptr; });
  const AccessInfo pc1{.pc = 1, .warp_age = 10};
  // Access 0 fills way 0, access 1 goes elsewhere, access 2 hits way 0: RD 1 (access 1).
  p->on_fill(0, 0, pc1);
  p->on_access(0, pc1);
  p->on_access(0, AccessInfo{.pc = 7});
  p->on_hit(0, 0, pc1);
  p->on_access(0, pc1);
  // 30 more fills of pc 1 (way 1 over and over; the cache evicted the previous line): with
  // the first, 31 fetches, which averages RD 1 / 1 = 1 and RC 1 / 31 = 0.
  for (int i = 0; i < 30; ++i) {
    p->on_fill(0, 1, pc1);
    p->on_access(0, pc1);
  }
  EXPECT_EQ(predictor.size(), 1u);  // pc 7's access missed no line the cache placed
  // A line invalidated by the cache no longer hits the sampler's copy.
  p->on_invalidate(0, 0);
  p->on_hit(0, 0, pc1);
  // The next fill of pc 1 is predicted dead: every line of pc 1 so far saw one reuse in 31.
  for (std::uint32_t way = 0; way < 4; ++way)
    p->on_fill(0, way, way == 2 ? pc1 : AccessInfo{.pc = 9, .warp_age = 10});
  for (std::uint32_t way : {0u, 1u, 3u}) p->on_hit(0, way, AccessInfo{});
  EXPECT_EQ(p->select_victim(0, kAll, AccessInfo{.window = {10, 13}}), 2u);
}

}  // namespace
}  // namespace warpsim
