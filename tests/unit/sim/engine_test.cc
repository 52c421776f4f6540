// Engine behaviour on the toy pipeline: idle skipping changes no statistic, identical runs
// are identical, and two Simulations live side by side in one process.
#include <thread>

#include <gtest/gtest.h>

#include "../../support/toy_pipeline.h"

namespace warpsim {
namespace {

class SkipEquivalence : public ::testing::TestWithParam<std::uint64_t> {};

TEST_P(SkipEquivalence, SkipAndNoSkipGiveBitIdenticalStats) {
  const std::uint64_t seed = GetParam();
  const auto skipped = toy::run_pipeline(seed, 400, 6, /*skip_idle=*/true);
  const auto ticked = toy::run_pipeline(seed, 400, 6, /*skip_idle=*/false);
  EXPECT_EQ(skipped.received, 400u);
  EXPECT_EQ(ticked.received, 400u);
  EXPECT_EQ(skipped.run.end_time, ticked.run.end_time);
  EXPECT_EQ(skipped.stats_json, ticked.stats_json);
  // Skipping must actually skip: far fewer component ticks than ticking every edge.
  EXPECT_LT(skipped.run.ticks * 2, ticked.run.ticks);
}

INSTANTIATE_TEST_SUITE_P(Seeds, SkipEquivalence, ::testing::Values(1, 2, 3, 7, 42, 1234, 99991));

TEST(Engine, IdenticalRunsAreIdentical) {
  const auto a = toy::run_pipeline(5, 300, 4, true);
  const auto b = toy::run_pipeline(5, 300, 4, true);
  EXPECT_EQ(a.run.end_time, b.run.end_time);
  EXPECT_EQ(a.run.ticks, b.run.ticks);
  EXPECT_EQ(a.stats_json, b.stats_json);
  // A different seed is a different run; the comparison above is not vacuous.
  const auto c = toy::run_pipeline(6, 300, 4, true);
  EXPECT_NE(a.stats_json, c.stats_json);
}

TEST(Engine, TwoSimulationsCoexistInOneProcess) {
  const auto alone_a = toy::run_pipeline(11, 200, 5, true);
  const auto alone_b = toy::run_pipeline(12, 250, 3, true);
  toy::PipelineResult a;
  toy::PipelineResult b;
  std::thread ta([&] { a = toy::run_pipeline(11, 200, 5, true); });
  std::thread tb([&] { b = toy::run_pipeline(12, 250, 3, true); });
  ta.join();
  tb.join();
  EXPECT_EQ(a.stats_json, alone_a.stats_json);
  EXPECT_EQ(b.stats_json, alone_b.stats_json);
  EXPECT_EQ(b.received, 250u);
}

TEST(Engine, InterleavedSimulationsDoNotShareState) {
  Simulation first;
  Simulation second;
  first.add_clock("core", 1000);
  second.add_clock("core", 500);
  EXPECT_EQ(first.engine().clock(0).period, 1000u);
  EXPECT_EQ(second.engine().clock(0).period, 500u);
  EXPECT_NE(&first.stats(), &second.stats());
}

// Records the cycles it is ticked at and asks for a fixed wake-up pattern.
class Recorder : public Component {
 public:
  Recorder(Simulation& sim, std::string path, ClockDomainId clock, std::vector<Wake> plan)
      : Component(sim, std::move(path), clock), plan_(std::move(plan)) {}
  Wake tick(Cycle now) override {
    seen.push_back(now.value());
    return step_ < plan_.size() ? plan_[step_++] : Wake::on_input();
  }
  bool has_work() const override { return step_ < plan_.size(); }
  std::vector<std::uint64_t> seen;

 private:
  std::vector<Wake> plan_;
  std::size_t step_ = 0;
};

TEST(Engine, WakeKindsScheduleExactly) {
  Simulation sim;
  const auto core = sim.add_clock("core", 1000);
  auto& r = sim.add<Recorder>("gpu.r", core,
                              std::vector<Wake>{Wake::next_cycle(), Wake::at(Cycle(10)),
                                                Wake::at(Cycle(3)), Wake::on_input()});
  sim.run_until_quiescent();
  // 0 → next (1) → at 10 → at 3 is in the past, so next cycle (11) → sleeps for good.
  EXPECT_EQ(r.seen, (std::vector<std::uint64_t>{0, 1, 10, 11}));
}

TEST(Engine, ComponentsOnDifferentClocksRunOnTheirOwnEdges) {
  Simulation sim;
  const auto fast = sim.add_clock("fast", 300);
  const auto slow = sim.add_clock("slow", 1000);
  auto& f = sim.add<Recorder>("gpu.f", fast, std::vector<Wake>(5, Wake::next_cycle()));
  auto& s = sim.add<Recorder>("gpu.s", slow, std::vector<Wake>(2, Wake::next_cycle()));
  sim.run_until_quiescent();
  // Each plan is used up by its last tick, after which the run is quiescent: the fast
  // clock's five ticks fall at 0..1200 ps, the slow clock's two at 0 and 1000 ps.
  EXPECT_EQ(f.seen, (std::vector<std::uint64_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(s.seen, (std::vector<std::uint64_t>{0, 1}));
  EXPECT_EQ(sim.now(), 1200u);
}

}  // namespace
}  // namespace warpsim
