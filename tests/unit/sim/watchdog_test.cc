// The deadlock watchdog: no progress for N cycles while work is outstanding is reported with
// the state of every busy component and link.
#include <gtest/gtest.h>

#include "sim/simulation.h"

namespace warpsim {
namespace {

// Claims to have work and asks to run every cycle, but never makes progress (a livelock).
class Spinner : public Component {
 public:
  Spinner(Simulation& sim, std::string path, ClockDomainId clock)
      : Component(sim, std::move(path), clock) {}
  Wake tick(Cycle) override { return Wake::next_cycle(); }
  bool has_work() const override { return true; }
  std::string describe_state() const override { return "spinning on a lock"; }
};

// Claims to have work but goes to sleep waiting for input that never comes.
class Sleeper : public Component {
 public:
  Sleeper(Simulation& sim, std::string path, ClockDomainId clock)
      : Component(sim, std::move(path), clock) {}
  Wake tick(Cycle) override { return Wake::on_input(); }
  bool has_work() const override { return true; }
  std::string describe_state() const override { return "waiting for a reply"; }
};

// Passes messages from `in` to `out`, holding at most one; has work while holding one.
class Relay : public Component {
 public:
  Relay(Simulation& sim, std::string path, ClockDomainId clock, bool seed_message)
      : Component(sim, std::move(path), clock), holding_(seed_message) {}
  void connect(Link<int>& in, Link<int>& out) {
    in_ = &in;
    out_ = &out;
  }
  Wake tick(Cycle) override {
    if (holding_) {
      int msg = 1;
      if (out_->try_send(msg)) holding_ = false;
    }
    if (!holding_ && in_->ready()) {
      in_->pop();
      holding_ = true;
    }
    return Wake::on_input();
  }
  bool has_work() const override { return holding_; }
  std::string describe_state() const override { return holding_ ? "holding 1" : "empty"; }

 private:
  bool holding_;
  Link<int>* in_ = nullptr;
  Link<int>* out_ = nullptr;
};

TEST(Watchdog, FiresAfterNCyclesWithoutProgress) {
  for (bool skip : {true, false}) {
    Simulation sim(SimOptions{.skip_idle = skip, .watchdog_cycles = 500});
    const auto core = sim.add_clock("core", 1000);
    sim.add<Spinner>("gpu.sm[0]", core);
    try {
      sim.run_until_quiescent();
      FAIL() << "expected a deadlock report";
    } catch (const DeadlockError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("no progress for"), std::string::npos) << what;
      EXPECT_NE(what.find("gpu.sm[0] (core cycle 500): spinning on a lock"), std::string::npos)
          << what;
    }
  }
}

TEST(Watchdog, ReportsWorkThatNothingWillEverWake) {
  Simulation sim(SimOptions{.skip_idle = true, .watchdog_cycles = 500});
  const auto core = sim.add_clock("core", 1000);
  sim.add<Sleeper>("gpu.l2[1]", core);
  try {
    sim.run_until_quiescent();
    FAIL() << "expected a deadlock report";
  } catch (const DeadlockError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("nothing is scheduled"), std::string::npos) << what;
    EXPECT_NE(what.find("gpu.l2[1]"), std::string::npos) << what;
    EXPECT_NE(what.find("waiting for a reply"), std::string::npos) << what;
  }
}

TEST(Watchdog, CircularWaitOnFullLinksIsReportedWithTheLinks) {
  for (bool skip : {true, false}) {
    Simulation sim(SimOptions{.skip_idle = skip, .watchdog_cycles = 200});
    const auto core = sim.add_clock("core", 1000);
    // Two relays that each hold a message and each feed a full link into the other.
    auto& a = sim.add<Relay>("gpu.a", core, true);
    auto& b = sim.add<Relay>("gpu.b", core, true);
    auto& ab = sim.connect<int>("a_to_b", a, b, LinkParams{1, 1, 1});
    auto& ba = sim.connect<int>("b_to_a", b, a, LinkParams{1, 1, 1});
    int filler = 0;
    // Fill both links before the first tick so neither relay can ever send.
    ASSERT_TRUE(ab.try_send(filler));
    ASSERT_TRUE(ba.try_send(filler));
    a.connect(ba, ab);
    b.connect(ab, ba);
    EXPECT_THROW(
        {
          try {
            sim.run_until_quiescent();
          } catch (const DeadlockError& e) {
            const std::string what = e.what();
            EXPECT_NE(what.find("link a_to_b: 1 of 1"), std::string::npos) << what;
            EXPECT_NE(what.find("gpu.b"), std::string::npos) << what;
            throw;
          }
        },
        DeadlockError);
  }
}

TEST(Watchdog, QuietRunDoesNotFire) {
  Simulation sim(SimOptions{.skip_idle = true, .watchdog_cycles = 10});
  const auto core = sim.add_clock("core", 1000);
  auto& a = sim.add<Relay>("gpu.a", core, false);
  auto& b = sim.add<Relay>("gpu.b", core, false);
  auto& ab = sim.connect<int>("a_to_b", a, b, LinkParams{1, 1, 1});
  auto& ba = sim.connect<int>("b_to_a", b, a, LinkParams{1, 1, 1});
  a.connect(ba, ab);
  b.connect(ab, ba);
  EXPECT_NO_THROW(sim.run_until_quiescent());
}

}  // namespace
}  // namespace warpsim
