// stats.json's bottleneck group (seed 001 §4.1's statistics) and the L2 congestion ratio it
// reads, on hand-made windows whose values are derived in the comments.

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cache/cache.h"
#include "cache/cache_config.h"
#include "cache/l2_slice.h"
#include "gpu/bottleneck_stats.h"
#include "gpu/memory_stats.h"
#include "sim/registry.h"
#include "sim/schema.h"
#include "sim/stats.h"

namespace warpsim {
namespace {

using nlohmann::ordered_json;

ordered_json full_window() {
  return ordered_json::parse(R"({
    "stalls": {"mem_back_pressure": 30, "scheduler_cycles": 200},
    "l1d": {"reservation_fail_no_line": 10, "reservation_fail_no_mshr": 15,
            "reservation_fail_mshr_merge": 5, "miss_rate": 0.5, "intra_warp_hit_share": 0.75,
            "fetch_latency_dram": {"count": 4, "mean": 420.0}},
    "l2": {"miss_rate": 0.25, "congestion_ratio": 0.1},
    "icnt": {"request": {"avg_latency": 12.0}, "reply": {"avg_latency": 8.5}},
    "dram": {"bandwidth_utilization": 0.4}})");
}

TEST(BottleneckStats, EachStatisticFromItsWindow) {
  // 50 core cycles x 2 SMs = 100 SM cycles.
  const ordered_json b = bottleneck_stats(full_window(), 50, 2);
  EXPECT_DOUBLE_EQ(b["mem_stall_ratio"].get<double>(), 0.15);     // 30 / 200 scheduler cycles
  EXPECT_DOUBLE_EQ(b["l1_line_stall_ratio"].get<double>(), 0.1);  // 10 / 100
  EXPECT_DOUBLE_EQ(b["l1_mshr_stall_ratio"].get<double>(), 0.2);  // (15 + 5) / 100
  EXPECT_DOUBLE_EQ(b["l1_miss_ratio"].get<double>(), 0.5);
  EXPECT_DOUBLE_EQ(b["intra_warp_hit_share"].get<double>(), 0.75);
  EXPECT_DOUBLE_EQ(b["global_miss_ratio"].get<double>(), 0.125);   // 0.5 x 0.25
  EXPECT_DOUBLE_EQ(b["round_trip_latency"].get<double>(), 420.0);  // L1 fills served by DRAM
  EXPECT_DOUBLE_EQ(b["noc_latency"].get<double>(), 20.5);          // 12 sending + 8.5 receiving
  EXPECT_DOUBLE_EQ(b["partition_congestion"].get<double>(), 0.1);
  EXPECT_DOUBLE_EQ(b["dram_utilization"].get<double>(), 0.4);
}

TEST(BottleneckStats, WhatTheGpuLacksIsLeftOut) {
  // The fixed-latency memory: no L2, crossbar or DRAM.
  ordered_json w = full_window();
  w.erase("l2");
  w.erase("icnt");
  w.erase("dram");
  const ordered_json b = bottleneck_stats(w, 50, 2);
  EXPECT_TRUE(b.contains("l1_mshr_stall_ratio"));
  for (const char* key : {"global_miss_ratio", "round_trip_latency", "noc_latency",
                          "partition_congestion", "dram_utilization"}) {
    EXPECT_FALSE(b.contains(key)) << key;
  }
}

TEST(L2Congestion, BusyCyclesOverTheWindowsL2CyclesOfEverySlice) {
  // Two slices' stat groups as an L2 slice registers them (its cache's, then its own), in a
  // window of 200 L2 cycles of 1000 ps. Slice 0's head request was refused for 30 cycles and
  // slice 1's replies backed up for 10: 40 busy cycles of 2 x 200, a ratio of 0.1.
  Picos clock = 200 * 1000;
  StatGroup root("gpu", &clock);
  const SectionSpec spec{.sections = {l2_section()}};
  const ConfigNode section = resolve_config(ConfigNode::parse_string("l2: {}\n", "test.yaml"), spec,
                                            PolicyRegistry::global())
                                 .at("l2");
  const CacheConfig config = read_cache_config(section);
  Cache c0(config, section, root.child("l2[0]"), 1);
  Cache c1(config, section, root.child("l2[1]"), 2);
  std::vector<Counter*> stall;  // access_stall_cycles, reply_stall_cycles of each slice
  for (const char* slice : {"l2[0]", "l2[1]"}) {
    StatGroup& g = root.child(slice);
    g.counter("requests", "requests", "test");
    stall.push_back(&g.counter("access_stall_cycles", "cycles", "test"));
    stall.push_back(&g.counter("reply_stall_cycles", "cycles", "test"));
    for (const char* name :
         {"prefetches", "bytes_from_dram", "bytes_to_icnt", "host_write_lines"}) {
      g.counter(name, "n", "test");
    }
  }
  stall[0]->inc(30);  // slice 0, access
  stall[3]->inc(10);  // slice 1, reply
  const ordered_json m = memory_stats(root.snapshot(), 0, WindowClocks{.l2 = 1000, .dram = 0});
  EXPECT_EQ(m["l2"]["busy_cycles"].get<std::uint64_t>(), 40u);
  EXPECT_DOUBLE_EQ(m["l2"]["congestion_ratio"].get<double>(), 0.1);
  // Without the L2 clock there is no ratio.
  EXPECT_FALSE(memory_stats(root.snapshot(), 0, WindowClocks{})["l2"].contains("congestion_ratio"));
}

}  // namespace
}  // namespace warpsim
