#pragma once
// A toy pipeline for engine tests and benchmarks: a source, a chain of stages in several
// clock domains with pseudo-random per-message latencies and bounded slots, and a sink,
// joined by Links with assorted latency, capacity and width. Every random choice is a pure
// function of (seed, message, stage), never of how often a component was ticked, so skip
// and no-skip runs must agree exactly.

#include <algorithm>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "sim/simulation.h"

namespace warpsim::toy {

inline std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

struct Msg {
  std::uint64_t id = 0;
  Picos born = 0;
};

class Source : public Component {
 public:
  Source(Simulation& sim, std::string path, ClockDomainId clock, std::uint64_t seed,
         std::uint64_t count)
      : Component(sim, std::move(path), clock),
        emitted_(stats().counter("emitted", "messages", "messages sent downstream")) {
    std::uint64_t due = 0;
    for (std::uint64_t i = 0; i < count; ++i) {
      due += mix(seed ^ (i * 7919)) % 4;  // bursts (gap 0) and pauses
      due_.push_back(due);
    }
  }
  void connect(Link<Msg>& out) { out_ = &out; }

  Wake tick(Cycle now) override {
    while (next_ < due_.size() && due_[next_] <= now.value()) {
      if (!out_->try_send(Msg{next_, sim().now()})) return Wake::on_input();
      emitted_.inc();
      ++next_;
    }
    return next_ < due_.size() ? Wake::at(Cycle(due_[next_])) : Wake::on_input();
  }
  bool has_work() const override { return next_ < due_.size(); }
  std::string describe_state() const override {
    return fmt::format("{} of {} sent", next_, due_.size());
  }

 private:
  Link<Msg>* out_ = nullptr;
  std::vector<std::uint64_t> due_;
  std::size_t next_ = 0;
  Counter& emitted_;
};

class Stage : public Component {
 public:
  Stage(Simulation& sim, std::string path, ClockDomainId clock, std::uint64_t seed,
        std::uint32_t slots, std::uint32_t max_latency)
      : Component(sim, std::move(path), clock),
        seed_(seed),
        slots_(slots),
        max_latency_(max_latency),
        processed_(stats().counter("processed", "messages", "messages passed on")),
        held_(stats().time_weighted("held", "messages", "messages inside the stage")),
        latency_(stats().histogram("latency", "cycles", "cycles from arrival to leaving",
                                   HistogramSpec{HistogramSpec::Scale::kLinear, 2, 16})) {}
  void connect(Link<Msg>& in, Link<Msg>& out) {
    in_ = &in;
    out_ = &out;
  }

  Wake tick(Cycle now) override {
    send_finished(now);
    accept_arrivals(now);
    if (!held_msgs_.empty() && held_msgs_.front().done > now.value()) {
      return Wake::at(Cycle(held_msgs_.front().done));
    }
    return Wake::on_input();
  }
  bool has_work() const override { return !held_msgs_.empty(); }
  std::string describe_state() const override {
    return fmt::format("{} held, head done at {}", held_msgs_.size(),
                       held_msgs_.empty() ? 0 : held_msgs_.front().done);
  }

 private:
  struct Held {
    Msg msg;
    std::uint64_t arrived;
    std::uint64_t done;
  };

  void send_finished(Cycle now) {
    while (!held_msgs_.empty() && held_msgs_.front().done <= now.value()) {
      if (!out_->try_send(held_msgs_.front().msg)) return;
      latency_.sample(now.value() - held_msgs_.front().arrived);
      held_msgs_.pop_front();
      processed_.inc();
      held_.set(static_cast<double>(held_msgs_.size()));
    }
  }
  void accept_arrivals(Cycle now) {
    while (held_msgs_.size() < slots_ && in_->ready()) {
      Msg msg = in_->pop();
      const std::uint64_t lat = 1 + mix(seed_ ^ (msg.id << 8)) % max_latency_;
      // In order: a message never finishes before the one ahead of it.
      const std::uint64_t done =
          std::max(now.value() + lat, held_msgs_.empty() ? 0 : held_msgs_.back().done);
      held_msgs_.push_back(Held{msg, now.value(), done});
      held_.set(static_cast<double>(held_msgs_.size()));
    }
  }

