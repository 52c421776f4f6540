// Whole-channel behavior: peak bandwidth on a stream of row hits, and identical results with
// and without idle skipping under mixed traffic.

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "dram_test_util.h"

namespace warpsim::test {
namespace {

DramConfig gddr5_without_refresh() {
  SectionSpec root;
  root.sections = {dram_section()};
  const ConfigNode raw =
      ConfigNode::parse_file(std::string(WARPSIM_SOURCE_DIR) + "/configs/overlays/dram_gddr5.yaml");
  DramConfig c = read_dram_config(resolve_config(raw, root, PolicyRegistry::global()).at("dram"));
  c.timing.refi = 0;
  return c;
}

TEST(DramStream, RowHitStreamReachesDataBusPeak) {
  // GTX480 GDDR5: 64-byte bursts of 2 cycles, so 2000 reads need 4000 data-bus cycles. Reads
  // to banks 0-3 (one per bank group) of one row, offered one per cycle, faster than served.
  // Lower bound: the first RD is at 1 + rcd = 13 at the earliest, its data starts 12 later, and
  // the bursts cannot overlap: the last reply is seen no earlier than 25 + 4000 + 1 = 4026.
  // Upper bound: the four ACTs issue by about 1 + 3 x rrd (6) = 19 (plus a few cycles lost to
  // the shared command bus) and their first RDs are ready by 34; from then on the queue always
  // holds ready hits in another bank group, so a RD issues every ccd_s = 2 cycles: the last RD
  // is at most 34 + 2 x 1999 and its reply is seen cl + burst + 1 = 15 later, by 4047.
  constexpr std::uint64_t kReads = 2000;
  std::vector<Scripted> script;
  for (std::uint64_t i = 0; i < kReads; ++i) {
    script.push_back({i, 0, read(static_cast<std::uint32_t>(i % 4), 1, i)});
  }
  DramBench b(gddr5_without_refresh(), script, true, 1, LinkParams{8, 1, 1});
  b.run();
  ASSERT_EQ(b.l2->seen.size(), kReads);
  const std::uint64_t last = b.l2->seen.back().cycle;
  EXPECT_GE(last, 4026u);
  EXPECT_LE(last, 4047u);
  EXPECT_EQ(b.stat("bursts"), kReads);
  EXPECT_EQ(b.stat("data_bus_busy_cycles"), 2 * kReads);
  EXPECT_EQ(b.stat("row_misses"), 4u);
  EXPECT_EQ(b.stat("row_hits"), kReads - 4);
  // Bandwidth utilization over the run: at least 4000 / 4047 of the peak.
  EXPECT_GE(static_cast<double>(b.stat("data_bus_busy_cycles")) / static_cast<double>(last), 0.988);
}

// Mixed reads, writes and write-backs of 32-128 bytes to 16 banks and 4 rows on two ports,
// sent 0 to max_gap - 1 cycles apart, from a fixed linear congruential sequence.
std::vector<Scripted> mixed_traffic(std::uint32_t count, std::uint64_t max_gap) {
  std::vector<Scripted> script;
  std::uint64_t state = 12345;
  auto next = [&state](std::uint64_t bound) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (state >> 33) % bound;
  };
  std::uint64_t cycle = 0;
  for (std::uint32_t i = 0; i < count; ++i) {
    cycle += next(max_gap);
    const auto bank = static_cast<std::uint32_t>(next(16));
    const std::uint64_t row = next(4);
    const std::uint32_t bytes = 32u << next(3);
    const std::uint64_t kind = next(10);
    MemRequest r = kind < 7 ? read(bank, row, i, bytes) : write(bank, row, i, bytes);
    r.writeback = kind == 9;
    script.push_back({cycle, static_cast<std::uint32_t>(next(2)), r});
  }
  return script;
}

struct RunOutput {
  std::vector<Seen> seen;
  std::string stats;
};

RunOutput run_mixed(const DramConfig& config, const std::vector<Scripted>& script, bool skip) {
  DramBench b(config, script, skip, 2, LinkParams{2, 1, 1}, LinkParams{2, 1, 1});
  b.run();
  return {b.l2->seen, b.sim.stats().snapshot().to_json().dump()};
}

TEST(DramStream, SkipIdleGivesIdenticalResults) {
  // Dense traffic keeps the queues full (back-pressure on both sides); sparse traffic leaves
  // the channel idle between requests, with refreshes falling in the idle spans.
  for (const std::uint64_t max_gap : {7, 120}) {
    const std::vector<Scripted> script = mixed_traffic(400, max_gap);
    std::size_t answered = 0;
    for (const Scripted& s : script) answered += s.request.writeback ? 0 : 1;
    for (const char* scheduler : {"fr_fcfs", "fcfs", "{impl: fr_fcfs, max_row_hits: 2}"}) {
      for (const char* policy : {"open", "closed"}) {
        for (const char* dual : {"false", "true"}) {
          SCOPED_TRACE(std::string(scheduler) + " " + policy + " dual=" + dual +
                       " gap=" + std::to_string(max_gap));
          const DramConfig config = test_config({{"scheduler", scheduler},
                                                 {"row_policy", policy},
                                                 {"dual_command_bus", dual},
                                                 {"queue", "8"},
                                                 {"return_queue", "6"},
                                                 {"timing.refi", "200"},
                                                 {"timing.rfc", "40"}});
          const RunOutput skip = run_mixed(config, script, true);
          const RunOutput every_cycle = run_mixed(config, script, false);
          EXPECT_EQ(skip.seen, every_cycle.seen);
          EXPECT_EQ(skip.stats, every_cycle.stats);
          // Every read and every acknowledged write is answered exactly once.
          EXPECT_EQ(skip.seen.size(), answered);
        }
      }
    }
  }
}

TEST(DramStream, SleepsThroughLongConstraints) {
  // refi 2000, rfc 1000: the request arriving with the refresh at 2000 waits until 3000 to
  // activate (RD 3005, seen 3015). The channel must sleep through the wait, not tick each
  // cycle: it runs at 0, 2000, 3000, 3005 and 3014, the L2 at 0, 1999 and 3015.
  DramBench b(test_config({{"timing.refi", "2000"}, {"timing.rfc", "1000"}}),
              {{1999, 0, read(0, 1, 1)}});
  const RunResult result = b.sim.run_until_quiescent();
  expect_reply_at(b, 1, 3015);
  EXPECT_LE(result.ticks, 12u);
}

}  // namespace
}  // namespace warpsim::test
