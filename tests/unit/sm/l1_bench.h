#pragma once

// A bench for the SM's L1 side (src/sm/l1_path.*): an L1Path driven by a small host component
// the way the LD/ST unit drives it (replies first, then new requests, then cycle()), in front of
// a mock memory that answers every request a fixed number of cycles after it sees it. Links of
// latency 1 both ways. Optionally with translation (an L1 TLB and the shared L2 TLB).

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "../icnt/icnt_test_util.h"
#include "sim/simulation.h"
#include "sm/l1_path.h"
#include "sm_test_util.h"
#include "tlb/tlb.h"
#include "tlb/tlb_config.h"

namespace warpsim::test {

// Owns an L1Path and plays the LD/ST unit's part: pushes scripted requests when the path can
// take them, records the cycle each tag completes, and sleeps as the SM would (next cycle while
// the path needs it, else its next event or input).
class L1Host : public Component {
 public:
  L1Host(Simulation& sim, std::string path, ClockDomainId clock, const ConfigNode& sm_node,
         TlbUnit* tlb = nullptr)
      : Component(sim, std::move(path), clock), l1_(sm_node, 0, 4, stats(), tlb) {}

  void connect(Link<MemRequest>* out, Link<MemReply>* in) {
    out_ = out;
    in_ = in;
  }
  void push_at(std::uint64_t cycle, const MemRequest& r, L1Target target) {
    script_.emplace(cycle, std::pair{r, target});
  }
  std::uint32_t line_of(L1Target t) const { return l1_.line_of(t); }

  Wake tick(Cycle now) override {
    const std::uint64_t c = now.value();
    done_.clear();
    while (in_->ready()) l1_.on_reply(in_->pop(), now, done_);
    while (!script_.empty() && script_.begin()->first <= c && l1_.can_accept()) {
      l1_.push(script_.begin()->second.first, script_.begin()->second.second, now);
      script_.erase(script_.begin());
    }
    l1_.cycle(now, *out_, done_);
    for (std::uint64_t tag : done_) {
      EXPECT_FALSE(completed.contains(tag)) << "tag " << tag << " completed twice";
      completed[tag] = c;
    }
    if (l1_.needs_next_cycle()) return Wake::next_cycle();
    if (!script_.empty() && script_.begin()->first <= c) return Wake::next_cycle();
    std::uint64_t next = l1_.next_event(now);
    if (!script_.empty()) next = std::min(next, script_.begin()->first);
    return next == kNever ? Wake::on_input() : Wake::at(Cycle(next));
  }
  bool has_work() const override { return !script_.empty() || !l1_.idle(); }

  std::map<std::uint64_t, std::uint64_t> completed;  // tag -> cycle

 private:
  L1Path l1_;
  Link<MemRequest>* out_ = nullptr;
  Link<MemReply>* in_ = nullptr;
  std::multimap<std::uint64_t, std::pair<MemRequest, L1Target>> script_;
  std::vector<std::uint64_t> done_;
};

using MockMemory = test::Endpoint<MemRequest, MemReply>;

constexpr std::uint64_t kMemDelay = 30;  // the mock memory's answer delay
// A request that leaves the L1 in cycle t is seen by memory at t + 1, answered at
// t + 1 + kMemDelay and seen by the L1 at t + 2 + kMemDelay, which completes it then.
constexpr std::uint64_t kRoundTrip = 2 + kMemDelay;

struct L1Bench {
  // With `translate`, the path has an L1 TLB in front of an L2 TLB, both from the config's
  // `tlb` section (which must enable translation); their stats are gpu.l1_tlb and gpu.l2_tlb.
  L1Bench(const std::string& preset, bool skip, std::vector<std::string> sets = {},
          bool translate = false)
      : config(timing_config(preset, one_sm(std::move(sets)))), sim(SimOptions{.skip_idle = skip}) {
    const ClockDomainId clock = sim.add_clock("core", 1000);
    if (translate) {
      shared_tlb = std::make_unique<SharedTlb>(read_tlb_config(config.at("tlb")),
                                               sim.stat_group("gpu.l2_tlb"));
      tlb = std::make_unique<TlbUnit>(*shared_tlb, 0, sim.stat_group("gpu.l1_tlb"));
    }
    host = &sim.add<L1Host>("gpu.sm", clock, config.at("sm"), tlb.get());
    memory = &sim.add<MockMemory>("gpu.memory", clock);
    auto& req = sim.connect<MemRequest>("to_mem", *host, *memory, LinkParams{16, 1, 4});
    auto& rep = sim.connect<MemReply>("to_sm", *memory, *host, LinkParams{64, 1, 64});
    host->connect(&req, &rep);
    memory->connect(&rep, &req);
    memory->respond(
        [](const MemRequest& r) {
          return r.writeback ? std::nullopt : std::optional<MemReply>(reply_to(r));
        },
        kMemDelay);
  }

  // `kind` of sector 0 of the target's line holding `addr`.
  void push(std::uint64_t cycle, Addr addr, std::uint64_t tag, L1Target target = L1Target::kData,
            MemKind kind = MemKind::kRead) {
    const std::uint32_t line = host->line_of(target);
    host->push_at(cycle,
                  MemRequest{.addr = addr / line * line,
                             .size = line,
                             .sectors = 0x1,
                             .kind = kind,
                             .sm = 0,
                             .tag = tag},
                  target);
  }
  void run() { sim.run_until_quiescent(); }
  std::uint64_t done(std::uint64_t tag) const {
    const auto it = host->completed.find(tag);
    EXPECT_NE(it, host->completed.end()) << "tag " << tag << " never completed";
    return it == host->completed.end() ? 0 : it->second;
  }
  std::uint64_t stat(const std::string& path) const {
    return sim.stats().snapshot().counter("sm." + path);
  }
  std::uint32_t cfg(const char* cache, const char* key) const {
    return static_cast<std::uint32_t>(config.at("sm").at(cache).at(key).as_uint());
  }

  std::uint64_t gpu_stat(const std::string& path) const {
    return sim.stats().snapshot().counter(path);
  }

  ConfigNode config;
  Simulation sim;
  std::unique_ptr<SharedTlb> shared_tlb;  // before the TLB, which refers to it
  std::unique_ptr<TlbUnit> tlb;
  L1Host* host = nullptr;
  MockMemory* memory = nullptr;
};

}  // namespace warpsim::test
