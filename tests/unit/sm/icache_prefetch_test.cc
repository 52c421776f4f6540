// The I-cache prefetchers of seed 000 ch. 6 (sm/icache_prefetch/): the policies on hand-made
// miss sequences, and the fetch unit with each of them on a straight-line kernel whose code
// spans a known number of I-cache lines.

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cache/tag_array.h"
#include "sim/registry.h"
#include "sm/icache_prefetcher.h"
#include "sm_test_util.h"

namespace warpsim {
namespace {

using Verdict = IcachePrefetcher::Verdict;
using Target = PrefetchRequest::Target;
constexpr Addr kLine = 128;

std::unique_ptr<IcachePrefetcher> make(const std::string& slot_yaml) {
  return PolicyRegistry::global().create<IcachePrefetcher>(
      ConfigNode::parse_string(slot_yaml, "test.yaml"), {.line = kLine});
}

std::vector<Addr> lines_of(const std::vector<PrefetchRequest>& requests, Target target) {
  std::vector<Addr> out;
  for (const PrefetchRequest& r : requests) {
    EXPECT_EQ(r.target, target);
    out.push_back(r.line);
  }
  return out;
}

TEST(IcachePrefetch, NoneLeavesEveryMissToTheFetchUnit) {
  auto p = make("none");
  std::vector<PrefetchRequest> out;
  EXPECT_EQ(p->on_demand_miss(10 * kLine, out), Verdict::kMiss);
  EXPECT_TRUE(out.empty());
}

TEST(IcachePrefetch, NextLineAsksForTheFollowingLinesIntoTheCache) {
  std::vector<PrefetchRequest> out;
  EXPECT_EQ(make("next_line")->on_demand_miss(10 * kLine, out), Verdict::kMiss);
  EXPECT_EQ(lines_of(out, Target::kIntoCache), (std::vector<Addr>{11 * kLine}));
  out.clear();
  EXPECT_EQ(make("{impl: next_line, degree: 3}")->on_demand_miss(10 * kLine, out), Verdict::kMiss);
  EXPECT_EQ(lines_of(out, Target::kIntoCache),
            (std::vector<Addr>{11 * kLine, 12 * kLine, 13 * kLine}));
}

// A buffer miss refills a buffer with the missing line and the next entries - 1 and makes the
// warp wait; a reserved entry is a pending hit; a filled one a hit that empties the entry.
TEST(IcachePrefetch, StreamBufferAllocatesThenServesHitsAndPendingHits) {
  auto p = make("{impl: stream_buffer, buffers: 2, entries: 4}");
  std::vector<PrefetchRequest> out;
  EXPECT_EQ(p->on_demand_miss(20 * kLine, out), Verdict::kPending);
  EXPECT_EQ(lines_of(out, Target::kForPolicy),
            (std::vector<Addr>{20 * kLine, 21 * kLine, 22 * kLine, 23 * kLine}));
  out.clear();
  EXPECT_EQ(p->on_demand_miss(21 * kLine, out), Verdict::kPending);  // requested, not filled
  EXPECT_TRUE(out.empty());
  EXPECT_TRUE(p->on_fill(21 * kLine));
  EXPECT_TRUE(p->on_fill(22 * kLine));
  EXPECT_EQ(p->on_demand_miss(22 * kLine, out), Verdict::kReady);
  EXPECT_TRUE(out.empty());
  // The entry moved into the I-cache: a second miss on it (the line evicted again) refills a
  // buffer.
  EXPECT_EQ(p->on_demand_miss(22 * kLine, out), Verdict::kPending);
  EXPECT_EQ(lines_of(out, Target::kForPolicy),
            (std::vector<Addr>{22 * kLine, 24 * kLine, 25 * kLine}));  // 23: held already
  // take() empties a filled entry the fetch unit moved because a warp waited on it.
  EXPECT_TRUE(p->on_fill(23 * kLine));
  p->take(23 * kLine);
  out.clear();
  EXPECT_EQ(p->on_demand_miss(23 * kLine, out), Verdict::kPending);
  EXPECT_FALSE(out.empty());
}

// The least recently used buffer is the victim; a hit or an allocation makes a buffer the most
// recently used; fills of a refilled buffer's old requests are not kept.
TEST(IcachePrefetch, StreamBufferRefillsTheLeastRecentlyUsedBuffer) {
  auto p = make("{impl: stream_buffer, buffers: 2, entries: 2}");
  std::vector<PrefetchRequest> out;
  EXPECT_EQ(p->on_demand_miss(0, out), Verdict::kPending);            // buffer A: 0, 1
  EXPECT_EQ(p->on_demand_miss(100 * kLine, out), Verdict::kPending);  // buffer B: 100, 101
  EXPECT_TRUE(p->on_fill(1 * kLine));
  EXPECT_EQ(p->on_demand_miss(1 * kLine, out), Verdict::kReady);  // A most recently used
  out.clear();
  EXPECT_EQ(p->on_demand_miss(200 * kLine, out), Verdict::kPending);  // replaces B
  EXPECT_EQ(lines_of(out, Target::kForPolicy), (std::vector<Addr>{200 * kLine, 201 * kLine}));
  EXPECT_FALSE(p->on_fill(101 * kLine));  // B's old request: dropped
  EXPECT_TRUE(p->on_fill(0));             // A still holds line 0
  EXPECT_EQ(p->on_demand_miss(0, out), Verdict::kReady);
}

// A prefetched line enters at the eviction end of its set: the next fill there evicts it, not
// the lines the demand stream used.
TEST(IcachePrefetch, DemotedFillIsTheNextVictimOfItsSet) {
  TagArray tags(2 * kLine, kLine, 2, ConfigNode::scalar("lru"), 1);  // one set of two ways
  auto fill = [&](Addr line, bool demote) { return tags.fill({line, 0, 0, 0, 0, false}, demote); };
  fill(0, false);
  fill(2 * kLine, false);
  EXPECT_EQ(fill(4 * kLine, true), Addr{0});  // the LRU line goes; the prefetch enters last
  EXPECT_EQ(fill(6 * kLine, false), Addr{4 * kLine});
  EXPECT_TRUE(tags.contains(2 * kLine));
}

// A straight-line kernel of `n` instructions: with 16-byte instructions and 128-byte lines its
// code spans n / 8 lines, fetched in order by one warp.
std::string straight_line(int n) {
  std::string body;
  for (int i = 0; i < n - 1; ++i)
    body += "  add.u32 %r" + std::to_string(1 + i % 6) + ", %r9, 1;\n";
  return ".version 7.0\n.target sm_70\n.address_size 64\n.visible .entry k()\n{\n"
         "  .reg .b32 %r<10>;\n" +
         body + "  exit;\n}\n";
}

struct FetchRun {
  std::uint64_t cycles = 0;
  nlohmann::ordered_json icache;
};

FetchRun run_with(const std::string& prefetcher) {
  func::Device device;
  const auto sets = test::one_sm({"sm.fetch.inst_bytes=16", "sm.fetch.ibuffer_entries=2",
                                  "sm.fetch.fetch_width=2", "sm.icache.line=128",
                                  "sm.icache.mshrs=4", "sm.icache.prefetcher=" + prefetcher});
  const auto out = test::run_kernel(device, test::timing_config("v100", sets), straight_line(64),
                                    {1, 1, 1}, {32, 1, 1});
  const auto& r = out.results.at(0);
  return {r.end_cycle - r.start_cycle, r.stats["sm"]["icache"]};
}

std::uint64_t count(const nlohmann::ordered_json& j, const char* key) {
  return j.at(key).get<std::uint64_t>();
}

// 64 instructions = 8 lines. Without prefetching each line is one miss. Next-line: the misses
// on lines 0, 2, 4, 6 bring 1, 3, 5, 7 (a prefetch sent with its miss, so the warp reaches the
// odd lines after they arrive or merges with them): 4 misses and 4 prefetches, fewer cycles.
TEST(IcachePrefetch, NextLineHalvesTheMissesOfStraightLineCode) {
  const FetchRun none = run_with("none");
  EXPECT_EQ(count(none.icache, "misses"), 8u);
  EXPECT_EQ(count(none.icache, "prefetches"), 0u);
  const FetchRun next = run_with("next_line");
  EXPECT_EQ(count(next.icache, "misses"), 4u);
  EXPECT_EQ(count(next.icache, "prefetches"), 4u);
  EXPECT_LT(next.cycles, none.cycles);
}

// Stream buffers of 4 entries: two allocations (lines 0-3, 4-7), every line requested once by
// the buffers and none by the I-cache's MSHRs. A one-entry buffer fetches only the missing line:
// the same timing as no prefetching.
TEST(IcachePrefetch, StreamBufferFetchesAheadAndOneEntryEqualsNone) {
  const FetchRun none = run_with("none");
  const FetchRun sb = run_with("{impl: stream_buffer, buffers: 2, entries: 4}");
  EXPECT_EQ(count(sb.icache, "misses"), 0u);
  const auto& pf = sb.icache.at("prefetch");
  EXPECT_EQ(count(pf, "buffer_allocations"), 2u);
  EXPECT_EQ(count(pf, "buffer_requests"), 8u);
  // Lines 1-3 and 5-7 come from the buffers; a warp whose buffer empties while it waits for a
  // line asks again (SmWarp::flush_ibuffer), so a line may count twice.
  EXPECT_GE(count(pf, "buffer_hits") + count(pf, "buffer_pending_hits"), 6u);
  EXPECT_LT(sb.cycles, none.cycles);
  const FetchRun one = run_with("{impl: stream_buffer, buffers: 1, entries: 1}");
  EXPECT_EQ(one.cycles, none.cycles);
  EXPECT_EQ(count(one.icache.at("prefetch"), "buffer_allocations"), 8u);
}

}  // namespace
}  // namespace warpsim
