// Link timing at the boundary cycles: latency, capacity, width, freed space, clock crossing.
#include <gtest/gtest.h>

#include "sim/simulation.h"

namespace warpsim {
namespace {

// Tries `attempts[c]` sends at cycle c and records which were accepted.
class Sender : public Component {
 public:
  Sender(Simulation& sim, std::string path, ClockDomainId clock, std::vector<int> attempts)
      : Component(sim, std::move(path), clock), attempts_(std::move(attempts)) {}
  void connect(Link<int>& out) { out_ = &out; }
  Wake tick(Cycle now) override {
    const std::uint64_t c = now.value();
    if (c < attempts_.size()) {
      for (int i = 0; i < attempts_[c]; ++i) {
        const bool ok = out_->try_send(next_);
        results.emplace_back(c, ok);
        if (ok) ++next_;
      }
    }
    return c + 1 < attempts_.size() ? Wake::next_cycle() : Wake::on_input();
  }
  bool has_work() const override { return now().value() + 1 < attempts_.size(); }
  std::vector<std::pair<std::uint64_t, bool>> results;

 private:
  std::vector<int> attempts_;
  Link<int>* out_ = nullptr;
  int next_ = 0;
};

// Pops up to `per_cycle` messages each cycle from cycle `start` on; records (cycle, value).
class Receiver : public Component {
 public:
  Receiver(Simulation& sim, std::string path, ClockDomainId clock, std::uint64_t start,
           int per_cycle)
      : Component(sim, std::move(path), clock), start_(start), per_cycle_(per_cycle) {}
  void connect(Link<int>& in) { in_ = &in; }
  Wake tick(Cycle now) override {
    if (now.value() < start_) return Wake::at(Cycle(start_));
    for (int i = 0; i < per_cycle_ && in_->ready(); ++i) {
      got.emplace_back(now.value(), in_->pop());
    }
    return Wake::on_input();
  }
  std::vector<std::pair<std::uint64_t, int>> got;

