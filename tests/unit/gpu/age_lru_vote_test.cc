// Dynamic-AgeLRU's parallel vote (gpu/age_lru_vote.h) on hand-made samples: the split it starts
// from, both outcomes, idle SMs on either side (the thesis's GESUMMV case, and skip_idle), new
// phases restarting the vote; and the phase detector (gpu/phase_detector.h) it shares with
// dynamic PCAL. Defaults: a phase is a 20% move held for 2 samples.

#include "gpu/age_lru_vote.h"

#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "gpu/phase_detector.h"

namespace warpsim {
namespace {

using State = AgeLruVote::State;

AgeLruVoteSample sample(std::vector<double> sm_ipc, double l1_miss = 0.5) {
  double sum = 0;
  for (double ipc : sm_ipc) sum += ipc;
  return AgeLruVoteSample{.gpu = {.ipc = sum, .l1_miss = l1_miss, .l2_miss = 0.2},
                          .sm_ipc = std::move(sm_ipc)};
}

std::vector<bool> only(std::size_t sm, std::size_t sms = 4) {
  std::vector<bool> v(sms, false);
  v[sm] = true;
  return v;
}

TEST(AgeLruVote, StartsWithTheCandidateAloneOnAgeLru) {
  AgeLruVote vote({}, 4);
  EXPECT_EQ(vote.state(), State::kVote);
  EXPECT_EQ(vote.age_lru(), only(0));
  AgeLruVote other({.phase = {}, .candidate = 2}, 4);
  EXPECT_EQ(other.age_lru(), only(2));
  EXPECT_THROW(AgeLruVote({.phase = {}, .candidate = 4}, 4), std::invalid_argument);
}

TEST(AgeLruVote, AgeLruWinsOnlyWhenItsSmIsFaster) {
  // SM 0 (AgeLRU) at 1.2 against the LRU SMs' mean (1.0 + 1.1 + 0.9) / 3 = 1.0: AgeLRU.
  AgeLruVote win({}, 4);
  EXPECT_TRUE(win.on_sample(sample({1.2, 1.0, 1.1, 0.9})));
  EXPECT_EQ(win.state(), State::kAgeLru);
  EXPECT_EQ(win.age_lru(), std::vector<bool>(4, true));
  // 0.95 against 1.0: LRU everywhere. A tie (1.0) also keeps LRU, the baseline.
  for (double candidate : {0.95, 1.0}) {
    AgeLruVote lose({}, 4);
    EXPECT_TRUE(lose.on_sample(sample({candidate, 1.0, 1.1, 0.9})));
    EXPECT_EQ(lose.state(), State::kLru);
    EXPECT_EQ(lose.age_lru(), std::vector<bool>(4, false));
  }
}

TEST(AgeLruVote, IdleLruSmsDoNotCount) {
  // Two LRU SMs got no CTA: the mean is over SM 1 and SM 2, 1.3, above SM 0's 1.2.
  AgeLruVote vote({}, 4);
  vote.on_sample(sample({1.2, 1.2, 1.4, 0.0}));
  EXPECT_EQ(vote.state(), State::kLru);
  // With idle SMs in the mean it would have been 0.87 and AgeLRU would have won; and with
  // every LRU SM idle, a busy candidate wins.
  AgeLruVote alone({}, 4);
  alone.on_sample(sample({0.5, 0.0, 0.0, 0.0}));
  EXPECT_EQ(alone.state(), State::kAgeLru);
}

TEST(AgeLruVote, AnIdleCandidateVotesLruUnlessSkipIdle) {
  // GESUMMV in the thesis: SM 0 gets no CTA, its IPC is 0 and LRU is chosen.
  AgeLruVote thesis({}, 4);
  thesis.on_sample(sample({0.0, 1.0, 1.0, 1.0}));
  EXPECT_EQ(thesis.state(), State::kLru);
  // skip_idle holds the vote over: nothing changes until the candidate issues.
  AgeLruVote held({.phase = {}, .candidate = 0, .skip_idle = true}, 4);
  EXPECT_FALSE(held.on_sample(sample({0.0, 1.0, 1.0, 1.0})));
  EXPECT_EQ(held.state(), State::kVote);
  EXPECT_EQ(held.age_lru(), only(0));
  EXPECT_TRUE(held.on_sample(sample({1.5, 1.0, 1.0, 1.0})));
  EXPECT_EQ(held.state(), State::kAgeLru);
}

TEST(AgeLruVote, ANewPhaseRestartsTheVote) {
  AgeLruVote vote({}, 4);
  vote.on_sample(sample({1.2, 1.0, 1.0, 1.0}));  // AgeLRU wins; the detector starts afresh
  ASSERT_EQ(vote.state(), State::kAgeLru);
  // Stable samples: no phase. Then the L1D miss ratio moves from 0.5 to 0.8 (60% > 20%): the
  // first such sample starts a move, the second completes it and the vote starts again.
  EXPECT_FALSE(vote.on_sample(sample({1.0, 1.0, 1.0, 1.0})));
  EXPECT_FALSE(vote.on_sample(sample({1.0, 1.0, 1.0, 1.0})));
  EXPECT_FALSE(vote.on_sample(sample({1.0, 1.0, 1.0, 1.0}, 0.8)));
  EXPECT_EQ(vote.state(), State::kAgeLru);
  EXPECT_TRUE(vote.on_sample(sample({1.0, 1.0, 1.0, 1.0}, 0.8)));
  EXPECT_EQ(vote.state(), State::kVote);
  EXPECT_EQ(vote.age_lru(), only(0));
  EXPECT_EQ(vote.phases(), 1u);
  // This time LRU wins.
  EXPECT_TRUE(vote.on_sample(sample({0.8, 1.0, 1.0, 1.0}, 0.8)));
  EXPECT_EQ(vote.state(), State::kLru);
}

TEST(PhaseDetector, AMoveMustHoldForTheGivenSamples) {
  PhaseDetector d({.change = 0.2, .floor = 0.05, .periods = 2});
  EXPECT_FALSE(d.on_sample({.ipc = 1.0}));
  EXPECT_FALSE(d.on_sample({.ipc = 1.1}));  // 10%: no move
  EXPECT_FALSE(d.on_sample({.ipc = 1.5}));  // 36% above 1.1: a move starts
  EXPECT_FALSE(d.on_sample({.ipc = 1.1}));  // back: the move is dropped
  EXPECT_FALSE(d.on_sample({.ipc = 1.5}));
  EXPECT_TRUE(d.on_sample({.ipc = 1.6}));  // held against 1.1 for 2 samples
  EXPECT_EQ(d.phases(), 1u);
  // Small ratios move against the floor: 20% of max(old, 0.05) is 0.01.
  d.restart();
  EXPECT_FALSE(d.on_sample({.ipc = 1.6, .l2_miss = 0.0}));
  EXPECT_FALSE(d.on_sample({.ipc = 1.6, .l2_miss = 0.005}));  // 0.005 <= 0.2 x 0.05
  EXPECT_FALSE(d.on_sample({.ipc = 1.6, .l2_miss = 0.02}));   // 0.015 > 0.01: a move
  EXPECT_TRUE(d.on_sample({.ipc = 1.6, .l2_miss = 0.02}));
}

}  // namespace
}  // namespace warpsim
