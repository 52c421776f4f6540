// MRPB (src/cache/prioritization/mrpb*.cc, seed 004 §2.2–2.6) on hand-made request sequences:
// every signature, the six drain policies, queue depth, buffer latency, the two flush rules,
// barrier ordering and the outbound register; and the on_stall bypass policy's conditions.
// Each expected order is worked out by hand beside its test.

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cache/bypass/bypass_policy.h"
#include "cache/prioritization/request_prioritizer.h"
#include "sim/config_node.h"
#include "sim/registry.h"

namespace warpsim {
namespace {

constexpr RequestPrioritizer::Context kSm{.capacity = 8, .warps = 48, .ctas = 8, .cta_warps = 32};

std::unique_ptr<RequestPrioritizer> mrpb(const std::string& params) {
  return PolicyRegistry::global().create<RequestPrioritizer>(
      ConfigNode::parse_string("{impl: mrpb, " + params + "}", "test.yaml"), kSm);
}

// A read of warp slot `warp` in CTA slot `cta` (index `cta_warp` within it) tagged `tag`.
MemRequest read(std::uint64_t tag, std::uint32_t warp, std::uint32_t cta = 0,
                std::uint32_t cta_warp = 0, std::uint64_t epoch = 0) {
  return MemRequest{.kind = MemKind::kRead,
                    .tag = tag,
                    .warp = warp,
                    .cta = cta,
                    .cta_warp = cta_warp,
                    .epoch = epoch};
}

MemRequest write(std::uint64_t tag, std::uint32_t warp, std::uint64_t epoch = 0) {
  MemRequest r = read(tag, warp, 0, 0, epoch);
  r.kind = MemKind::kWrite;
  return r;
}

// Takes every request the policy will give from cycle `now` on, one per cycle, as an L1 that
// accepts everything would.
std::vector<std::uint64_t> drain(RequestPrioritizer& p, std::uint64_t now = 0) {
  std::vector<std::uint64_t> order;
  for (std::uint64_t t = now; !p.empty() && t < now + 1000; ++t) {
    if (const MemRequest* r = p.front(t)) {
      order.push_back(r->tag);
      p.pop(t);
    }
  }
  return order;
}

void offer_all(RequestPrioritizer& p, const std::vector<MemRequest>& requests,
               std::uint64_t now = 0) {
  for (const MemRequest& r : requests) ASSERT_TRUE(p.offer(r, now)) << "tag " << r.tag;
}

using Tags = std::vector<std::uint64_t>;

TEST(MrpbSignature, WarpIdQueuesDrainInWarpSlotOrder) {
  // Warp slots 5, 2, 2, 0: fixed order drains slot 0, then slot 2's two in their own order.
  auto p = mrpb("signature: warp, latency: 0");
  offer_all(*p, {read(1, 5), read(2, 2), read(3, 2), read(4, 0)});
  EXPECT_EQ(drain(*p), (Tags{4, 2, 3, 1}));
}

TEST(MrpbSignature, CtaIdQueuesDrainInCtaSlotOrderKeepingIssueOrderWithin) {
  // CTA slots 1, 0, 1, 0 (warp slots 9, 3, 8, 2): CTA 0's requests first, each CTA's in issue
  // order whatever their warps.
  auto p = mrpb("signature: cta, latency: 0");
  offer_all(*p, {read(1, 9, 1), read(2, 3, 0), read(3, 8, 1), read(4, 2, 0)});
  EXPECT_EQ(drain(*p), (Tags{2, 4, 1, 3}));
}

TEST(MrpbSignature, InBlockWarpIdQueuesShareTheIthWarpOfEveryCta) {
  // (CTA, index in CTA): (0,1) (1,0) (1,1) (0,0): index 0's queue first: tags 2 and 4.
  auto p = mrpb("signature: cta_warp, latency: 0");
  offer_all(*p, {read(1, 1, 0, 1), read(2, 4, 1, 0), read(3, 5, 1, 1), read(4, 0, 0, 0)});
  EXPECT_EQ(drain(*p), (Tags{2, 4, 1, 3}));
}

TEST(MrpbSignature, ASignatureBeyondTheQueuesIsALogicError) {
  auto p = mrpb("signature: cta");
  EXPECT_THROW(p->offer(read(1, 0, 8), 0), std::logic_error);  // 8 CTA slots: 0..7
}

// Queues 0: [a0 a1], 1: [b0], 2: [c0 c1 c2], tags 10.., 20.., 30...
void fill_three(RequestPrioritizer& p) {
  offer_all(p, {read(10, 0), read(30, 2), read(11, 0), read(20, 1), read(31, 2), read(32, 2)});
}

struct DrainCase {
  const char* params;
  Tags order;
};

class MrpbDrainOrder : public ::testing::TestWithParam<DrainCase> {};

TEST_P(MrpbDrainOrder, DrainsQueuesInItsOrder) {
  auto p = mrpb(std::string(GetParam().params) + ", latency: 0, entries: 0");
  fill_three(*p);
  EXPECT_EQ(drain(*p), GetParam().order);
}

INSTANTIATE_TEST_SUITE_P(
    SixPolicies, MrpbDrainOrder,
    ::testing::Values(
        // Lowest ready queue first.
        DrainCase{"drain: fixed_order, greedy: false", {10, 11, 20, 30, 31, 32}},
        DrainCase{"drain: fixed_order, greedy: true", {10, 11, 20, 30, 31, 32}},
        // One per queue in turn: 0 1 2 0 2 2.
        DrainCase{"drain: round_robin, greedy: false", {10, 20, 30, 11, 31, 32}},
        // Each chosen queue emptied, then the next one after it.
        DrainCase{"drain: round_robin, greedy: true", {10, 11, 20, 30, 31, 32}},
        // Lengths (2,1,3): 2; (2,1,2) tie → 0; (1,1,2): 2; (1,1,1): 0, 1, 2.
        DrainCase{"drain: longest_first, greedy: false", {30, 10, 31, 11, 20, 32}},
        // Queue 2 (longest) emptied, then 0 (2 entries), then 1.
        DrainCase{"drain: longest_first, greedy: true", {30, 31, 32, 10, 11, 20}}),
    [](const ::testing::TestParamInfo<DrainCase>& info) { return std::to_string(info.index); });

TEST(MrpbDrain, GreedyKeepsDrainingALowerQueueWhenAHigherOneFills) {
  // Queue 1 holds two requests; after the first leaves, warp 0 (higher priority) sends one.
  // Non-greedy fixed order switches to queue 0 at once; greedy empties queue 1 first.
  for (const bool greedy : {false, true}) {
    auto p = mrpb(std::string("latency: 0, greedy: ") + (greedy ? "true" : "false"));
    offer_all(*p, {read(20, 1), read(21, 1)});
    ASSERT_EQ(p->front(0)->tag, 20u);
    p->pop(0);
    ASSERT_TRUE(p->offer(read(10, 0), 1));
    EXPECT_EQ(drain(*p, 1), greedy ? (Tags{21, 10}) : (Tags{10, 21})) << "greedy " << greedy;
  }
}

TEST(MrpbLatency, ARequestLeavesNoEarlierThanLatencyCyclesAfterEntering) {
  // Latency 5: warp 3's request enters at 2 and leaves at 7; warp 0's enters at 10 and may
  // leave at 15, not before, although its queue has the higher priority.
  auto p = mrpb("latency: 5");
  ASSERT_TRUE(p->offer(read(3, 3), 2));
  ASSERT_TRUE(p->offer(read(0, 0), 10));
  EXPECT_EQ(p->front(6), nullptr);
  EXPECT_EQ(p->front(7)->tag, 3u);
  p->pop(7);
  EXPECT_EQ(p->front(14), nullptr);
  EXPECT_EQ(p->front(15)->tag, 0u);
}

TEST(MrpbEntries, AFullQueueRefusesAndStallsTheMemoryStage) {
  // Two entries per queue, no flush: warp 5's third read is refused, can_accept() says the
  // stage stalls, and the drain order is unchanged (warp 1 before warp 5).
  auto p = mrpb("latency: 0, entries: 2, flush: false");
  offer_all(*p, {read(50, 5), read(51, 5), read(10, 1)});
  EXPECT_TRUE(p->can_accept());
  EXPECT_FALSE(p->offer(read(52, 5), 0));
  EXPECT_FALSE(p->can_accept());
  EXPECT_EQ(p->front(0)->tag, 10u);
  p->pop(0);
  EXPECT_EQ(p->front(1)->tag, 50u);  // fixed order: now queue 5
  p->pop(1);
  EXPECT_TRUE(p->offer(read(52, 5), 2));
  EXPECT_TRUE(p->can_accept());
  EXPECT_EQ(drain(*p, 2), (Tags{51, 52}));
}

TEST(MrpbEntries, ZeroEntriesMeansUnbounded) {
  auto p = mrpb("latency: 0, entries: 0");
  for (std::uint64_t i = 0; i < 1000; ++i) ASSERT_TRUE(p->offer(read(i, 7), 0));
  EXPECT_EQ(drain(*p).size(), 1000u);
}

TEST(MrpbFlush, AReadMeetingAFullQueueDrainsThatQueueFirst) {
  // Flush on: warp 5's full queue drains one request ahead of warp 1's (higher priority), and
  // the refused read then fits.
  auto p = mrpb("latency: 0, entries: 2, flush: true");
  offer_all(*p, {read(50, 5), read(51, 5), read(10, 1)});
  EXPECT_FALSE(p->offer(read(52, 5), 0));
  EXPECT_EQ(p->front(0)->tag, 50u);
  p->pop(0);
  EXPECT_TRUE(p->offer(read(52, 5), 1));
  EXPECT_EQ(drain(*p, 1), (Tags{10, 51, 52}));  // back to fixed order
}

TEST(MrpbFlush, AWriteEmptiesItsQueueThenGoesToTheL1Unqueued) {
  // Warp 5 has two reads queued, warp 1 one. Its write is refused while its queue holds
  // anything: queue 5 drains first (before warp 1's read), then the write is taken straight to
  // the outbound register — ahead of warp 1's read and without the 5-cycle latency.
  auto p = mrpb("latency: 5, flush: true");
  offer_all(*p, {read(50, 5), read(51, 5), read(10, 1)});
  EXPECT_FALSE(p->offer(write(99, 5), 0));
  EXPECT_EQ(p->front(5)->tag, 50u);
  p->pop(5);
  EXPECT_FALSE(p->offer(write(99, 5), 6));
  EXPECT_EQ(p->front(6)->tag, 51u);
  p->pop(6);
  EXPECT_TRUE(p->offer(write(99, 5), 7));
  EXPECT_EQ(p->front(7)->tag, 99u);
  p->pop(7);
  EXPECT_EQ(drain(*p, 8), (Tags{10}));
}

TEST(MrpbFlush, WithoutFlushAWriteIsQueuedLikeARead) {
  auto p = mrpb("latency: 0, flush: false");
  offer_all(*p, {read(50, 5), write(51, 5), read(10, 1)});
  EXPECT_EQ(drain(*p), (Tags{10, 50, 51}));
}

TEST(MrpbBarrier, NoRequestOvertakesItsCtasRequestsFromBeforeABarrier) {
  // CTA 0: warp 3's read from before the barrier (epoch 0), then warp 1's after it (epoch 1);
  // CTA 1: warp 0's, which counts its own barriers (epoch 7). Fixed order alone would give
  // 30, 20, 10; the barrier keeps 10 ahead of 20, and CTA 0 does not hold back CTA 1.
  auto p = mrpb("latency: 0");
  offer_all(*p, {read(10, 3, 0, 3, 0), read(20, 1, 0, 1, 1), read(30, 0, 1, 0, 7)});
  EXPECT_EQ(drain(*p), (Tags{30, 10, 20}));
}

TEST(MrpbBarrier, AFlushedWriteWaitsForItsCtasOlderRequests) {
  // Warp 0's write after a barrier (epoch 1) finds its own queue empty but warp 3's read from
  // before the barrier queued: refused until that read has left.
  auto p = mrpb("latency: 0, flush: true");
  ASSERT_TRUE(p->offer(read(30, 3, 0, 3, 0), 0));
  EXPECT_FALSE(p->offer(write(99, 0, 1), 0));
  EXPECT_EQ(p->front(0)->tag, 30u);
  p->pop(0);
  EXPECT_TRUE(p->offer(write(99, 0, 1), 1));
  EXPECT_EQ(drain(*p, 1), (Tags{99}));
}

TEST(MrpbOutbound, ARefusedRequestStaysChosenWhatEverArrivesMeanwhile) {
  // Warp 4's request is chosen and refused by the L1; warp 0's arrival does not displace it.
  auto p = mrpb("latency: 0");
  ASSERT_TRUE(p->offer(read(40, 4), 0));
  EXPECT_EQ(p->front(0)->tag, 40u);
  p->on_refused(0);
  ASSERT_TRUE(p->offer(read(0, 0), 1));
  EXPECT_EQ(p->front(1)->tag, 40u);
  p->pop(1);
  EXPECT_EQ(drain(*p, 2), (Tags{0}));
  EXPECT_THROW(p->pop(3), std::logic_error);
}

TEST(MrpbConfig, BadParametersAreRejected) {
  EXPECT_ANY_THROW(mrpb("signature: pc"));
  EXPECT_ANY_THROW(mrpb("drain: oldest"));
  EXPECT_ANY_THROW(mrpb("entries: -1"));
}

std::unique_ptr<BypassPolicy> on_stall(const std::string& stalls) {
  return PolicyRegistry::global().create<BypassPolicy>(
      ConfigNode::parse_string("{impl: on_stall, stalls: " + stalls + "}", "test.yaml"),
      BypassPolicy::Context{.sets = 32, .ways = 4, .line = 128, .seed = 0});
}

TEST(BypassOnStall, AssociativityStallsBypassReadsOnly) {
  auto p = on_stall("associativity");
  const AccessInfo r{.addr = 0x1000};
  const AccessInfo w{.addr = 0x1000, .is_write = true};
  EXPECT_FALSE(p->bypass(r, BypassPolicy::When::kBeforeLookup));
  EXPECT_TRUE(p->bypass(r, BypassPolicy::When::kOnLineStall));
  EXPECT_FALSE(p->bypass(r, BypassPolicy::When::kOnResourceStall));
  EXPECT_FALSE(p->bypass(w, BypassPolicy::When::kOnLineStall));
}

TEST(BypassOnStall, AllStallsAlsoBypassOnMshrStalls) {
  auto p = on_stall("all");
  const AccessInfo r{.addr = 0x1000};
  const AccessInfo w{.addr = 0x1000, .is_write = true};
  EXPECT_FALSE(p->bypass(r, BypassPolicy::When::kBeforeLookup));
  EXPECT_TRUE(p->bypass(r, BypassPolicy::When::kOnLineStall));
  EXPECT_TRUE(p->bypass(r, BypassPolicy::When::kOnResourceStall));
  EXPECT_FALSE(p->bypass(w, BypassPolicy::When::kOnResourceStall));
  EXPECT_ANY_THROW(on_stall("sometimes"));
}

}  // namespace
}  // namespace warpsim
