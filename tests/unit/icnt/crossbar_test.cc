// Crossbar timing at the boundary cycles: zero-load latency by packet size, serialization
// bandwidth, round-robin arbitration, head-of-line blocking, back-pressure, conservation,
// idle sleeping and skip == no-skip. Every Link in these benches has latency 1, so a request
// sent by an SM at cycle s is taken by the crossbar at s + 1, and a packet the crossbar sends
// at cycle t is visible to its receiver at t + 1.
#include <cstdint>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "icnt_test_util.h"

namespace warpsim {
namespace {

using test::Bench;
using test::read_request;
using test::write_request;

// Hand computations below use 32-byte flits and a 5-cycle crossing latency.
CrossbarConfig config(std::uint32_t input_buffer = 8, std::uint32_t output_buffer = 16) {
  return CrossbarConfig{.flit_bytes = 32,
                        .latency = 5,
                        .input_buffer = input_buffer,
                        .output_buffer = output_buffer,
                        .request_header_bytes = 8,
                        .reply_header_bytes = 8};
}

// The same with two L2 partitions, far_latency 10.
CrossbarConfig two_partitions() {
  CrossbarConfig c = config();
  c.partitions = 2;
  c.far_latency = 10;
  return c;
}

class CrossbarTiming : public ::testing::TestWithParam<bool> {};

// Sent at cycle 0, taken and granted at 1, ceil(bytes / 32) flits, arrival 5 cycles after the
// last flit, seen one cycle later: visible at 1 + flits + 5 + 1.
TEST_P(CrossbarTiming, RequestLatencyByPacketSize) {
  struct Case {
    const char* what;
    MemRequest request;
    std::uint32_t bytes;
    std::uint64_t visible;
  };
  const std::vector<Case> cases = {
      {"read request: 8 B, 1 flit", read_request(0, 0, 1), 8, 8},
      {"128-byte write: 8 + 128 = 136 B, 5 flits", write_request(0, 0, 2), 136, 12},
      {"32-byte write: 8 + 32 = 40 B, 2 flits", write_request(0, 0, 3, 0x1), 40, 9},
      {"64-byte write: 8 + 64 = 72 B, 3 flits", write_request(0, 0, 4, 0x3), 72, 10},
  };
  for (const Case& c : cases) {
    Bench<> b(GetParam(), config(), 1, 1);
    EXPECT_EQ(b.xbar->packet_bytes(c.request), c.bytes) << c.what;
    b.sm[0]->send_at(0, c.request);
    b.sim.run_until_quiescent();
    ASSERT_EQ(b.slice[0]->received.size(), 1u) << c.what;
    // The receiver pops as soon as the packet is visible, so this is the first cycle it was:
    // not one cycle earlier.
    EXPECT_EQ(b.slice[0]->received[0].cycle, c.visible) << c.what;
    EXPECT_EQ(b.counter("request.latency_sum"), c.visible - 2)
        << c.what;  // taken at 1, sent at visible - 1
    EXPECT_EQ(b.counter("request.bytes"), c.bytes) << c.what;
  }
}

TEST_P(CrossbarTiming, ReplyLatencyByPacketSize) {
  struct Case {
    const char* what;
    MemReply reply;
    std::uint64_t visible;
  };
  const std::vector<Case> cases = {
      {"read reply, 4 sectors: 136 B, 5 flits", reply_to(read_request(0, 0, 1)), 12},
      {"read reply, 1 sector: 40 B, 2 flits", reply_to(read_request(0, 0, 2, 0x1)), 9},
      {"write ack: 8 B, 1 flit", reply_to(write_request(0, 0, 3)), 8},
  };
  for (const Case& c : cases) {
    Bench<> b(GetParam(), config(), 1, 1);
    b.slice[0]->send_at(0, c.reply);
    b.sim.run_until_quiescent();
    ASSERT_EQ(b.sm[0]->received.size(), 1u) << c.what;
    EXPECT_EQ(b.sm[0]->received[0].cycle, c.visible) << c.what;
  }
}

// Ten 136-byte writes from one SM to one slice: the output is busy 5 cycles per packet, so
// they are granted at 1, 6, 11, ... and seen at 12 + 5k.
TEST_P(CrossbarTiming, SerializationLimitsBandwidth) {
  Bench<> b(GetParam(), config(), 1, 1);
  for (std::uint64_t k = 0; k < 10; ++k) b.sm[0]->send_at(k, write_request(0, 0, k));
  b.sim.run_until_quiescent();
  ASSERT_EQ(b.slice[0]->received.size(), 10u);
  for (std::uint64_t k = 0; k < 10; ++k) {
    EXPECT_EQ(b.slice[0]->received[k].cycle, 12 + 5 * k) << "packet " << k;
    EXPECT_EQ(b.slice[0]->received[k].msg.tag, k);
  }
  EXPECT_EQ(b.counter("request.slice[0].busy_cycles"), 50u);
  EXPECT_EQ(b.counter("request.sm[0].busy_cycles"), 50u);
  EXPECT_EQ(b.counter("request.slice[0].packets"), 10u);
  EXPECT_EQ(b.counter("request.bytes"), 1360u);
  EXPECT_EQ(b.counter("request.conflicts"), 0u);
}

// Two SMs each send three 136-byte writes to slice 0 at cycles 0, 1, 2. Each grant takes the
// output for 5 cycles; the pointer starts at SM 0 and moves past every winner, so the grants
// alternate 0, 1, 0, 1, 0, 1 at cycles 1, 6, ..., 26. All but the last grant had a loser.
// Every packet after the first waits exactly one other packet's 5 cycles with its port free.
TEST_P(CrossbarTiming, TwoInputsToOneOutputAlternate) {
  Bench<> b(GetParam(), config(), 2, 1);
  for (std::uint32_t sm = 0; sm < 2; ++sm) {
    for (std::uint64_t k = 0; k < 3; ++k) b.sm[sm]->send_at(k, write_request(0, sm, 10 * sm + k));
  }
  b.sim.run_until_quiescent();
  const auto& got = b.slice[0]->received;
  ASSERT_EQ(got.size(), 6u);
  const std::vector<std::uint64_t> tags = {0, 10, 1, 11, 2, 12};
  for (std::size_t k = 0; k < got.size(); ++k) {
    EXPECT_EQ(got[k].msg.tag, tags[k]) << "packet " << k;
    EXPECT_EQ(got[k].cycle, 12 + 5 * k) << "packet " << k;
  }
  EXPECT_EQ(b.counter("request.conflicts"), 5u);
  EXPECT_EQ(b.counter("request.slice[0].conflicts"), 5u);
  EXPECT_EQ(b.counter("request.stall_cycles"), 25u);
  EXPECT_EQ(b.counter("request.sm[0].stall_cycles"), 10u);
  EXPECT_EQ(b.counter("request.sm[1].stall_cycles"), 15u);
}

// SM 1's write holds slice 0 during cycles 1-5. SM 0's read for slice 0 (taken at 2) waits
// for it, and SM 0's read for the idle slice 1 (taken at 3) waits behind that: granted at 6
// and 7, seen at 6+1+5+1 = 13 and 7+1+5+1 = 14 instead of 3+1+5+1 = 10.
TEST_P(CrossbarTiming, HeadOfLineBlocking) {
  Bench<> b(GetParam(), config(), 2, 2);
  b.sm[1]->send_at(0, write_request(0, 1, 100));
  b.sm[0]->send_at(1, read_request(0, 0, 1));    // slice 0
  b.sm[0]->send_at(2, read_request(256, 0, 2));  // slice 1
  b.sim.run_until_quiescent();
  ASSERT_EQ(b.slice[0]->received.size(), 2u);
  ASSERT_EQ(b.slice[1]->received.size(), 1u);
  EXPECT_EQ(b.slice[0]->received[0].cycle, 12u);  // the write: granted at 1, 5 flits
  EXPECT_EQ(b.slice[0]->received[1].cycle, 13u);
  EXPECT_EQ(b.slice[1]->received[0].cycle, 14u);
  EXPECT_EQ(b.slice[1]->received[0].msg.tag, 2u);
  EXPECT_EQ(b.counter("request.sm[0].stall_cycles"), 4u);  // the head, cycles 2-5
  EXPECT_EQ(b.counter("request.slice[1].conflicts"), 0u);
}

// The slice takes nothing before cycle 20 and its link holds one packet. Reads sent at 0, 1, 2
// arrive at the output at 7, 8, 9; the first leaves at 7 and is popped at 20, so the link
// takes the second at 21 (seen and popped at 22) and the third at 23 (seen at 24).
TEST_P(CrossbarTiming, OutputLinkBackPressure) {
  Bench<> b(GetParam(), config(), 1, 1, 64, 1);
  b.slice[0]->accept_from(20);
  for (std::uint64_t k = 0; k < 3; ++k) b.sm[0]->send_at(k, read_request(0, 0, k));
  b.sim.run_until_quiescent();
  const auto& got = b.slice[0]->received;
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[0].cycle, 20u);
  EXPECT_EQ(got[1].cycle, 22u);
  EXPECT_EQ(got[2].cycle, 24u);
  // Ready at 8, left at 21; ready at 22 (one packet per cycle), left at 23.
  EXPECT_EQ(b.counter("request.slice[0].blocked_cycles"), 14u);
  EXPECT_EQ(b.counter("request.blocked_cycles"), 14u);
}

// An output drains a backlog at one packet per cycle. The slice link holds 4 and the slice
// takes nothing before cycle 20: reads sent at 0-5 arrive at the output at 7-12, the link takes
// 7-10, the slice pops those four at 20, and the output sends the other two at 21 and 22.
TEST_P(CrossbarTiming, OutputDrainsOnePacketPerCycle) {
  Bench<> b(GetParam(), config(), 1, 1, 64, 4);
  b.slice[0]->accept_from(20);
  for (std::uint64_t k = 0; k < 6; ++k) b.sm[0]->send_at(k, read_request(0, 0, k));
  b.sim.run_until_quiescent();
  std::vector<std::uint64_t> cycles;
  for (const auto& got : b.slice[0]->received) cycles.push_back(got.cycle);
  EXPECT_EQ(cycles, (std::vector<std::uint64_t>{20, 20, 20, 20, 22, 23}));
  EXPECT_EQ(b.counter("request.blocked_cycles"), 10u);  // packet 4: ready at 11, left at 21
}

// Back-pressure all the way to the SM: input buffer 2, output buffer 1, slice link 1, SM link
// 4, and a slice that takes nothing before cycle 1000. Packet 0 leaves the crossbar at 7 and
// fills the slice link; packet 1 is granted at 7 (when packet 0 left the output buffer) and
// stays in the output buffer; packets 2 and 3 fill the input buffer; packets 4-7 fill the SM
// link; 8 and 9 stay in the SM. Then everything drains, in order.
TEST_P(CrossbarTiming, InputBufferPushesBackOnTheSender) {
  Bench<> b(GetParam(), config(2, 1), 1, 1, 4, 1);
  b.slice[0]->accept_from(1000);
  for (std::uint64_t k = 0; k < 10; ++k) b.sm[0]->send_at(k, read_request(0, 0, k));
  bool probed = false;
  b.sim.add<test::Probe>("gpu.probe", b.clock, 100, [&] {
    probed = true;
    EXPECT_EQ(b.sm[0]->sent.size(), 8u);
    EXPECT_EQ(b.sm_req[0]->size(), 4u);
    EXPECT_EQ(b.slice_req[0]->size(), 1u);
    EXPECT_TRUE(b.xbar->has_work());
    EXPECT_EQ(b.counter("request.sm[0].packets"), 2u);  // granted: packets 0 and 1
  });
  b.sim.run_until_quiescent();
  EXPECT_TRUE(probed);
  ASSERT_EQ(b.slice[0]->received.size(), 10u);
  for (std::uint64_t k = 0; k < 10; ++k) EXPECT_EQ(b.slice[0]->received[k].msg.tag, k);
  EXPECT_FALSE(b.xbar->has_work());
}

// A crossbar that counts its own ticks.
class CountingCrossbar : public Crossbar {
 public:
  using Crossbar::Crossbar;
  Wake tick(Cycle now) override {
    ++ticks;
    return Crossbar::tick(now);
  }
  std::uint64_t ticks = 0;
};

// With idle skipping the crossbar runs only at its first edge, when the read becomes
// visible (1) and when it arrives at the output (1 + 1 + 5 = 7); then it sleeps.
TEST(CrossbarSleep, WakesOnlyForEvents) {
  Bench<CountingCrossbar> b(true, config(), 2, 2);
  b.sm[0]->send_at(0, read_request(0, 0, 1));
  b.sim.run_until_quiescent();
  EXPECT_EQ(b.xbar->ticks, 3u);
  ASSERT_EQ(b.slice[0]->received.size(), 1u);
  EXPECT_EQ(b.slice[0]->received[0].cycle, 8u);
}

// Two partitions, far_latency 10: SM 0 and slice 0 in one, SM 1 and slice 1 in the other.
// A read from SM 0 to slice 0 is seen at 8 as above; to slice 1 (address 256) ten cycles
// later, and so is slice 1's reply to SM 0.
TEST_P(CrossbarTiming, FarPartitionAddsLatencyEachWay) {
  Bench<> b(GetParam(), two_partitions(), 2, 2);
  b.sm[0]->send_at(0, read_request(0, 0, 1));
  b.sm[0]->send_at(20, read_request(256, 0, 2));
  b.slice[1]->send_at(40, reply_to(read_request(256, 0, 3, 0x1)));
  b.slice[0]->send_at(60, reply_to(read_request(0, 0, 4, 0x1)));
  b.sim.run_until_quiescent();
  ASSERT_EQ(b.slice[0]->received.size(), 1u);
  ASSERT_EQ(b.slice[1]->received.size(), 1u);
  EXPECT_EQ(b.slice[0]->received[0].cycle, 8u);
  EXPECT_EQ(b.slice[1]->received[0].cycle, 20u + 18u);
  ASSERT_EQ(b.sm[0]->received.size(), 2u);
  EXPECT_EQ(b.sm[0]->received[0].cycle, 40u + 19u);  // 40-byte reply: 2 flits, + 10
  EXPECT_EQ(b.sm[0]->received[1].cycle, 60u + 9u);
  EXPECT_EQ(b.counter("request.far_packets"), 1u);
  EXPECT_EQ(b.counter("reply.far_packets"), 1u);
}

// A near packet granted after a far one for the same output arrives, and leaves, first: SM 1's
// read for slice 0 (far) is granted at 1 and arrives at 17; SM 0's, sent a cycle later, is
// granted at 2 and arrives at 8.
TEST_P(CrossbarTiming, NearPacketOvertakesFarOneAtTheOutput) {
  Bench<> b(GetParam(), two_partitions(), 2, 2);
  b.sm[1]->send_at(0, read_request(0, 1, 10));
  b.sm[0]->send_at(1, read_request(0, 0, 20));
  b.sim.run_until_quiescent();
  const auto& got = b.slice[0]->received;
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].msg.tag, 20u);
  EXPECT_EQ(got[0].cycle, 9u);
  EXPECT_EQ(got[1].msg.tag, 10u);
  EXPECT_EQ(got[1].cycle, 18u);
}

