// Cycle-exact behaviour of one L2 slice between a mock crossbar and a mock DRAM channel
// (l2_slice_test_util.h): hit, miss and MSHR-merge latencies, atomics, write-backs, in-order
// blocking on reservation failures (each cause), response-queue back-pressure, the sequential
// prefetcher, and skip == no-skip. Every timed test runs with idle skipping on and off.
//
// The hand computations use these terms (a request the crossbar sends in cycle s):
//   s + 1                 the slice sees it (link latency 1) and queues it
//   a = s + 1 + kLatency  it accesses the cache (l2.latency, the ROP pipeline)
//   hit:  a + kHit        the reply leaves; the crossbar sees it one cycle later
//   miss: a               the fetch leaves for DRAM, which sees it at a + kToDram, answers at
//                         a + kToDram + kDram; the slice sees the fill one cycle later and sends
//                         the reply in that cycle (a fill pays no hit latency); the crossbar
//                         sees it one cycle after that.
// So a hit reaches the crossbar at s + kHitTotal and a miss at s + kMissTotal.

#include <cstdint>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "l2_slice_test_util.h"

namespace warpsim {
namespace {

using test::expect_reply_at;
using test::L2Bench;
using test::L2BenchOptions;

constexpr std::uint64_t kLatency = 10;                        // l2.latency
constexpr std::uint64_t kHit = 3;                             // l2.hit_latency
constexpr std::uint64_t kAtomic = 7;                          // l2.atomic_latency
constexpr std::uint64_t kToDram = 5;                          // slice -> DRAM link latency
constexpr std::uint64_t kDram = 20;                           // mock DRAM delay
constexpr std::uint64_t kHitTotal = 1 + kLatency + kHit + 1;  // 15
constexpr std::uint64_t kMissTotal = 1 + kLatency + kToDram + kDram + 1 + 1;  // 38

// 4 KiB, 4 ways, 128-byte lines of four 32-byte sectors: 8 sets (set = addr / 128 mod 8).
// `changes` ("mshrs: 1, ways: 1") replaces or adds keys.
std::string slice_config(const std::string& changes = "") {
  std::map<std::string, std::string> keys = {{"size", "4KiB"},
                                             {"line", "128"},
                                             {"sector", "32"},
                                             {"ways", "4"},
                                             {"hit_latency", std::to_string(kHit)},
                                             {"latency", std::to_string(kLatency)},
                                             {"atomic_latency", std::to_string(kAtomic)}};
  std::istringstream in(changes);
  std::string item;
  while (std::getline(in, item, ',')) {
    const std::size_t colon = item.find(':');
    const auto trim = [](std::string t) {
      t.erase(0, t.find_first_not_of(' '));
      t.erase(t.find_last_not_of(' ') + 1);
      return t;
    };
    keys[trim(item.substr(0, colon))] = trim(item.substr(colon + 1));
  }
  std::string yaml = "{";
  for (const auto& [key, value] : keys) yaml += (yaml.size() > 1 ? ", " : "") + key + ": " + value;
  return yaml + "}";
}

L2BenchOptions options(bool skip) {
  L2BenchOptions o;
  o.skip = skip;
  o.to_dram_latency = kToDram;
  o.dram_delay = kDram;
  return o;
}

std::vector<Addr> dram_addresses(const L2Bench& b) {
  std::vector<Addr> out;
  for (const auto& got : b.dram->received) out.push_back(got.msg.addr);
  return out;
}

class L2SliceTiming : public ::testing::TestWithParam<bool> {
 protected:
  L2BenchOptions opts() const { return options(GetParam()); }
};

TEST_P(L2SliceTiming, ReadHitRepliesAfterLatencyPlusHitLatency) {
  L2Bench b(slice_config(), opts());
  b.read(0, 0x1000, 1);         // miss: fills the line
  b.read(100, 0x1000, 2);       // hit
  b.read(101, 0x1000, 3, 0xc);  // hit (sectors 2..3 only)
  b.run();
  expect_reply_at(b, 1, kMissTotal);
  expect_reply_at(b, 2, 100 + kHitTotal);
  expect_reply_at(b, 3, 101 + kHitTotal);
  EXPECT_EQ(b.stat("hits"), 2u);
  EXPECT_EQ(b.stat("misses"), 1u);
  EXPECT_EQ(b.stat("requests"), 3u);
  EXPECT_EQ(b.dram->received.size(), 1u);
}

TEST_P(L2SliceTiming, ReadMissRepliesWhenTheFillArrives) {
  for (std::uint32_t delay : {20u, 57u}) {
    SCOPED_TRACE(delay);
    L2BenchOptions o = opts();
    o.dram_delay = delay;
    L2Bench b(slice_config(), o);
    b.read(3, 0x2000, 1);
    b.run();
    // The fetch leaves at a = 3 + 1 + kLatency and reaches DRAM kToDram later.
    ASSERT_EQ(b.dram->received.size(), 1u);
    EXPECT_EQ(b.dram->received[0].cycle, 3 + 1 + kLatency + kToDram);
    EXPECT_EQ(b.dram->received[0].msg.addr, 0x2000u);
    expect_reply_at(b, 1, 3 + 1 + kLatency + kToDram + delay + 1 + 1);
    EXPECT_EQ(b.stat("bytes_from_dram"), 128u);  // four sectors
    EXPECT_EQ(b.stat("bytes_to_icnt"), 128u);
  }
}

// The second read of a line whose fetch is in flight joins its MSHR (hit-reserved) and is
// answered by the same fill, in the same cycle (the reply link takes 4 per cycle).
TEST_P(L2SliceTiming, MshrMergeRepliesInTheCycleOfTheFirstMiss) {
  L2Bench b(slice_config(), opts());
  b.read(0, 0x3000, 1);
  b.read(5, 0x3000, 2);
  b.run();
  expect_reply_at(b, 1, kMissTotal);
  expect_reply_at(b, 2, kMissTotal);
  EXPECT_EQ(b.stat("misses"), 1u);
  EXPECT_EQ(b.stat("hit_reserved"), 1u);
  EXPECT_EQ(b.dram->received.size(), 1u);
}

TEST_P(L2SliceTiming, AtomicHitPaysTheAtomicLatency) {
  L2Bench b(slice_config(), opts());
  b.read(0, 0x4000, 1);
  b.send(100, MemKind::kAtomic, 0x4000, 2, 0x1);
  b.read(200, 0x4000, 3);
  b.run();
  expect_reply_at(b, 2, 100 + kHitTotal + kAtomic);
  expect_reply_at(b, 3, 200 + kHitTotal);  // the atomic left the line valid (and dirty)
  EXPECT_EQ(b.stat("atomics"), 1u);
  EXPECT_EQ(b.stat("hits"), 2u);
}

// A missing atomic executes once its line has arrived: the fill, then the atomic latency.
TEST_P(L2SliceTiming, AtomicMissPaysTheAtomicLatencyAfterTheFill) {
  L2Bench b(slice_config(), opts());
  b.send(0, MemKind::kAtomic, 0x4000, 1, 0x1);
  b.run();
  expect_reply_at(b, 1, kMissTotal + kAtomic);
  EXPECT_EQ(b.stat("misses"), 1u);
}

// An atomic unit taking 2 cycles per serial operation: an atomic with 4 lanes on one address,
// whose line is here at 121 (as above), holds it 121-128 and answers 8 cycles late; one with a
// single serial operation, ready a cycle later, waits for the unit until 129 and holds it 2
// cycles. A missing atomic holds it after its fill.
TEST_P(L2SliceTiming, AtomicUnitExecutesRequestsInTurn) {
  L2Bench b(slice_config("atomic_serial_cycles: 2"), opts());
  b.read(0, 0x4000, 1);
  b.send(100, MemKind::kAtomic, 0x4000, 2, 0xf, false, 4);
  b.send(101, MemKind::kAtomic, 0x4000, 3, 0x1, false, 1);
  b.send(300, MemKind::kAtomic, 0x6000, 4, 0x1, false, 1);
  b.run();
  expect_reply_at(b, 2, 100 + kHitTotal + kAtomic + 8);
  expect_reply_at(b, 3, 100 + kHitTotal + kAtomic + 8 + 2);
  expect_reply_at(b, 4, 300 + kMissTotal + kAtomic + 2);
  EXPECT_EQ(b.stat("atomic_busy_cycles"), 8u + 2u + 2u);
  EXPECT_EQ(b.stat("atomic_wait_cycles"), 7u);
}

// Lazy fetch on read: a write to an absent line validates the written sectors without a fetch
// and is acknowledged after the hit latency; a write-back (an L1 evicting a dirty line) is
// absorbed the same way but never answered. Reads of the written sectors then hit.
TEST_P(L2SliceTiming, WriteIsAcknowledgedAndWriteBackIsNot) {
  L2Bench b(slice_config(), opts());
  b.send(0, MemKind::kWrite, 0x5000, 1, 0x3);
  b.send(1, MemKind::kWrite, 0x6000, 2, 0xf, /*writeback=*/true);
  b.read(50, 0x5000, 3, 0x3);
  b.read(51, 0x6000, 4);
  b.run();
  expect_reply_at(b, 1, kHitTotal);
  EXPECT_FALSE(b.reply(2).has_value());
  expect_reply_at(b, 3, 50 + kHitTotal);
  expect_reply_at(b, 4, 51 + kHitTotal);
  EXPECT_TRUE(b.dram->received.empty());
  EXPECT_EQ(b.xbar->received.size(), 3u);
  EXPECT_FALSE(b.slice->has_work());
}

// A write-through slice forwards writes to DRAM: a plain write is acknowledged when DRAM's
// answer comes back (the miss path's timing), a write-back is passed on and not waited for.
TEST_P(L2SliceTiming, WriteThroughSliceForwardsWritesAndWriteBacks) {
  L2Bench b(slice_config("write_policy: write_through"), opts());
  b.send(0, MemKind::kWrite, 0x6000, 1, 0xf, /*writeback=*/true);
  b.send(1, MemKind::kWrite, 0x7000, 2, 0x1);
  b.run();
  EXPECT_FALSE(b.reply(1).has_value());
  expect_reply_at(b, 2, 1 + kMissTotal);
  EXPECT_EQ(b.stat("forwarded"), 2u);
  ASSERT_EQ(b.dram->received.size(), 2u);
  EXPECT_TRUE(b.dram->received[0].msg.writeback);
  EXPECT_EQ(b.dram->received[0].cycle, 1 + kLatency + kToDram);
  EXPECT_FALSE(b.slice->has_work()) << b.slice->describe_state();
}

// Requests behind a refused one wait for it (in-order access). With one MSHR: A misses on line
// 0x000 (access at 11); B (line 0x080, due at 12) finds no MSHR until A's fill frees it at 37,
// so it is refused in cycles 12..36 (25) and misses at 37 (reply 37 + kToDram + kDram + 2). C
// (line 0x000, due at 13) would have joined A's MSHR, but waits behind B and accesses at 38
// (one access per cycle), when the line is present: a hit, answered at 38 + kHit + 1.
TEST_P(L2SliceTiming, ReservationFailureBlocksTheRequestsBehindIt) {
  L2Bench b(slice_config("mshrs: 1"), opts());
  b.read(0, 0x000, 1);
  b.read(1, 0x080, 2);
  b.read(2, 0x000, 3);
  b.run();
  expect_reply_at(b, 1, kMissTotal);
  expect_reply_at(b, 2, 37 + kToDram + kDram + 2);
  expect_reply_at(b, 3, 38 + kHit + 1);
  EXPECT_EQ(b.stat("reservation_fail_no_mshr"), 25u);
  EXPECT_EQ(b.stat("access_stall_cycles"), 25u);
  EXPECT_EQ(b.stat("hit_reserved"), 0u);
  EXPECT_EQ(b.stat("hits"), 1u);
}

struct FailureCase {
  const char* name;
  const char* config;
  Addr second;       // the address of B (A reads 0x000 at cycle 0, B is sent at cycle 1)
  const char* stat;  // the reservation-failure counter B's refusals go to
  std::uint64_t b_reply;
};

// Each cause on its own: B is due at 12 and refused until A's fill at 37 frees what it needs
// (25 refusals), then served at 37. MSHR merge full (merge 1): B joins nothing and, at 37,
// hits the filled line. No line (one way; 0x400 is in set 0 like 0x000): at 37 B evicts the
// filled line and misses.
TEST_P(L2SliceTiming, EachReservationFailureCauseStallsAndIsCounted) {
  const FailureCase cases[] = {
      {"no_mshr", "mshrs: 1", 0x080, "reservation_fail_no_mshr", 37 + kToDram + kDram + 2},
      {"mshr_merge", "mshr_merge: 1", 0x000, "reservation_fail_mshr_merge", 37 + kHit + 1},
      {"no_line", "size: 1KiB, ways: 1", 0x400, "reservation_fail_no_line",
       37 + kToDram + kDram + 2},
  };
  for (const FailureCase& c : cases) {
    SCOPED_TRACE(c.name);
    L2Bench b(slice_config(c.config), opts());
    b.read(0, 0x000, 1);
    b.read(1, c.second, 2);
    b.run();
    expect_reply_at(b, 1, kMissTotal);
    expect_reply_at(b, 2, c.b_reply);
    EXPECT_EQ(b.stat(c.stat), 25u);
    EXPECT_EQ(b.stat("access_stall_cycles"), 25u);
    EXPECT_EQ(b.stat("reservation_fail_no_mshr") + b.stat("reservation_fail_mshr_merge") +
                  b.stat("reservation_fail_no_line") + b.stat("reservation_fail_miss_queue"),
              25u);
  }
}

// Miss queue of 1 and a DRAM link that holds one request: A's fetch leaves at 11 and occupies
// the link until DRAM takes it at 16 (the space is usable from 17). B (due 12) misses into the
// empty queue but cannot leave; C (due 13) finds the queue full in cycles 13..17 (at 17 the
// access comes before B leaves) and misses at 18. B leaves at 17, C when DRAM has taken B
// (22) at 23; each reply arrives kToDram + kDram + 2 after its fetch left.
TEST_P(L2SliceTiming, MissQueueFullStallsUntilTheQueueDrains) {
  L2BenchOptions o = opts();
  o.to_dram_capacity = 1;
  o.to_dram_width = 1;
  L2Bench b(slice_config("miss_queue: 1"), o);
  b.read(0, 0x000, 1);
  b.read(1, 0x080, 2);
  b.read(2, 0x100, 3);
  b.run();
  expect_reply_at(b, 1, kMissTotal);
  expect_reply_at(b, 2, 17 + kToDram + kDram + 2);
  expect_reply_at(b, 3, 23 + kToDram + kDram + 2);
  EXPECT_EQ(b.stat("reservation_fail_miss_queue"), 5u);
  EXPECT_EQ(b.stat("access_stall_cycles"), 5u);
  ASSERT_EQ(b.dram->received.size(), 3u);
  EXPECT_EQ(b.dram->received[1].cycle, 17 + kToDram);
  EXPECT_EQ(b.dram->received[2].cycle, 23 + kToDram);
}

// Two hits arriving in one cycle (a crossbar link of width 2): one access per cycle answers
// the second a cycle later; two per cycle answer both together.
TEST_P(L2SliceTiming, AccessesPerCycleLimitsTheCacheAccesses) {
  for (std::uint64_t per_cycle : {1u, 2u}) {
    SCOPED_TRACE(per_cycle);
    L2BenchOptions o = opts();
    o.to_slice = LinkParams{64, 1, 2};
    L2Bench b(slice_config("accesses_per_cycle: " + std::to_string(per_cycle)), o);
    b.read(0, 0x000, 1);
    b.read(0, 0x080, 2);
    b.read(100, 0x000, 3);
    b.read(100, 0x080, 4);
    b.run();
    expect_reply_at(b, 3, 100 + kHitTotal);
    expect_reply_at(b, 4, 100 + kHitTotal + (per_cycle == 1 ? 1 : 0));
  }
}

// response_queue 2, a reply link holding one reply, a crossbar that takes nothing before
// cycle 30. Writes to absent lines are hits (write-validate) with an ack each; W_i is sent at
// i - 1 and due at i + 10, its ack at i + 13.
//  W1 accesses at 11 (ack due 14, sent at 14 into the link, which then stays full).
//  W2 accesses at 12 (queue holds W1): ack due 15, waits for the link.
//  W3 finds 2 replies queued at 13 and 14 (W1 leaves after the access stage of 14), accesses
//     at 15: ack due 18. W4 then finds W2 and W3 queued in 16..31: the crossbar pops W1 at 30,
//     the space is usable at 31, when W2 leaves after the access stage. W4 accesses at 32 (ack
//     due 35). Link of one: W2 seen at 32, W3 sent 33 and seen 34, W4 sent 35 and seen 36.
// reply_stall_cycles = 2 (W3) + 16 (W4).
TEST_P(L2SliceTiming, ResponseQueueBackPressureStopsAccesses) {
  L2BenchOptions o = opts();
  o.to_icnt = LinkParams{1, 1, 1};
  L2Bench b(slice_config("response_queue: 2"), o);
  b.xbar->accept_from(30);
  for (std::uint64_t i = 1; i <= 4; ++i) b.send(i - 1, MemKind::kWrite, 0x1000 * i, i, 0x1);
  b.run();
  expect_reply_at(b, 1, 30);
  expect_reply_at(b, 2, 32);
  expect_reply_at(b, 3, 34);
  expect_reply_at(b, 4, 36);
  EXPECT_EQ(b.stat("reply_stall_cycles"), 18u);
  EXPECT_EQ(b.stat("access_stall_cycles"), 0u);
}

// Degree 1: a demand miss on line X also fetches X + 128 (both leave at 11, DRAM answers both
// in one cycle). A read of X + 128 while the prefetch is in flight joins it; one after the fill
// hits. A miss on X + 256 fetches X + 384 too.
TEST_P(L2SliceTiming, SequentialPrefetcherFetchesTheNextLine) {
  L2Bench b(slice_config("prefetch_degree: 1"), opts());
  b.read(0, 0x8000, 1);
  b.read(5, 0x8080, 2);    // prefetch in flight: answered by its fill
  b.read(100, 0x8080, 3);  // hit
  b.read(200, 0x8100, 4);  // demand miss: prefetches 0x8180
  b.read(300, 0x8180, 5);  // hit
  b.run();
  expect_reply_at(b, 1, kMissTotal);
  expect_reply_at(b, 2, kMissTotal);
  expect_reply_at(b, 3, 100 + kHitTotal);
  expect_reply_at(b, 4, 200 + kMissTotal);
  expect_reply_at(b, 5, 300 + kHitTotal);
  EXPECT_EQ(dram_addresses(b), (std::vector<Addr>{0x8000, 0x8080, 0x8100, 0x8180}));
  ASSERT_EQ(b.dram->received.size(), 4u);
  EXPECT_EQ(b.dram->received[1].cycle, 1 + kLatency + kToDram);
  EXPECT_EQ(b.stat("prefetches"), 2u);
  EXPECT_EQ(b.stat("hit_reserved"), 1u);
}

// The prefetcher is off by default: the next line misses.
TEST_P(L2SliceTiming, NoPrefetchByDefault) {
  L2Bench b(slice_config(), opts());
  b.read(0, 0x8000, 1);
  b.read(100, 0x8080, 2);
  b.run();
  expect_reply_at(b, 2, 100 + kMissTotal);
  EXPECT_EQ(b.stat("prefetches"), 0u);
  EXPECT_EQ(dram_addresses(b), (std::vector<Addr>{0x8000, 0x8080}));
}

INSTANTIATE_TEST_SUITE_P(SkipAndNoSkip, L2SliceTiming, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& p) {
                           return p.param ? "Skip" : "NoSkip";
                         });

// Pseudo-random reads, writes, atomics and write-backs over a few sets of a small slice, with
// a slow crossbar and scarce MSHRs, so that every kind of stall happens: skipping idle cycles
// must change no reply cycle and no statistic.
struct Outcome {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> replies;  // (tag, cycle)
  std::vector<std::pair<std::uint64_t, Addr>> dram;              // (cycle, addr)
  std::string stats;
  std::uint64_t answered = 0;  // requests that are not write-backs
};

Outcome run_random(bool skip) {
  L2BenchOptions o = options(skip);
  o.to_icnt = LinkParams{2, 1, 1};
  o.to_dram_capacity = 2;
  o.to_dram_width = 1;
  L2Bench b(slice_config("size: 2KiB, ways: 2, mshrs: 4, mshr_merge: 2, miss_queue: 2, "
                         "response_queue: 3, prefetch_degree: 1"),
            o);
  b.xbar->accept_every(2);
  std::uint64_t x = 12345;
  std::uint64_t cycle = 0;
  std::uint64_t answered = 0;
  for (std::uint64_t tag = 1; tag <= 400; ++tag) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    cycle += (x >> 60) % 4;
    const Addr addr = ((x >> 20) % 24) * 128;
    const SectorMask sectors = static_cast<SectorMask>((x >> 40) % 15 + 1);
    const auto kind = static_cast<MemKind>((x >> 50) % 3);  // read, write, atomic
    const bool writeback = kind == MemKind::kWrite && (x >> 56) % 4 == 0;
    b.send(cycle, kind, addr, tag, sectors, writeback);
    answered += writeback ? 0 : 1;
  }
  b.run();
  EXPECT_FALSE(b.slice->has_work());
  Outcome out;
  out.answered = answered;
  for (const auto& got : b.xbar->received) out.replies.emplace_back(got.msg.tag, got.cycle);
  for (const auto& got : b.dram->received) out.dram.emplace_back(got.cycle, got.msg.addr);
  out.stats = b.sim.stats().snapshot().to_json().dump();
  EXPECT_GT(b.stat("access_stall_cycles"), 0u);
  EXPECT_GT(b.stat("reply_stall_cycles"), 0u);
  EXPECT_GT(b.stat("hit_reserved"), 0u);
  EXPECT_GT(b.stat("prefetches"), 0u);
  return out;
}

TEST(L2SliceTraffic, SkipEqualsNoSkip) {
  const Outcome skip = run_random(true);
  const Outcome no_skip = run_random(false);
  EXPECT_EQ(skip.replies.size(), skip.answered);  // every request but write-backs, once
  EXPECT_EQ(skip.replies, no_skip.replies);
  EXPECT_EQ(skip.dram, no_skip.dram);
  EXPECT_EQ(skip.stats, no_skip.stats);
}

}  // namespace
}  // namespace warpsim