 private:
  std::uint64_t start_;
  int per_cycle_;
  Link<int>* in_ = nullptr;
};

struct Bench {
  explicit Bench(bool skip, Picos send_period = 1000, Picos recv_period = 1000)
      : sim(SimOptions{.skip_idle = skip}) {
    send_clock = sim.add_clock("send", send_period);
    recv_clock = recv_period == send_period ? send_clock : sim.add_clock("recv", recv_period);
  }
  Simulation sim;
  ClockDomainId send_clock = 0;
  ClockDomainId recv_clock = 0;
};

class LinkTiming : public ::testing::TestWithParam<bool> {};

TEST_P(LinkTiming, MessageVisibleExactlyAfterLatency) {
  for (std::uint32_t latency : {1u, 2u, 5u}) {
    Bench b(GetParam());
    std::vector<int> attempts(4, 0);
    attempts[3] = 1;  // one send at cycle 3
    auto& tx = b.sim.add<Sender>("gpu.tx", b.send_clock, attempts);
    auto& rx = b.sim.add<Receiver>("gpu.rx", b.recv_clock, 0, 1);
    auto& link = b.sim.connect<int>("l", tx, rx, LinkParams{4, latency, 1});
    tx.connect(link);
    rx.connect(link);
    b.sim.run_until_quiescent();
    ASSERT_EQ(rx.got.size(), 1u) << "latency " << latency;
    // Visible at 3 + latency, not one cycle earlier.
    EXPECT_EQ(rx.got[0].first, 3 + latency) << "latency " << latency;
  }
}

TEST_P(LinkTiming, CapacityRefusesTheNextMessage) {
  Bench b(GetParam());
  auto& tx = b.sim.add<Sender>("gpu.tx", b.send_clock, std::vector<int>{1, 1, 1, 1, 1, 1});
  auto& rx = b.sim.add<Receiver>("gpu.rx", b.recv_clock, 1'000'000, 1);  // pops far too late
  auto& link = b.sim.connect<int>("l", tx, rx, LinkParams{3, 1, 1});
  tx.connect(link);
  rx.connect(link);
  b.sim.run([&] { return tx.results.size() == 6; });
  ASSERT_EQ(tx.results.size(), 6u);
  for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(tx.results[i].second, i < 3) << "attempt " << i;
  EXPECT_EQ(link.size(), 3u);
  EXPECT_EQ(b.sim.stats().snapshot().counter("links.l.refused_full"), 1u);  // one episode
}

TEST_P(LinkTiming, WidthLimitsSendsPerCycle) {
  Bench b(GetParam());
  auto& tx = b.sim.add<Sender>("gpu.tx", b.send_clock, std::vector<int>{3, 3});
  auto& rx = b.sim.add<Receiver>("gpu.rx", b.recv_clock, 0, 10);
  auto& link = b.sim.connect<int>("l", tx, rx, LinkParams{16, 1, 2});
  tx.connect(link);
  rx.connect(link);
  b.sim.run_until_quiescent();
  const std::vector<std::pair<std::uint64_t, bool>> expected = {{0, true}, {0, true}, {0, false},
                                                                {1, true}, {1, true}, {1, false}};
  EXPECT_EQ(tx.results, expected);
  const std::vector<std::pair<std::uint64_t, int>> got = {{1, 0}, {1, 1}, {2, 2}, {2, 3}};
  EXPECT_EQ(rx.got, got);
}

TEST_P(LinkTiming, PoppedSpaceIsUsableFromTheNextCycle) {
  Bench b(GetParam());
  // Capacity 1: message 0 sent at 0, visible and popped at 1. The send tried at cycle 1
  // must be refused (the pop happened in the same instant); the one at cycle 2 accepted.
  auto& rx = b.sim.add<Receiver>("gpu.rx", b.recv_clock, 0, 1);  // lower id: runs first
  auto& tx = b.sim.add<Sender>("gpu.tx", b.send_clock, std::vector<int>{1, 1, 1});
  auto& link = b.sim.connect<int>("l", tx, rx, LinkParams{1, 1, 1});
  tx.connect(link);
  rx.connect(link);
  b.sim.run_until_quiescent();
  const std::vector<std::pair<std::uint64_t, bool>> expected = {{0, true}, {1, false}, {2, true}};
  EXPECT_EQ(tx.results, expected);
  const std::vector<std::pair<std::uint64_t, int>> got = {{1, 0}, {3, 1}};
  EXPECT_EQ(rx.got, got);
}

TEST_P(LinkTiming, CrossingClockDomainsRoundsUpToTheReceiverEdge) {
  Bench b(GetParam(), /*send_period=*/1000, /*recv_period=*/300);
  std::vector<int> attempts(6, 0);
  attempts[5] = 1;  // sent at t = 5000 ps
  auto& tx = b.sim.add<Sender>("gpu.tx", b.send_clock, attempts);
  auto& rx = b.sim.add<Receiver>("gpu.rx", b.recv_clock, 0, 1);
  auto& link = b.sim.connect<int>("l", tx, rx, LinkParams{2, 2, 1});
  tx.connect(link);
  rx.connect(link);
  b.sim.run_until_quiescent();
  // Visible from 5000 + 2 * 1000 = 7000 ps; the receiver's first edge at or after it is
  // 7200 ps = receiver cycle 24 (cycle 23 is 6900 ps, too early).
  ASSERT_EQ(rx.got.size(), 1u);
  EXPECT_EQ(rx.got[0].first, 24u);
}

INSTANTIATE_TEST_SUITE_P(SkipAndNoSkip, LinkTiming, ::testing::Bool());

TEST(Link, ZeroLatencyCapacityOrWidthIsRejected) {
  Simulation sim;
  const auto c = sim.add_clock("core", 1000);
  auto& tx = sim.add<Sender>("gpu.tx", c, std::vector<int>{});
  auto& rx = sim.add<Receiver>("gpu.rx", c, 0, 1);
  EXPECT_THROW(sim.connect<int>("a", tx, rx, LinkParams{1, 0, 1}), std::invalid_argument);
  EXPECT_THROW(sim.connect<int>("b", tx, rx, LinkParams{0, 1, 1}), std::invalid_argument);
  EXPECT_THROW(sim.connect<int>("c", tx, rx, LinkParams{1, 1, 0}), std::invalid_argument);
}

}  // namespace
}  // namespace warpsim