INSTANTIATE_TEST_SUITE_P(SkipAndNoSkip, CrossbarTiming, ::testing::Bool());

// Random reads and writes from 4 SMs to 3 slices, each slice answering after 3 cycles; slow
// receivers, small buffers and short links so that every kind of waiting happens.
struct Traffic {
  std::vector<std::tuple<std::uint32_t, std::uint64_t, MemRequest>> sends;  // sm, cycle, request
};

Traffic random_traffic(std::uint32_t sms, std::uint32_t count) {
  std::mt19937_64 rng(12345);
  Traffic t;
  for (std::uint32_t k = 0; k < count; ++k) {
    const auto sm = static_cast<std::uint32_t>(rng() % sms);
    const std::uint64_t cycle = rng() % 100;  // 3 per cycle: more than the slices take
    const Addr addr = (rng() % 64) * 128;
    const auto sectors = static_cast<SectorMask>(1 + rng() % 15);
    MemRequest r =
        rng() % 3 == 0 ? write_request(addr, sm, k, sectors) : read_request(addr, sm, k, sectors);
    t.sends.emplace_back(sm, cycle, r);
  }
  return t;
}

struct Outcome {
  // (receiver, cycle, tag) of every request and reply delivered.
  std::vector<std::tuple<std::uint32_t, std::uint64_t, std::uint64_t>> requests;
  std::vector<std::tuple<std::uint32_t, std::uint64_t, std::uint64_t>> replies;
  std::string stats;
};