  std::uint64_t seed_;
  std::uint32_t slots_;
  std::uint32_t max_latency_;
  Link<Msg>* in_ = nullptr;
  Link<Msg>* out_ = nullptr;
  std::deque<Held> held_msgs_;
  Counter& processed_;
  TimeWeighted& held_;
  Histogram& latency_;
};

class Sink : public Component {
 public:
  Sink(Simulation& sim, std::string path, ClockDomainId clock, std::uint32_t per_cycle)
      : Component(sim, std::move(path), clock),
        per_cycle_(per_cycle),
        received_(stats().counter("received", "messages", "messages that left the pipeline")),
        transit_(stats().histogram("transit", "ps", "time from source to sink",
                                   HistogramSpec{HistogramSpec::Scale::kLog2, 1, 24})) {}
  void connect(Link<Msg>& in) { in_ = &in; }

  Wake tick(Cycle) override {
    for (std::uint32_t i = 0; i < per_cycle_ && in_->ready(); ++i) {
      const Msg msg = in_->pop();
      transit_.sample(sim().now() - msg.born);
      received_.inc();
    }
    return in_->ready() ? Wake::next_cycle() : Wake::on_input();
  }
  std::uint64_t received() const { return received_.value(); }

 private:
  std::uint32_t per_cycle_;
  Link<Msg>* in_ = nullptr;
  Counter& received_;
  Histogram& transit_;
};

struct PipelineResult {
  RunResult run;
  std::uint64_t received = 0;
  std::string stats_json;
};

// Builds and runs a pipeline of `stages` stages over three clock domains.
inline PipelineResult run_pipeline(std::uint64_t seed, std::uint64_t messages, int stages,
                                   bool skip_idle) {
  Simulation sim(SimOptions{.skip_idle = skip_idle, .watchdog_cycles = 100'000, .root = "gpu"});
  const std::vector<ClockDomainId> clocks = {
      sim.add_clock("core", 1000), sim.add_clock("icnt", 700), sim.add_clock("dram", 1250)};
  auto& source = sim.add<Source>("gpu.source", clocks[0], seed, messages);
  std::vector<Stage*> chain;
  for (int s = 0; s < stages; ++s) {
    const std::uint64_t r = mix(seed + 101 * static_cast<std::uint64_t>(s));
    chain.push_back(&sim.add<Stage>(fmt::format("gpu.stage[{}]", s), clocks[r % 3], r,
                                    1 + static_cast<std::uint32_t>(r % 5),
                                    1 + static_cast<std::uint32_t>((r >> 8) % 20)));
  }
  auto& sink =
      sim.add<Sink>("gpu.sink", clocks[seed % 3], 1 + static_cast<std::uint32_t>(seed % 2));
  std::vector<Link<Msg>*> links;
  const Component* from = &source;
  for (int s = 0; s <= stages; ++s) {
    const Component* to = s < stages ? static_cast<const Component*>(chain[s]) : &sink;
    const std::uint64_t r = mix(seed * 31 + static_cast<std::uint64_t>(s));
    const LinkParams params{1 + static_cast<std::uint32_t>(r % 4),
                            1 + static_cast<std::uint32_t>((r >> 4) % 6),
                            1 + static_cast<std::uint32_t>((r >> 12) % 2)};
    links.push_back(&sim.connect<Msg>(fmt::format("l{}", s), *from, *to, params));
    from = to;
  }
  source.connect(*links[0]);
  for (int s = 0; s < stages; ++s) chain[s]->connect(*links[s], *links[s + 1]);
  sink.connect(*links.back());

  PipelineResult result;
  result.run = sim.run_until_quiescent();
  result.received = sink.received();
  result.stats_json = sim.stats().snapshot().to_json().dump(1);
  return result;
}

}  // namespace warpsim::toy
