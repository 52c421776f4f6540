// Translation on the SM's L1 side (src/sm/l1_path.*, src/tlb/): the L1 TLB in front of the L1
// caches, Fermi's round trip when an L1-TLB miss meets an L1D hit (tlb.l1_miss_round_trip) and
// Maxwell's L1D hits that skip translation (tlb.skip_on_l1d_hit). The bench is l1_bench.h on the
// gtx480 preset (translation on, Fermi's latencies) with a one-entry L1 TLB, so that touching
// another page evicts a page's translation; the L2 TLB keeps both. Expected cycles are derived
// by hand from the config's values beside each test, never copied from a run.

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "l1_bench.h"

namespace warpsim {
namespace {

using test::kRoundTrip;
using test::L1Bench;

constexpr Addr kPage = Addr{2} << 20;
// Device-like addresses above 4 GiB; page(i) starts page i of the array.
Addr page(std::uint64_t i) { return (Addr{1} << 32) + i * kPage; }

// The latencies the expectations are built from, read from the resolved config.
struct Costs {
  explicit Costs(const L1Bench& b) {
    const ConfigNode& tlb = b.config.at("tlb");
    const auto u32 = [](const ConfigNode& n) { return static_cast<std::uint64_t>(n.as_uint()); };
    l1_tlb = u32(tlb.at("l1").at("hit_latency"));
    l2_hit = l1_tlb + u32(tlb.at("l2").at("latency"));
    walk = l2_hit + u32(tlb.at("walk_latency"));
    round_trip = u32(tlb.at("l1_miss_round_trip"));
    l1d_hit = b.cfg("l1d", "hit_latency");
    l1t_hit = b.cfg("l1t", "hit_latency");
  }
  std::uint64_t l1_tlb;      // translation that hits the L1 TLB
  std::uint64_t l2_hit;      // one that misses it and hits the L2 TLB
  std::uint64_t walk;        // one that walks (the walk cache is off: no miss latency)
  std::uint64_t round_trip;  // tlb.l1_miss_round_trip
  std::uint64_t l1d_hit;
  std::uint64_t l1t_hit;
};

class L1Translation : public ::testing::TestWithParam<bool> {
 protected:
  // A gtx480 bench with translation, a one-entry L1 TLB and `sets`; GetParam() = skip idle.
  static L1Bench bench(std::vector<std::string> sets) {
    sets.push_back("tlb.l1.entries=1");
    return L1Bench("gtx480", GetParam(), std::move(sets), /*translate=*/true);
  }
};

// Requests wait for their translation, then access the L1. Only an L1D hit whose translation
// missed the L1 TLB pays the round trip: not an L1-TLB hit, not an L1D miss, not a texture hit.
TEST_P(L1Translation, RoundTripOnlyForL1dHitsThatMissedTheL1Tlb) {
  L1Bench b = bench({"tlb.l1_miss_round_trip=261"});
  const Costs c(b);
  ASSERT_EQ(c.round_trip, 261u);
  const Addr a = page(0);
  const Addr b1 = page(1) + 0x80;
  const Addr b2 = page(1) + 0x180;
  const Addr t = page(1) + 0x200;
  b.push(0, a, 1);                         // cold page: walk, L1D miss
  b.push(1000, a, 2);                      // L1 TLB hit, L1D hit
  b.push(2000, b1, 3);                     // page 1 walks and takes the L1 TLB entry
  b.push(3000, a, 4);                      // L1 TLB miss, L2 TLB hit, L1D hit: round trip
  b.push(4000, b2, 5);                     // L1 TLB miss, L2 TLB hit, L1D miss
  b.push(5000, t, 6, L1Target::kTexture);  // L1 TLB hit (page 1 since 5), L1T miss
  b.push(6000, a, 7);                      // page 0 back in the L1 TLB (round trip again)
  b.push(7000, t, 8, L1Target::kTexture);  // L1 TLB miss, L1T hit: no round trip
  b.run();
  EXPECT_EQ(b.done(1), c.walk + kRoundTrip);
  EXPECT_EQ(b.done(2), 1000 + c.l1_tlb + c.l1d_hit);
  EXPECT_EQ(b.done(3), 2000 + c.walk + kRoundTrip);
  EXPECT_EQ(b.done(4), 3000 + c.l2_hit + c.l1d_hit + c.round_trip);
  EXPECT_EQ(b.done(5), 4000 + c.l2_hit + kRoundTrip);
  EXPECT_EQ(b.done(6), 5000 + c.l1_tlb + kRoundTrip);
  EXPECT_EQ(b.done(7), 6000 + c.l2_hit + c.l1d_hit + c.round_trip);
  EXPECT_EQ(b.done(8), 7000 + c.l2_hit + c.l1t_hit);
  EXPECT_EQ(b.gpu_stat("l1_tlb.misses"), 6u);  // all but 2 and 6
  EXPECT_EQ(b.gpu_stat("l2_tlb.walks"), 2u);
}

// The default (0): an L1D hit after an L1-TLB miss costs its translation only, as before.
TEST_P(L1Translation, WithoutRoundTripAHitPaysItsTranslationOnly) {
  L1Bench b = bench({});
  const Costs c(b);
  ASSERT_EQ(c.round_trip, 0u);
  b.push(0, page(0), 1);
  b.push(1000, page(1), 2);  // evicts page 0 from the L1 TLB
  b.push(2000, page(0), 3);
  b.run();
  EXPECT_EQ(b.done(1), c.walk + kRoundTrip);
  EXPECT_EQ(b.done(3), 2000 + c.l2_hit + c.l1d_hit);
}

// With skip_on_l1d_hit an L1D request accesses the L1 at once. A hit completes after the hit
// latency and never asks the TLB; a miss is translated at its access, and its fetch leaves when
// the translation is ready (memory sees it one cycle later). The L1D's outgoing queue stays in
// order: a fetch whose translation is ready sooner waits behind one still walking.
TEST_P(L1Translation, SkipOnL1dHitTranslatesOnlyWhatLeavesTheL1) {
  L1Bench b = bench({"tlb.skip_on_l1d_hit=true", "tlb.l1_miss_round_trip=261"});
  const Costs c(b);
  b.push(0, page(0), 1);             // miss, walk
  b.push(1000, page(1), 2);          // miss, walk; page 1 takes the L1 TLB entry
  b.push(2000, page(0), 3);          // hit: no translation, so no round trip either
  b.push(3000, page(0) + 0x100, 4);  // miss; L1 TLB miss, L2 TLB hit
  b.push(4000, page(2), 5);          // miss, walk
  b.push(4001, page(1) + 0x180, 6);  // miss; L2 TLB hit, ready before 5's walk ends
  b.run();
  EXPECT_EQ(b.done(1), c.walk + kRoundTrip);
  EXPECT_EQ(b.done(2), 1000 + c.walk + kRoundTrip);
  EXPECT_EQ(b.done(3), 2000 + c.l1d_hit);
  EXPECT_EQ(b.done(4), 3000 + c.l2_hit + kRoundTrip);
  EXPECT_EQ(b.done(5), 4000 + c.walk + kRoundTrip);
  EXPECT_EQ(b.done(6), 4000 + c.walk + kRoundTrip);  // in order behind 5
  ASSERT_EQ(b.memory->received.size(), 5u);          // all but the hit
  EXPECT_EQ(b.memory->received[0].cycle, c.walk + 1);
  EXPECT_EQ(b.memory->received[2].cycle, 3000 + c.l2_hit + 1);  // request 4
  EXPECT_EQ(b.gpu_stat("l1_tlb.accesses"), 5u);                 // every request but the hit
  EXPECT_EQ(b.gpu_stat("l2_tlb.walks"), 3u);
}

INSTANTIATE_TEST_SUITE_P(SkipAndNoSkip, L1Translation, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& p) {
                           return p.param ? "skip" : "no_skip";
                         });

}  // namespace
}  // namespace warpsim
