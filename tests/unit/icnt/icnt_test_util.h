#pragma once

// Mock SMs and L2 slices around one Crossbar, all on one clock.

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "icnt/crossbar.h"
#include "mem/packet.h"
#include "sim/simulation.h"

namespace warpsim::test {

template <class Msg>
struct Got {
  std::uint64_t cycle = 0;
  Msg msg{};
};

// Sends scripted messages (in cycle order, retrying while its link refuses), receives
// everything from its input link from cycle `accept_from` on, and may answer what it receives
// after `delay` cycles.
template <class In, class Out>
class Endpoint : public Component {
 public:
  using Respond = std::function<std::optional<Out>(const In&)>;

  Endpoint(Simulation& sim, std::string path, ClockDomainId clock)
      : Component(sim, std::move(path), clock) {}

  void connect(Link<Out>* out, Link<In>* in) {
    out_ = out;
    in_ = in;
  }
  void send_at(std::uint64_t cycle, const Out& msg) { pending_.emplace(cycle, msg); }
  void respond(Respond fn, std::uint64_t delay) {
    respond_ = std::move(fn);
    delay_ = delay;
  }
  void accept_from(std::uint64_t cycle) { accept_from_ = cycle; }
  // Takes at most one message per `cycles` cycles (0: all that are visible).
  void accept_every(std::uint64_t cycles) { every_ = cycles; }

  Wake tick(Cycle c) override {
    const std::uint64_t now = c.value();
    const bool may_take = every_ == 0 || last_take_ == kNeverCycle || now >= last_take_ + every_;
    if (now >= accept_from_ && may_take) {
      while (in_->ready()) {
        In msg = in_->pop();
        last_take_ = now;
        received.push_back(Got<In>{now, msg});
        if (!respond_) continue;
        if (std::optional<Out> answer = respond_(msg)) pending_.emplace(now + delay_, *answer);
        if (every_ != 0) break;
      }
    }
    while (!pending_.empty() && pending_.begin()->first <= now) {
      Out msg = pending_.begin()->second;
      if (!out_->try_send(msg)) break;  // the link wakes us when it can take it
      sent.push_back(Got<Out>{now, msg});
      pending_.erase(pending_.begin());
    }
    std::uint64_t next = kNeverCycle;
    if (!pending_.empty() && pending_.begin()->first > now) next = pending_.begin()->first;
    if (now < accept_from_) next = std::min(next, accept_from_);
    if (every_ != 0 && in_->size() > 0 && last_take_ != kNeverCycle) {
      next = std::min(next, std::max(last_take_ + every_, now + 1));
    }
    return next == kNeverCycle ? Wake::on_input() : Wake::at(Cycle(next));
  }
  bool has_work() const override { return !pending_.empty(); }

  std::vector<Got<In>> received;
  std::vector<Got<Out>> sent;

 private:
  static constexpr std::uint64_t kNeverCycle = ~std::uint64_t{0};
  Link<Out>* out_ = nullptr;
  Link<In>* in_ = nullptr;
  std::multimap<std::uint64_t, Out> pending_;
  Respond respond_;
  std::uint64_t delay_ = 0;
  std::uint64_t accept_from_ = 0;
  std::uint64_t every_ = 0;
  std::uint64_t last_take_ = kNeverCycle;
};

// Calls `fn` once, at cycle `at`: a look at the model's state in the middle of a run.
class Probe : public Component {
 public:
  Probe(Simulation& sim, std::string path, ClockDomainId clock, std::uint64_t at,
        std::function<void()> fn)
      : Component(sim, std::move(path), clock), at_(at), fn_(std::move(fn)) {}
  Wake tick(Cycle now) override {
    if (now.value() == at_) fn_();
    return now.value() < at_ ? Wake::at(Cycle(at_)) : Wake::on_input();
  }

 private:
  std::uint64_t at_;
  std::function<void()> fn_;
};

using MockSm = Endpoint<MemReply, MemRequest>;
using MockSlice = Endpoint<MemRequest, MemReply>;

// Requests go to slice (addr / 256) % slices.
inline std::uint32_t test_slice_of(Addr addr, std::uint32_t slices) {
  return static_cast<std::uint32_t>((addr / 256) % slices);
}

// One crossbar between `sms` mock SMs and `slices` mock slices; every Link has latency 1 and
// width 1. Crossbar is a template parameter so that a test can count ticks.
template <class Xbar = Crossbar>
struct Bench {
  Bench(bool skip, const CrossbarConfig& config, std::uint32_t sms, std::uint32_t slices,
        std::uint32_t sm_link_capacity = 64, std::uint32_t slice_link_capacity = 64)
      : sim(SimOptions{.skip_idle = skip}) {
    clock = sim.add_clock("icnt", 1000);
    for (std::uint32_t i = 0; i < sms; ++i) {
      sm.push_back(&sim.add<MockSm>("gpu.sm" + std::to_string(i), clock));
    }
    for (std::uint32_t s = 0; s < slices; ++s) {
      slice.push_back(&sim.add<MockSlice>("gpu.slice" + std::to_string(s), clock));
    }
    xbar = &sim.add<Xbar>("gpu.icnt", clock, config, sms, slices,
                          [slices](Addr a) { return test_slice_of(a, slices); });
    for (std::uint32_t i = 0; i < sms; ++i) {
      const std::string n = std::to_string(i);
      auto& req =
          sim.connect<MemRequest>("sm_req" + n, *sm[i], *xbar, LinkParams{sm_link_capacity, 1, 1});
      auto& rep =
          sim.connect<MemReply>("sm_rep" + n, *xbar, *sm[i], LinkParams{sm_link_capacity, 1, 1});
      sm[i]->connect(&req, &rep);
      xbar->connect_sm(i, &req, &rep);
      sm_req.push_back(&req);
    }
    for (std::uint32_t s = 0; s < slices; ++s) {
      const std::string n = std::to_string(s);
      auto& req = sim.connect<MemRequest>("slice_req" + n, *xbar, *slice[s],
                                          LinkParams{slice_link_capacity, 1, 1});
      auto& rep = sim.connect<MemReply>("slice_rep" + n, *slice[s], *xbar,
                                        LinkParams{slice_link_capacity, 1, 1});
      slice[s]->connect(&rep, &req);
      xbar->connect_slice(s, &req, &rep);
      slice_req.push_back(&req);
    }
  }

  std::uint64_t counter(const std::string& path) const {
    return sim.stats().snapshot().counter("icnt." + path);
  }

  Simulation sim;
  ClockDomainId clock = 0;
  std::vector<MockSm*> sm;
  std::vector<MockSlice*> slice;
  std::vector<Link<MemRequest>*> sm_req;
  std::vector<Link<MemRequest>*> slice_req;
  Xbar* xbar = nullptr;
};

inline MemRequest read_request(Addr addr, std::uint32_t sm, std::uint64_t tag,
                               SectorMask sectors = 0xf) {
  return MemRequest{
      .addr = addr, .size = 128, .sectors = sectors, .kind = MemKind::kRead, .sm = sm, .tag = tag};
}

inline MemRequest write_request(Addr addr, std::uint32_t sm, std::uint64_t tag,
                                SectorMask sectors = 0xf) {
  MemRequest r = read_request(addr, sm, tag, sectors);
  r.kind = MemKind::kWrite;
  return r;
}

}  // namespace warpsim::test
