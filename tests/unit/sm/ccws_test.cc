// CCWS (sm/warp_sched/ccws.cc) and its victim tag arrays (sm/warp_sched/victim_tags.h): the
// arrays' FIFO sets, the lost-locality score a VTA hit sets, its decay, the cutoff stack and
// which warps it holds back, worked out by hand beside each expectation; then a whole kernel
// whose warps thrash the L1D, under GTO and under CCWS.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sim/config_node.h"
#include "sim/registry.h"
#include "sm/warp_sched/victim_tags.h"
#include "sm/warp_scheduler.h"
#include "sm_test_util.h"

namespace warpsim {
namespace {

using Order = std::vector<std::uint32_t>;

TEST(VictimTags, EachSetIsFifoAndEachWarpHasItsOwn) {
  VictimTags vta(2, 2, 2);  // 2 warps x 2 sets x 2 ways; line % 2 picks the set
  vta.insert(0, 10);
  vta.insert(0, 12);
  EXPECT_TRUE(vta.contains(0, 10));
  EXPECT_TRUE(vta.contains(0, 12));
  EXPECT_FALSE(vta.contains(1, 10));  // warp 1's array is its own
  vta.insert(0, 11);                  // set 1: no effect on set 0
  EXPECT_TRUE(vta.contains(0, 10));
  vta.insert(0, 10);  // already there: stays, keeps its age
  vta.insert(0, 14);  // set 0 full: 10 went in first, so it leaves
  EXPECT_FALSE(vta.contains(0, 10));
  EXPECT_TRUE(vta.contains(0, 12));
  EXPECT_TRUE(vta.contains(0, 14));
  vta.insert(0, 16);  // then 12
  EXPECT_FALSE(vta.contains(0, 12));
  EXPECT_TRUE(vta.contains(0, 11));
}

TEST(VictimTags, AWriteDropsTheLineEverywhereAndAnEmptyEntryIsTakenFirst) {
  VictimTags vta(2, 1, 2);
  vta.insert(0, 5);
  vta.insert(0, 6);
  vta.insert(1, 5);
  vta.invalidate(5);
  EXPECT_FALSE(vta.contains(0, 5));
  EXPECT_FALSE(vta.contains(1, 5));
  vta.insert(0, 7);  // takes 5's empty entry: 6 stays although it is the oldest
  EXPECT_TRUE(vta.contains(0, 6));
  EXPECT_TRUE(vta.contains(0, 7));
  vta.clear(0);
  EXPECT_FALSE(vta.contains(0, 6));
  EXPECT_THROW(VictimTags(1, 0, 2), std::invalid_argument);
}

std::unique_ptr<WarpScheduler> ccws(std::uint32_t slots, const std::string& params = "") {
  return PolicyRegistry::global().create<WarpScheduler>(
      ConfigNode::parse_string("{impl: ccws" + params + "}", "test.yaml"),
      {.scheduler = 0, .slots = slots});
}

WarpView loading(std::uint64_t age) {
  return {.valid = true, .age = age, .ready = true, .global_load = true};
}
WarpView computing(std::uint64_t age) { return {.valid = true, .age = age, .ready = true}; }

// Asked twice at the same cycle: order() must be idempotent.
Order order(WarpScheduler& policy, const std::vector<WarpView>& warps, std::uint64_t now) {
  Order first = {99};
  policy.order(warps, Cycle(now), first);
  Order second = {98};
  policy.order(warps, Cycle(now), second);
  EXPECT_EQ(first, second) << "order() is not idempotent";
  return first;
}

// Four live warps (slot i has age i), so the cutoff is 4 x 100 = 400.
const std::vector<WarpView> kFourLoading = {loading(0), loading(1), loading(2), loading(3)};

// 10 instructions issued, one VTA hit: warp 1's score becomes (1 / 10) x 8 x 400 = 320.
std::unique_ptr<WarpScheduler> after_one_hit(std::uint64_t at) {
  auto p = ccws(4);
  EXPECT_EQ(order(*p, kFourLoading, 0), (Order{0, 1, 2, 3}));  // sets the cutoff
  for (int i = 0; i < 10; ++i) p->on_issue(0, IssueInfo{.cycle = Cycle(0)});
  p->on_l1d_eviction(1, 77, Cycle(at));
  p->on_l1d_miss(1, 77, Cycle(at));
  return p;
}

TEST(Ccws, WithNoLostLocalityItIsGreedyThenOldest) {
  auto p = ccws(4);
  EXPECT_EQ(order(*p, kFourLoading, 0), (Order{0, 1, 2, 3}));
  p->on_issue(2, IssueInfo{.cycle = Cycle(0)});
  EXPECT_EQ(order(*p, kFourLoading, 1), (Order{2, 0, 1, 3}));
  // A miss with an empty VTA, or on a line another warp lost, changes nothing.
  p->on_l1d_eviction(0, 5, Cycle(2));
  p->on_l1d_miss(1, 5, Cycle(2));
  p->on_l1d_miss(3, 6, Cycle(2));
  EXPECT_EQ(order(*p, kFourLoading, 2), (Order{2, 0, 1, 3}));
}

TEST(Ccws, AVtaHitStacksTheHitterFirstAndHoldsTheRestsLoads) {
  auto p = after_one_hit(100);
  // Stack: warp 1 (320) < 400, warp 0 (100, the oldest of the rest) takes it to 420 >= 400 and
  // is included; warps 2 and 3 may not issue loads. Order: GTO (greedy warp 0, then by age)
  // without them.
  EXPECT_EQ(order(*p, kFourLoading, 100), (Order{0, 1}));
  // Throttled warps whose next instruction is not a global load still issue.
  const std::vector<WarpView> mixed = {loading(0), loading(1), computing(2), loading(3)};
  EXPECT_EQ(order(*p, mixed, 100), (Order{0, 1, 2}));
}

TEST(Ccws, TheScoreDecaysOnePointPerCycleDownToBase) {
  auto p = after_one_hit(100);
  // 320 - t: two warps held while the score is >= 300 (t <= 20), one (warp 3: the stack of
  // warps 1, 0, 2 reaches 400 once the score is >= 200) until t = 120, none after.
  EXPECT_EQ(order(*p, kFourLoading, 120), (Order{0, 1}));
  EXPECT_EQ(order(*p, kFourLoading, 121), (Order{0, 1, 2}));
  EXPECT_EQ(order(*p, kFourLoading, 220), (Order{0, 1, 2}));
  EXPECT_EQ(order(*p, kFourLoading, 221), (Order{0, 1, 2, 3}));
  EXPECT_EQ(order(*p, kFourLoading, 5000), (Order{0, 1, 2, 3}));
}

TEST(Ccws, TheCutoffFollowsTheLiveWarps) {
  auto p = after_one_hit(100);
  // Warp 2 finished: 3 live warps, cutoff 300 from this call on. Warp 1's 320 alone reaches
  // it, so warps 0 and 3 are held. (Warp 0 led as the greedy warp and is held all the same.)
  std::vector<WarpView> three = kFourLoading;
  three[2].finished = true;
  EXPECT_EQ(order(*p, three, 100), (Order{1}));
  // The next hit uses cutoff 300: 2 hits in 10 issues, (2 / 10) x 8 x 300 = 480.
  p->on_l1d_eviction(3, 78, Cycle(100));
  p->on_l1d_miss(3, 78, Cycle(100));
  EXPECT_EQ(order(*p, three, 100), (Order{3}));  // warp 3 (480) reaches 300 alone
}

TEST(Ccws, AWriteErasesTheVictimAndANewWarpStartsClean) {
  auto p = ccws(4);
  order(*p, kFourLoading, 0);
  for (int i = 0; i < 10; ++i) p->on_issue(0, IssueInfo{.cycle = Cycle(0)});
  p->on_l1d_eviction(1, 77, Cycle(1));
  p->on_l1d_write(77, Cycle(1));
  p->on_l1d_miss(1, 77, Cycle(1));  // no longer a VTA hit
  EXPECT_EQ(order(*p, kFourLoading, 1), (Order{0, 1, 2, 3}));
  p->on_l1d_eviction(1, 79, Cycle(1));
  p->on_warp_end(1);
  p->on_warp_start(1);
  p->on_l1d_miss(1, 79, Cycle(1));  // the old warp's victim is not the new warp's
  EXPECT_EQ(order(*p, kFourLoading, 1), (Order{0, 1, 2, 3}));
}

TEST(Ccws, ParamsAreCheckedAndChangeTheScore) {
  EXPECT_THROW(ccws(4, ", vta_sets: 0"), ConfigError);
  EXPECT_THROW(ccws(4, ", base_score: 0"), ConfigError);
  EXPECT_THROW(ccws(4, ", window: 3"), ConfigError);
  // k_throttle 2: the hit gives (1 / 10) x 2 x 400 = 80, below base: the score stays 100.
  auto p = ccws(4, ", k_throttle: 2");
  order(*p, kFourLoading, 0);
  for (int i = 0; i < 10; ++i) p->on_issue(0, IssueInfo{.cycle = Cycle(0)});
  p->on_l1d_eviction(1, 77, Cycle(0));
  p->on_l1d_miss(1, 77, Cycle(0));
  EXPECT_EQ(order(*p, kFourLoading, 0), (Order{0, 1, 2, 3}));
}

// Sixteen warps, each reading its own 16 lines (2 KB) four times: 32 KB of lines with
// intra-warp reuse against gtx480's 16 KB L1D. out[t] = 4 x the sum of thread t's 16 words.
constexpr const char* kThrashKernel = R"(.version 7.0
.target sm_70
.address_size 64
.visible .entry k(.param .u64 data, .param .u64 out)
{
  .reg .b32 %r<12>;
  .reg .b64 %rd<8>;
  .reg .pred %p<3>;
  ld.param.u64 %rd1, [data];
  cvta.to.global.u64 %rd1, %rd1;
  ld.param.u64 %rd2, [out];
  cvta.to.global.u64 %rd2, %rd2;
  mov.u32 %r1, %tid.x;
  shr.u32 %r2, %r1, 5;
  and.b32 %r3, %r1, 31;
  mad.lo.u32 %r4, %r2, 512, %r3;
  mul.wide.u32 %rd3, %r4, 4;
  add.u64 %rd3, %rd1, %rd3;
  mov.u32 %r5, 0;
  mov.u32 %r6, 0;
PASS:
  mov.u32 %r7, 0;
  mov.u64 %rd4, %rd3;
LINE:
  ld.global.u32 %r8, [%rd4];
  add.u32 %r5, %r5, %r8;
  add.u64 %rd4, %rd4, 128;
  add.u32 %r7, %r7, 1;
  setp.lt.u32 %p1, %r7, 16;
  @%p1 bra LINE;
  add.u32 %r6, %r6, 1;
  setp.lt.u32 %p2, %r6, 4;
  @%p2 bra PASS;
  mul.wide.u32 %rd5, %r1, 4;
  add.u64 %rd5, %rd2, %rd5;
  st.global.u32 [%rd5], %r5;
  exit;
}
)";

struct ThrashRun {
  test::KernelRunOutput out;
  std::vector<std::uint32_t> sums;
};

ThrashRun run_thrash(const std::string& scheduler, bool check_memo = false) {
  func::Device device;
  constexpr std::uint32_t kThreads = 512;
  std::vector<std::uint32_t> data(kThreads * 16);
  for (std::uint32_t i = 0; i < data.size(); ++i) data[i] = i % 7;
  const Addr in = device.malloc(data.size() * 4);
  device.memory().write(in, data.data(), data.size() * 4);
  const Addr out = device.malloc(kThreads * 4);
  ThrashRun run;
  run.out = test::run_kernel(
      device,
      test::timing_config("gtx480",
                          {"sm.count=1", "sm.warp_scheduler=" + scheduler,
                           std::string("sm.check_memo=") + (check_memo ? "true" : "false")}),
      kThrashKernel, {1, 1, 1}, {kThreads, 1, 1}, {&in, &out});
  run.sums.resize(kThreads);
  device.memory().read(out, run.sums.data(), kThreads * 4);
  return run;
}

TEST(Ccws, ThrashingWarpsAreThrottledAndMissLess) {
  const ThrashRun gto = run_thrash("gto");
  const ThrashRun ccws_run = run_thrash("ccws");
  for (std::uint32_t t = 0; t < 512; ++t) {
    const std::uint32_t first = (t / 32) * 512 + t % 32;
    std::uint32_t sum = 0;
    for (std::uint32_t line = 0; line < 16; ++line) sum += (first + line * 32) % 7;
    ASSERT_EQ(gto.sums[t], 4 * sum) << "thread " << t;
    ASSERT_EQ(ccws_run.sums[t], 4 * sum) << "thread " << t;
  }
  const auto& c = ccws_run.out.results[0].stats;
  ASSERT_TRUE(c.contains("ccws"));
  EXPECT_FALSE(gto.out.results[0].stats.contains("ccws"));
  // Thrashing: lines come back after their eviction, so warps hit their VTAs, and the
  // throttle then held loads back.
  EXPECT_GT(c["ccws"]["vta_inserts"].get<std::uint64_t>(), 0u);
  EXPECT_GT(c["ccws"]["vta_hits"].get<std::uint64_t>(), 0u);
  EXPECT_GT(c["ccws"]["loads_held"].get<std::uint64_t>(), 0u);
  EXPECT_LE(c["ccws"]["vta_hits"].get<std::uint64_t>(), c["l1d"]["misses"].get<std::uint64_t>());
  // Fewer warps sharing the L1D at a time: fewer misses than GTO's.
  EXPECT_LT(c["l1d"]["misses"].get<std::uint64_t>(),
            gto.out.results[0].stats["l1d"]["misses"].get<std::uint64_t>());
}

TEST(Ccws, TheMemoHoldsUnderCcws) {
  const ThrashRun plain = run_thrash("ccws");
  const ThrashRun checked = run_thrash("ccws", true);
  ASSERT_EQ(plain.out.issues.size(), checked.out.issues.size());
  for (std::size_t i = 0; i < plain.out.issues.size(); ++i) {
    ASSERT_EQ(plain.out.issues[i].cycle, checked.out.issues[i].cycle) << "issue " << i;
    ASSERT_EQ(plain.out.issues[i].warp, checked.out.issues[i].warp) << "issue " << i;
  }
}

}  // namespace
}  // namespace warpsim