Outcome run_traffic(bool skip, const Traffic& traffic) {
  constexpr std::uint32_t kSms = 4;
  constexpr std::uint32_t kSlices = 3;
  Bench<> b(skip, config(2, 7), kSms, kSlices, 2, 2);
  for (auto* slice : b.slice) {
    slice->respond([](const MemRequest& r) { return std::optional<MemReply>(reply_to(r)); }, 3);
    slice->accept_every(2);  // slower than the crossbar can deliver: its links fill up
  }
  for (auto* sm : b.sm) sm->accept_every(3);
  for (const auto& [sm, cycle, request] : traffic.sends) b.sm[sm]->send_at(cycle, request);
  b.sim.run_until_quiescent();
  Outcome out;
  for (std::uint32_t s = 0; s < kSlices; ++s) {
    for (const auto& got : b.slice[s]->received) {
      EXPECT_EQ(test::test_slice_of(got.msg.addr, kSlices), s) << "request " << got.msg.tag;
      out.requests.emplace_back(s, got.cycle, got.msg.tag);
    }
  }
  for (std::uint32_t i = 0; i < kSms; ++i) {
    for (const auto& got : b.sm[i]->received) {
      EXPECT_EQ(got.msg.sm, i) << "reply " << got.msg.tag;
      out.replies.emplace_back(i, got.cycle, got.msg.tag);
    }
  }
  out.stats = b.sim.stats().snapshot().to_json().dump();
  // Conservation and byte counts, computed from the traffic itself.
  std::uint64_t request_bytes = 0;
  std::uint64_t reply_bytes = 0;
  for (const auto& [sm, cycle, r] : traffic.sends) {
    const std::uint64_t data = sector_count(r.sectors) * 32;
    request_bytes += 8 + (r.kind == MemKind::kWrite ? data : 0);
    reply_bytes += 8 + (r.kind == MemKind::kWrite ? 0 : data);
  }
  EXPECT_EQ(b.counter("request.packets"), traffic.sends.size());
  EXPECT_EQ(b.counter("reply.packets"), traffic.sends.size());
  EXPECT_EQ(b.counter("request.bytes"), request_bytes);
  EXPECT_EQ(b.counter("reply.bytes"), reply_bytes);
  std::uint64_t per_port = 0;
  for (std::uint32_t i = 0; i < kSms; ++i) {
    per_port += b.counter("request.sm[" + std::to_string(i) + "].packets");
  }
  EXPECT_EQ(per_port, traffic.sends.size());
  EXPECT_FALSE(b.xbar->has_work());
  // The traffic is heavy enough for every kind of waiting.
  for (const char* net : {"request", "reply"}) {
    EXPECT_GT(b.counter(std::string(net) + ".conflicts"), 0u) << net;
    EXPECT_GT(b.counter(std::string(net) + ".stall_cycles"), 0u) << net;
    EXPECT_GT(b.counter(std::string(net) + ".blocked_cycles"), 0u) << net;
  }
  std::uint64_t refused = 0;
  for (std::uint32_t i = 0; i < kSms; ++i) {
    refused +=
        b.sim.stats().snapshot().counter("links.sm_req" + std::to_string(i) + ".refused_full");
  }
  EXPECT_GT(refused, 0u);  // the crossbar pushed back on the SMs
  return out;
}

