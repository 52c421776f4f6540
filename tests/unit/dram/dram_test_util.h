#pragma once

// A DRAM channel on its own: a scripted stand-in for the L2 slices on one side (it sends
// requests at given cycles and records the cycle each reply reaches it), a trivial address
// mapping, and configs written as YAML. One clock, 1 ns per DRAM cycle, links of latency 1,
// so a reply whose data ends at cycle D is seen by the L2 at cycle D + 1.

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "dram/dram_channel.h"
#include "dram/dram_config.h"
#include "mem/address_mapping.h"
#include "sim/registry.h"
#include "sim/schema.h"
#include "sim/simulation.h"

namespace warpsim::test {

// addr = row << 16 | bank << 12 | column: 16 banks of 4 KiB rows; bank group = bank % groups.
class TestMapping final : public AddressMapping {
 public:
  explicit TestMapping(std::uint32_t groups) : groups_(groups) {}
  DramCoord decode(Addr addr) const override {
    DramCoord c;
    c.bank = static_cast<std::uint32_t>((addr >> 12) & 15);
    c.bank_group = c.bank % groups_;
    c.row = addr >> 16;
    c.column = static_cast<std::uint32_t>(addr & 0xfff);
    c.local = addr;
    return c;
  }
  // One channel, one slice: the local address is the address.
  Addr global(Addr local, std::uint32_t /*channel*/, std::uint32_t /*slice*/) const override {
    return local;
  }

 private:
  std::uint32_t groups_;
};

inline Addr address(std::uint32_t bank, std::uint64_t row, std::uint32_t column = 0) {
  return (row << 16) | (Addr{bank} << 12) | column;
}

inline MemRequest request(MemKind kind, std::uint32_t bank, std::uint64_t row, std::uint64_t tag,
                          std::uint32_t bytes = 64) {
  MemRequest r;
  r.addr = address(bank, row);
  r.size = bytes;
  r.sectors = sectors_of(r.addr, r.addr, bytes);
  r.kind = kind;
  r.tag = tag;
  return r;
}
inline MemRequest read(std::uint32_t bank, std::uint64_t row, std::uint64_t tag,
                       std::uint32_t bytes = 64) {
  return request(MemKind::kRead, bank, row, tag, bytes);
}
inline MemRequest write(std::uint32_t bank, std::uint64_t row, std::uint64_t tag,
                        std::uint32_t bytes = 64) {
  return request(MemKind::kWrite, bank, row, tag, bytes);
}

struct Scripted {
  std::uint64_t cycle = 0;  // first cycle the L2 tries to send it
  std::uint32_t port = 0;
  MemRequest request;
};

struct Seen {
  std::uint64_t cycle = 0;
  std::uint32_t port = 0;
  std::uint64_t tag = 0;
  bool operator==(const Seen&) const = default;
};

// Sends its script in order (a refused request is retried when the link has room; later ones
// wait behind it) and pops every reply the cycle it becomes visible.
class MockL2 : public Component {
 public:
  MockL2(Simulation& sim, std::string path, ClockDomainId clock, std::vector<Scripted> script,
         std::uint32_t ports)
      : Component(sim, std::move(path), clock),
        script_(std::move(script)),
        out_(ports),
        in_(ports) {}

  void connect(std::uint32_t port, Link<MemRequest>* to_dram, Link<MemReply>* from_dram) {
    out_[port] = to_dram;
    in_[port] = from_dram;
  }

  Wake tick(Cycle now) override {
    const std::uint64_t c = now.value();
    for (std::uint32_t p = 0; p < in_.size(); ++p) {
      while (in_[p]->ready()) seen.push_back(Seen{c, p, in_[p]->pop().tag});
    }
    while (next_ < script_.size() && script_[next_].cycle <= c) {
      MemRequest r = script_[next_].request;
      if (!out_[script_[next_].port]->try_send(r)) return Wake::on_input();
      sent_at.push_back(c);
      ++next_;
    }
    return next_ < script_.size() ? Wake::at(Cycle(script_[next_].cycle)) : Wake::on_input();
  }
  bool has_work() const override { return next_ < script_.size(); }

  // Cycle at which the reply with `tag` reached the L2 (0 if none did).
  std::uint64_t reply_cycle(std::uint64_t tag) const {
    for (const Seen& s : seen) {
      if (s.tag == tag) return s.cycle;
    }
    return 0;
  }
  std::size_t replies_by(std::uint64_t cycle) const {
    std::size_t n = 0;
    for (const Seen& s : seen) n += s.cycle <= cycle ? 1 : 0;
    return n;
  }

