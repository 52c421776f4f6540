// stats.json: the schema of DESIGN.md §5, per-kernel windows kept apart from the totals.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "sim/simulation.h"
#include "sim/stats_document.h"
#include "warpsim/version.h"

namespace warpsim {
namespace {

TEST(StatsDocument, KernelsAreWindowsAndTotalsCoverTheRun) {
  Simulation sim;
  sim.add_clock("core", 1000);
  StatGroup& l1d = sim.stat_group("gpu.l1d");
  Counter& accesses = l1d.counter("accesses", "requests", "L1D accesses");
  Counter& hits = l1d.counter("hits", "requests", "L1D hits");
  l1d.formula("hit_rate", "fraction", "hits / accesses", [](const GroupValues& v) {
    return v["accesses"] == 0 ? 0.0 : v["hits"] / v["accesses"];
  });

  const StatSnapshot start = sim.stats().snapshot();
  accesses.inc(10);
  hits.inc(9);
  const StatSnapshot after_first = sim.stats().snapshot();
  accesses.inc(10);
  hits.inc(1);
  const StatSnapshot after_second = sim.stats().snapshot();

  std::vector<KernelRecord> kernels(2);
  kernels[0] = {"k0", 0, {4, 1, 1}, {128, 1, 1}, 100, 40, 1280, after_first - start};
  kernels[1] = {"k1", 1, {2, 2, 1}, {64, 1, 1}, 300, 60, 1920, after_second - after_first};
  const RunTotals total{400, 100, 3200, after_second};
  const ConfigNode config = ConfigNode::parse_string("name: toy\n", "test");
  const auto doc = stats_document(config, kernels, total, SimulatorSpeed{2.0, 12.5});

  EXPECT_EQ(doc["warpsim"]["version"], kVersion);
  EXPECT_EQ(doc["config"]["name"], "toy");
  ASSERT_EQ(doc["kernels"].size(), 2u);
  const auto& k0 = doc["kernels"][0];
  EXPECT_EQ(k0["name"], "k0");
  EXPECT_EQ(k0["grid"], nlohmann::json::parse("[4,1,1]"));
  EXPECT_EQ(k0["block"], nlohmann::json::parse("[128,1,1]"));
  EXPECT_EQ(k0["cycles"], 100);
  EXPECT_DOUBLE_EQ(k0["ipc"].get<double>(), 12.8);  // thread instructions per cycle
  EXPECT_EQ(k0["l1d"]["accesses"], 10);
  EXPECT_DOUBLE_EQ(k0["l1d"]["hit_rate"].get<double>(), 0.9);
  // The second kernel's window has its own rate, not the cumulative one.
  EXPECT_DOUBLE_EQ(doc["kernels"][1]["l1d"]["hit_rate"].get<double>(), 0.1);
  EXPECT_EQ(doc["total"]["l1d"]["accesses"], 20);
  EXPECT_DOUBLE_EQ(doc["total"]["l1d"]["hit_rate"].get<double>(), 0.5);
  EXPECT_DOUBLE_EQ(doc["total"]["ipc"].get<double>(), 8.0);
  EXPECT_DOUBLE_EQ(doc["sim"]["warp_insts_per_s"].get<double>(), 50.0);
  EXPECT_DOUBLE_EQ(doc["sim"]["cycles_per_s"].get<double>(), 200.0);
  EXPECT_DOUBLE_EQ(doc["sim"]["peak_rss_mb"].get<double>(), 12.5);
}

TEST(StatsDocument, ZeroDenominatorsGiveZeroNotNan) {
  const ConfigNode config = ConfigNode::parse_string("name: toy\n", "test");
  const auto doc = stats_document(config, {}, RunTotals{}, SimulatorSpeed{});
  EXPECT_EQ(doc["kernels"].size(), 0u);
  EXPECT_EQ(doc["total"]["ipc"], 0.0);
  EXPECT_EQ(doc["sim"]["warp_insts_per_s"], 0.0);
}

TEST(StatsDocument, WritesStatsAndSchemaFiles) {
  Simulation sim;
  sim.add_clock("core", 1000);
  sim.stat_group("gpu.dram").counter("reads", "requests", "DRAM read requests").inc(3);
  const ConfigNode config = ConfigNode::parse_string("name: toy\n", "test");
  const auto doc = stats_document(config, {}, RunTotals{0, 0, 0, sim.stats().snapshot()},
                                  SimulatorSpeed{1.0, peak_rss_mb()});
  const auto dir =
      std::filesystem::temp_directory_path() / ("warpsim-stats-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  write_stats(dir, doc, sim.stats().schema());
  const auto stats = nlohmann::json::parse(std::ifstream(dir / "stats.json"));
  const auto schema = nlohmann::json::parse(std::ifstream(dir / "stats-schema.json"));
  EXPECT_EQ(stats["total"]["dram"]["reads"], 3);
  EXPECT_GT(stats["sim"]["peak_rss_mb"].get<double>(), 1.0);
  EXPECT_EQ(schema["gpu.dram.reads"]["unit"], "requests");
  EXPECT_EQ(schema["gpu.dram.reads"]["description"], "DRAM read requests");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace warpsim
