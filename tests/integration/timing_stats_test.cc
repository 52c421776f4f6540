// stats.json of a timing-mode program run, built from a hand-written launch log: kernels in
// launch order whatever order they finished in, the model's own figures kept, and totals whose
// cycles count overlapping kernels once (docs/stats.md).

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "app/program_run.h"
#include "cli_util.h"
#include "sim/config_node.h"

namespace {

using nlohmann::ordered_json;

std::string kernel_line(int launch, std::uint64_t start, std::uint64_t end, int stream) {
  ordered_json k;
  k["name"] = "k" + std::to_string(launch);
  k["mangled"] = "_Z2k" + std::to_string(launch) + "v";
  k["grid"] = {2, 1, 1};
  k["block"] = {64, 1, 1};
  k["dynamic_shared"] = 0;
  k["launch"] = launch;
  k["stream"] = stream;
  k["ctas"] = 2;
  k["cycles"] = end - start;
  k["start_cycle"] = start;
  k["end_cycle"] = end;
  k["warp_insts"] = 10 * (launch + 1);
  k["thread_insts"] = 300 * (launch + 1);
  k["stalls"] = {{"issued", 5}, {"idle", 7}};
  return k.dump() + "\n";
}

TEST(TimingStats, KernelsInLaunchOrderAndOverlapCountedOnce) {
  const auto dir = warpsim::testing::temp_dir("timing-stats");
  const auto log = dir / "launches.jsonl";
  // Finished in the order 1, 0, 2: launch 1 [20, 40) inside launch 0 [10, 50); launch 2 later.
  std::ofstream(log) << kernel_line(1, 20, 40, 3) << kernel_line(0, 10, 50, 4)
                     << kernel_line(2, 60, 70, 0);
  warpsim::app::ProgramResult result;
  result.wall_s = 2.0;
  result.peak_rss_mb = 12.5;
  const ordered_json doc = warpsim::app::timing_stats(
      warpsim::ConfigNode::parse_string("name: test\n", "test.yaml"), {"./app", "x"}, log, result);

  EXPECT_EQ(doc["mode"], "timing");
  EXPECT_EQ(doc["program"]["argv"], ordered_json({"./app", "x"}));
  ASSERT_EQ(doc["kernels"].size(), 3u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(doc["kernels"][i]["launch"], i);
  const ordered_json& k0 = doc["kernels"][0];
  EXPECT_EQ(k0["cycles"], 40);
  EXPECT_DOUBLE_EQ(k0["ipc"].get<double>(), 300.0 / 40.0);
  EXPECT_EQ(k0["stream"], 4);
  EXPECT_EQ(k0["stalls"]["idle"], 7);
  // The fixed keys first, in docs/stats.md's order, then the model's groups.
  std::vector<std::string> keys;
  for (const auto& [key, value] : k0.items()) keys.push_back(key);
  const std::vector<std::string> want = {
      "name",      "mangled",        "launch",       "stream", "grid",
      "block",     "dynamic_shared", "ctas",         "cycles", "start_cycle",
      "end_cycle", "warp_insts",     "thread_insts", "ipc",    "stalls"};
  EXPECT_EQ(keys, want);

  const ordered_json& total = doc["total"];
  EXPECT_EQ(total["kernels"], 3);
  EXPECT_EQ(total["cycles"], 40 + 10);  // [10, 50) and [60, 70)
  EXPECT_EQ(total["warp_insts"], 60);
  EXPECT_EQ(total["thread_insts"], 1800);
  EXPECT_DOUBLE_EQ(total["ipc"].get<double>(), 1800.0 / 50.0);
  EXPECT_DOUBLE_EQ(doc["sim"]["wall_s"].get<double>(), 2.0);
  EXPECT_DOUBLE_EQ(doc["sim"]["warp_insts_per_s"].get<double>(), 30.0);
  EXPECT_DOUBLE_EQ(doc["sim"]["cycles_per_s"].get<double>(), 25.0);
  EXPECT_DOUBLE_EQ(doc["sim"]["peak_rss_mb"].get<double>(), 12.5);
  std::filesystem::remove_all(dir);
}

TEST(TimingStats, TheWholeRunRecordJoinsTheTotals) {
  const auto dir = warpsim::testing::temp_dir("timing-stats-run");
  const auto log = dir / "launches.jsonl";
  std::ofstream(log) << kernel_line(0, 0, 100, 0)
                     << R"({"run": {"cycles": 999, "stalls": {"issued": 80, "idle": 20}}})"
                     << "\n";
  const ordered_json doc = warpsim::app::timing_stats(
      warpsim::ConfigNode::parse_string("name: test\n", "test.yaml"), {"./app"}, log, {});
  EXPECT_EQ(doc["total"]["cycles"], 100);  // the kernels' own figure is not replaced
  EXPECT_EQ(doc["total"]["stalls"]["issued"], 80);
  EXPECT_DOUBLE_EQ(doc["sim"]["cycles_per_s"].get<double>(), 0.0);  // no wall time: 0, not inf
  std::filesystem::remove_all(dir);
}

}  // namespace