  std::vector<Seen> seen;
  std::vector<std::uint64_t> sent_at;

 private:
  std::vector<Scripted> script_;
  std::vector<Link<MemRequest>*> out_;
  std::vector<Link<MemReply>*> in_;
  std::size_t next_ = 0;
};

// The `dram` section resolved from YAML text (a map in flow or block style, without the
// `dram:` key); absent keys take the schema's defaults.
inline DramConfig dram_config_from(const std::string& yaml) {
  SectionSpec root;
  root.sections = {dram_section()};
  ConfigNode raw = ConfigNode::map();
  raw.set("dram", ConfigNode::parse_string(yaml, "test.yaml"));
  return read_dram_config(resolve_config(raw, root, PolicyRegistry::global()).at("dram"));
}

// The config the hand computations in these tests use: every timing distinct, so that each
// expected cycle shows which constraint produced it. One burst = 64 B / 32 B = 2 cycles.
// `changes` overrides keys: "queue" for the section, "timing.cl" for a timing.
inline DramConfig test_config(const std::map<std::string, std::string>& changes = {}) {
  std::map<std::string, std::string> top = {{"banks", "16"},        {"bank_groups", "4"},
                                            {"bus_bytes", "32"},    {"burst_bytes", "64"},
                                            {"queue", "16"},        {"return_queue", "16"},
                                            {"row_policy", "open"}, {"dual_command_bus", "false"}};
  std::map<std::string, std::string> timing = {
      {"cl", "7"},    {"cwl", "3"},   {"rcd", "5"},   {"rcd_wr", "4"},
      {"rp", "6"},    {"ras", "13"},  {"rc", "19"},   {"ccd_s", "3"},
      {"ccd_l", "5"}, {"rrd_s", "3"}, {"rrd_l", "7"}, {"faw", "20"},
      {"wr", "8"},    {"wtr", "4"},   {"rtp", "3"},   {"rw_turnaround", "2"},
      {"refi", "0"},  {"rfc", "50"}};
  for (const auto& [key, value] : changes) {
    if (key.starts_with("timing.")) {
      timing[key.substr(7)] = value;
    } else {
      top[key] = value;
    }
  }
  std::string yaml = "{";
  for (const auto& [key, value] : top) yaml += key + ": " + value + ", ";
  yaml += "timing: {";
  const char* separator = "";
  for (const auto& [key, value] : timing) {
    yaml += separator + key + ": " + value;
    separator = ", ";
  }
  yaml += "}}";
  return dram_config_from(yaml);
}

struct DramBench {
  DramBench(const DramConfig& config, std::vector<Scripted> script, bool skip = true,
            std::uint32_t ports = 1, LinkParams to_dram = {16, 1, 4}, LinkParams to_l2 = {16, 1, 4})
      : sim(SimOptions{.skip_idle = skip}), mapping(config.bank_groups) {
    const ClockDomainId clock = sim.add_clock("dram", 1000);
    l2 = &sim.add<MockL2>("gpu.l2", clock, std::move(script), ports);
    dram = &sim.add<DramChannel>("gpu.dram", clock, config, mapping, 0, ports);
    for (std::uint32_t p = 0; p < ports; ++p) {
      auto& req = sim.connect<MemRequest>("to_dram" + std::to_string(p), *l2, *dram, to_dram);
      auto& rep = sim.connect<MemReply>("to_l2" + std::to_string(p), *dram, *l2, to_l2);
      l2->connect(p, &req, &rep);
      dram->connect(p, &req, &rep);
    }
  }

  void run() { sim.run_until_quiescent(); }
  std::uint64_t stat(const std::string& name) const {
    return sim.stats().snapshot().counter("dram." + name);
  }
  std::uint64_t reply(std::uint64_t tag) const { return l2->reply_cycle(tag); }

  Simulation sim;
  TestMapping mapping;
  MockL2* l2 = nullptr;
  DramChannel* dram = nullptr;
};

// The reply with `tag` is not at the L2 at cycle x - 1 and is at cycle x.
inline void expect_reply_at(const DramBench& b, std::uint64_t tag, std::uint64_t x) {
  const std::uint64_t got = b.reply(tag);
  EXPECT_NE(got, 0u) << "no reply for tag " << tag;
  EXPECT_FALSE(got != 0 && got <= x - 1) << "tag " << tag << " already at cycle " << x - 1;
  EXPECT_EQ(got, x) << "tag " << tag;
}

}  // namespace warpsim::test
