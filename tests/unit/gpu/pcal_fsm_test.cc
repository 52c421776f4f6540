// Dynamic PCAL's control unit (gpu/pcal_fsm.h): every transition of Init, Hill-Climbing,
// Parallel-Voting and Stable, and the phase detector, on hand-made samples. Defaults: up 1.10,
// down 0.97, phase change 20% held 2 samples, NoC threshold 60, stall threshold 0.30.

#include "gpu/pcal_fsm.h"

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

namespace warpsim {
namespace {

using State = PcalFsm::State;

// A quiet network and memory pipeline with throttled warps: Init's way to Hill-Climbing.
PcalSample calm(double ipc, std::vector<double> sm_ipc = {}) {
  return PcalSample{.ipc = ipc,
                    .l1_miss = 0.5,
                    .l2_miss = 0.2,
                    .noc_latency = 40,
                    .stall_ratio = 0.1,
                    .throttled = true,
                    .sm_ipc = std::move(sm_ipc)};
}

std::vector<std::int32_t> all(std::int32_t ebt, std::size_t sms = 4) {
  return std::vector<std::int32_t>(sms, ebt);
}

TEST(PcalFsm, InitClimbsWhenTheNetworkIsCalmAndWarpsAreThrottled) {
  PcalFsm fsm({}, 4);
  EXPECT_EQ(fsm.state(), State::kInit);
  EXPECT_EQ(fsm.ebts(), all(0));
  EXPECT_TRUE(fsm.on_sample(calm(100)));
  EXPECT_EQ(fsm.state(), State::kHillClimb);
  EXPECT_EQ(fsm.ebts(), all(1));
}

TEST(PcalFsm, InitVotesWhenAResourceIsSaturatedOrNothingIsThrottled) {
  PcalFsmParams p;
  p.vote = {0, -1, -2};
  PcalSample busy_noc = calm(100);
  busy_noc.noc_latency = 61;
  PcalSample stalled = calm(100);
  stalled.stall_ratio = 0.31;
  PcalSample free = calm(100);
  free.throttled = false;
  for (const PcalSample& s : {busy_noc, stalled, free}) {
    PcalFsm fsm(p, 4);
    EXPECT_TRUE(fsm.on_sample(s));
    EXPECT_EQ(fsm.state(), State::kVote);
    // SM i runs the (i mod 3)-th candidate.
    EXPECT_EQ(fsm.ebts(), (std::vector<std::int32_t>{0, -1, -2, 0}));
  }
}

TEST(PcalFsm, HillClimbingAddsAWarpWhileIpcRisesByMoreThanTenPercent) {
  PcalFsm fsm({}, 4);
  fsm.on_sample(calm(100));               // EBTNum 1
  EXPECT_TRUE(fsm.on_sample(calm(111)));  // > 1.10 x 100: EBTNum 2, climb on
  EXPECT_EQ(fsm.state(), State::kHillClimb);
  EXPECT_EQ(fsm.ebts(), all(2));
  EXPECT_FALSE(fsm.on_sample(calm(115)));  // 115 < 1.10 x 111 and >= 0.97 x 111: keep, Stable
  EXPECT_EQ(fsm.state(), State::kStable);
  EXPECT_EQ(fsm.ebts(), all(2));
}

TEST(PcalFsm, HillClimbingStepsBackWhenIpcFalls) {
  PcalFsm fsm({}, 4);
  fsm.on_sample(calm(100));
  fsm.on_sample(calm(120));               // EBTNum 2
  EXPECT_TRUE(fsm.on_sample(calm(116)));  // < 0.97 x 120 = 116.4: EBTNum 1, Stable
  EXPECT_EQ(fsm.state(), State::kStable);
  EXPECT_EQ(fsm.ebts(), all(1));
}

TEST(PcalFsm, HillClimbingStopsAtMaxEbtAndWhenNoWarpIsThrottled) {
  PcalFsmParams p;
  p.max_ebt = 2;
  PcalFsm capped(p, 2);
  capped.on_sample(calm(100));
  capped.on_sample(calm(120));  // EBTNum 2 = max_ebt
  EXPECT_FALSE(capped.on_sample(calm(150)));
  EXPECT_EQ(capped.state(), State::kStable);
  EXPECT_EQ(capped.ebts(), all(2, 2));
  PcalFsm drained({}, 2);
  drained.on_sample(calm(100));
  PcalSample none_held = calm(150);
  none_held.throttled = false;  // every warp issues already: nothing to add
  EXPECT_FALSE(drained.on_sample(none_held));
  EXPECT_EQ(drained.state(), State::kStable);
  EXPECT_EQ(drained.ebts(), all(1, 2));
}

TEST(PcalFsm, VotingGivesEverySmTheCandidateWithTheBestMeanIpc) {
  PcalFsmParams p;
  p.vote = {0, -1, -2};
  PcalFsm fsm(p, 5);  // SMs run 0, -1, -2, 0, -1
  PcalSample busy = calm(100);
  busy.noc_latency = 100;
  fsm.on_sample(busy);
  // Means: 0 -> (10 + 30) / 2 = 20; -1 -> (25 + 21) / 2 = 23; -2 -> 22.
  EXPECT_TRUE(fsm.on_sample(calm(100, {10, 25, 22, 30, 21})));
  EXPECT_EQ(fsm.state(), State::kStable);
  EXPECT_EQ(fsm.ebts(), all(-1, 5));
  // A tie goes to the candidate listed first.
  PcalFsm tie(p, 3);
  tie.on_sample(busy);
  tie.on_sample(calm(100, {5, 7, 7}));
  EXPECT_EQ(tie.ebts(), all(-1, 3));
}

TEST(PcalFsm, StableHoldsUntilAPhaseChangeLastsTwoSamplesThenRestartsAtZero) {
  PcalFsm fsm({}, 2);
  fsm.on_sample(calm(100));  // Hill-Climbing at 1
  fsm.on_sample(calm(100));  // no gain: Stable at 1
  ASSERT_EQ(fsm.state(), State::kStable);
  EXPECT_FALSE(fsm.on_sample(calm(105)));  // within 20% of 100
  EXPECT_FALSE(fsm.on_sample(calm(104)));  // within 20%
  EXPECT_FALSE(fsm.on_sample(calm(150)));  // > 20% from 104: the change begins
  EXPECT_FALSE(fsm.on_sample(calm(104)));  // back: a transient, no phase
  EXPECT_EQ(fsm.phases(), 0u);
  EXPECT_FALSE(fsm.on_sample(calm(60)));  // > 20% below 104, once
  EXPECT_TRUE(fsm.on_sample(calm(62)));   // and again: a new phase
  EXPECT_EQ(fsm.phases(), 1u);
  EXPECT_EQ(fsm.state(), State::kInit);
  EXPECT_EQ(fsm.ebts(), all(0, 2));
}

TEST(PcalFsm, MissRatioChangesAlsoMakeAPhase) {
  PcalFsm fsm({}, 2);
  fsm.on_sample(calm(100));
  fsm.on_sample(calm(100));  // Stable
  fsm.on_sample(calm(100));
  PcalSample more_misses = calm(100);
  more_misses.l2_miss = 0.5;  // 0.2 -> 0.5
  fsm.on_sample(more_misses);
  EXPECT_TRUE(fsm.on_sample(more_misses));
  EXPECT_EQ(fsm.state(), State::kInit);
}

}  // namespace
}  // namespace warpsim