TEST(CrossbarTraffic, EveryPacketArrivesOnceAtItsDestination) {
  const Traffic traffic = random_traffic(4, 300);
  const Outcome out = run_traffic(true, traffic);
  ASSERT_EQ(out.requests.size(), 300u);
  ASSERT_EQ(out.replies.size(), 300u);
  std::vector<int> seen_request(300, 0);
  std::vector<int> seen_reply(300, 0);
  for (const auto& [s, cycle, tag] : out.requests) ++seen_request.at(tag);
  for (const auto& [sm, cycle, tag] : out.replies) ++seen_reply.at(tag);
  for (std::size_t k = 0; k < 300; ++k) {
    EXPECT_EQ(seen_request[k], 1) << "request " << k;
    EXPECT_EQ(seen_reply[k], 1) << "reply " << k;
  }
}

TEST(CrossbarTraffic, SkipEqualsNoSkip) {
  const Traffic traffic = random_traffic(4, 300);
  const Outcome skip = run_traffic(true, traffic);
  const Outcome no_skip = run_traffic(false, traffic);
  EXPECT_EQ(skip.requests, no_skip.requests);
  EXPECT_EQ(skip.replies, no_skip.replies);
  EXPECT_EQ(skip.stats, no_skip.stats);
}

}  // namespace
}  // namespace warpsim
