#pragma once

// One L2 slice on its own, between a scripted stand-in for the crossbar (it sends requests at
// given cycles and records the cycle each reply reaches it) and a stand-in for the DRAM channel
// (it answers every request except write-backs a fixed number of cycles after it sees it).
// Everything runs on one clock of 1 ns, and the address mapping is the identity (one channel,
// one slice: the local address is the address).
//
// Links (latency in sender cycles):
//   crossbar -> slice   latency 1        slice -> crossbar  latency 1
//   slice -> DRAM       latency `to_dram_latency` (the builder's l2.dram_latency link)
//   DRAM -> slice       latency 1
// A message sent in cycle t over a link of latency k is seen by the receiver in cycle t + k.

#include <cstdint>
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "../icnt/icnt_test_util.h"
#include "cache/l2_slice.h"
#include "mem/address_mapping.h"
#include "sim/registry.h"
#include "sim/schema.h"
#include "sim/simulation.h"

namespace warpsim::test {

class IdentityMapping final : public AddressMapping {
 public:
  DramCoord decode(Addr addr) const override {
    DramCoord c;
    c.local = addr;
    return c;
  }
  Addr global(Addr local, std::uint32_t /*channel*/, std::uint32_t /*slice*/) const override {
    return local;
  }
};

// The `l2` section resolved from a YAML flow map ("{size: 4KiB, ways: 4}").
inline ConfigNode resolve_l2_section(const std::string& flow_map) {
  const SectionSpec root{.sections = {l2_section()}};
  const ConfigNode raw = ConfigNode::parse_string("l2: " + flow_map + "\n", "test.yaml");
  return resolve_config(raw, root, PolicyRegistry::global()).at("l2");
}

struct L2BenchOptions {
  bool skip = true;
  std::uint32_t to_dram_latency = 5;
  std::uint32_t dram_delay = 20;  // DRAM cycles from seeing a request to sending its reply
  LinkParams to_slice{64, 1, 1};  // crossbar -> slice
  LinkParams to_icnt{64, 1, 4};   // slice -> crossbar
  std::uint32_t to_dram_capacity = 64;
  std::uint32_t to_dram_width = 4;
};

using MockXbar = Endpoint<MemReply, MemRequest>;
using MockDram = Endpoint<MemRequest, MemReply>;

struct L2Bench {
  L2Bench(const std::string& l2_flow_map, const L2BenchOptions& o = {})
      : section(resolve_l2_section(l2_flow_map)),
        config(read_l2_config(section)),
        sim(SimOptions{.skip_idle = o.skip}) {
    const ClockDomainId clock = sim.add_clock("l2", 1000);
    xbar = &sim.add<MockXbar>("gpu.icnt", clock);
    slice = &sim.add<L2Slice>("gpu.l2", clock, config, section, mapping, 0, 0, 1);
    dram = &sim.add<MockDram>("gpu.dram", clock);
    auto& req = sim.connect<MemRequest>("icnt_to_l2", *xbar, *slice, o.to_slice);
    auto& rep = sim.connect<MemReply>("l2_to_icnt", *slice, *xbar, o.to_icnt);
    auto& to_dram =
        sim.connect<MemRequest>("l2_to_dram", *slice, *dram,
                                LinkParams{o.to_dram_capacity, o.to_dram_latency, o.to_dram_width});
    auto& from_dram = sim.connect<MemReply>("dram_to_l2", *dram, *slice, LinkParams{64, 1, 4});
    xbar->connect(&req, &rep);
    slice->connect(&req, &rep, &to_dram, &from_dram);
    dram->connect(&from_dram, &to_dram);
    dram->respond(
        [](const MemRequest& r) {
          return r.writeback ? std::nullopt : std::optional<MemReply>(reply_to(r));
        },
        o.dram_delay);
  }

  // A request from SM 0 for `sectors` of the 128-byte line at `addr`.
  void send(std::uint64_t cycle, MemKind kind, Addr addr, std::uint64_t tag,
            SectorMask sectors = 0xf, bool writeback = false, std::uint32_t ops = 0) {
    xbar->send_at(cycle, MemRequest{.addr = addr,
                                    .size = 128,
                                    .sectors = sectors,
                                    .kind = kind,
                                    .writeback = writeback,
                                    .sm = 0,
                                    .tag = tag,
                                    .ops = ops});
  }
  void read(std::uint64_t cycle, Addr addr, std::uint64_t tag, SectorMask sectors = 0xf) {
    send(cycle, MemKind::kRead, addr, tag, sectors);
  }

  void run() { sim.run_until_quiescent(); }

  // Cycle at which the reply with `tag` reached the crossbar; nullopt if none did.
  std::optional<std::uint64_t> reply(std::uint64_t tag) const {
    std::optional<std::uint64_t> at;
    for (const auto& got : xbar->received) {
      if (got.msg.tag != tag) continue;
      EXPECT_FALSE(at.has_value()) << "two replies for tag " << tag;
      at = got.cycle;
    }
    return at;
  }
  std::uint64_t stat(const std::string& name) const {
    return sim.stats().snapshot().counter("l2." + name);
  }

  IdentityMapping mapping;  // outlives the slice, which keeps a reference
  ConfigNode section;
  L2SliceConfig config;
  Simulation sim;
  MockXbar* xbar = nullptr;
  L2Slice* slice = nullptr;
  MockDram* dram = nullptr;
};

// The reply with `tag` had not reached the crossbar by cycle x - 1 and reached it at cycle x.
inline void expect_reply_at(const L2Bench& b, std::uint64_t tag, std::uint64_t x) {
  const std::optional<std::uint64_t> got = b.reply(tag);
  ASSERT_TRUE(got.has_value()) << "no reply for tag " << tag;
  EXPECT_GT(*got, x - 1) << "tag " << tag << " already there at cycle " << x - 1;
  EXPECT_EQ(*got, x) << "tag " << tag;
}

}  // namespace warpsim::test
