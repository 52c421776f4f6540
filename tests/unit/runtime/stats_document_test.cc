// stats.json from launch records (runtime/stats_document.h): kernels in launch order whatever
// order they finished in, the model's own figures kept, totals whose cycles count overlapping
// kernels once (docs/stats.md), and the launch log read back line by line.

#include "runtime/stats_document.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "warpsim/version.h"

namespace warpsim::runtime {
namespace {

using nlohmann::ordered_json;

const ConfigNode& config() {
  static const ConfigNode node = ConfigNode::parse_string("name: test\n", "test.yaml");
  return node;
}

ordered_json kernel_record(int launch, std::uint64_t start, std::uint64_t end, int stream) {
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
  return k;
}

RunSource program(double wall_s = 2.0) {
  return RunSource{"program", {{"argv", {"./app", "x"}}, {"exit_code", 0}}, wall_s, 12.5};
}

TEST(StatsDocument, TimingKernelsInLaunchOrderAndOverlapCountedOnce) {
  // Finished in the order 1, 0, 2: launch 1 [20, 40) inside launch 0 [10, 50); launch 2 later.
  const ordered_json doc = stats_document(
      StatsMode::kTiming, config(), program(),
      {kernel_record(1, 20, 40, 3), kernel_record(0, 10, 50, 4), kernel_record(2, 60, 70, 0)});

  EXPECT_EQ(doc["warpsim"]["version"], kVersion);
  EXPECT_EQ(doc["mode"], "timing");
  EXPECT_EQ(doc["program"]["argv"], ordered_json({"./app", "x"}));
  EXPECT_EQ(doc["config"]["name"], "test");
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
}

TEST(StatsDocument, TheModelsIpcReplacesTheComputedOne) {
  ordered_json k = kernel_record(0, 0, 100, 0);
  k["ipc"] = 1.25;
  const ordered_json doc = stats_document(StatsMode::kTiming, config(), program(), {k});
  EXPECT_DOUBLE_EQ(doc["kernels"][0]["ipc"].get<double>(), 1.25);
}

TEST(StatsDocument, TheWholeRunRecordJoinsTheTotals) {
  const ordered_json run =
      ordered_json::parse(R"({"run": {"cycles": 999, "stalls": {"issued": 80, "idle": 20}}})");
  const ordered_json doc = stats_document(StatsMode::kTiming, config(), program(0.0),
                                          {kernel_record(0, 0, 100, 0), run});
  EXPECT_EQ(doc["total"]["cycles"], 100);  // the kernels' own figure is not replaced
  EXPECT_EQ(doc["total"]["stalls"]["issued"], 80);
  EXPECT_DOUBLE_EQ(doc["sim"]["cycles_per_s"].get<double>(), 0.0);  // no wall time: 0, not inf
  EXPECT_DOUBLE_EQ(doc["sim"]["warp_insts_per_s"].get<double>(), 0.0);
}

TEST(StatsDocument, FunctionalModeCountsInstructionsAndLeavesTimeNull) {
  ordered_json a = {{"name", "scale"},      {"mangled", "_Z5scalev"},
                    {"grid", {4, 1, 1}},    {"block", {32, 1, 1}},
                    {"dynamic_shared", 16}, {"warp_insts", 40},
                    {"thread_insts", 1200}, {"ctas", 4}};
  ordered_json b = a;
  b["warp_insts"] = 60;
  b["thread_insts"] = 1800;
  const ordered_json doc = stats_document(StatsMode::kFunctional, config(), program(), {a, b});
  EXPECT_EQ(doc["mode"], "functional");
  ASSERT_EQ(doc["kernels"].size(), 2u);
  EXPECT_EQ(doc["kernels"][1]["launch"], 1);  // numbered in the order they ran
  EXPECT_EQ(doc["kernels"][0]["dynamic_shared"], 16);
  EXPECT_TRUE(doc["kernels"][0]["cycles"].is_null());
  EXPECT_TRUE(doc["kernels"][0]["ipc"].is_null());
  EXPECT_EQ(doc["total"]["kernels"], 2);
  EXPECT_EQ(doc["total"]["warp_insts"], 100);
  EXPECT_EQ(doc["total"]["thread_insts"], 3000);
  EXPECT_TRUE(doc["total"]["cycles"].is_null());
  EXPECT_TRUE(doc["sim"]["cycles_per_s"].is_null());
  EXPECT_DOUBLE_EQ(doc["sim"]["warp_insts_per_s"].get<double>(), 50.0);
}

TEST(StatsDocument, TheLaunchLogIsReadLineByLineAndABadLineIsNamed) {
  const auto log = std::filesystem::temp_directory_path() /
                   ("warpsim-launches-" + std::to_string(::getpid()) + ".jsonl");
  std::ofstream(log) << kernel_record(0, 0, 10, 0).dump() << "\n"
                     << R"({"run": {"cycles": 10}})"
                     << "\n"
                     << "{\"name\": \n";
  try {
    (void)read_launch_log(log);
    ADD_FAILURE() << "a truncated line was read";
  } catch (const LaunchLogError& e) {
    EXPECT_NE(std::string(e.what()).find(log.string() + ":3: unreadable launch record"),
              std::string::npos)
        << e.what();
  }
  std::ofstream(log) << kernel_record(0, 0, 10, 0).dump() << "\n"
                     << R"({"run": {"cycles": 10}})"
                     << "\n";
  const std::vector<ordered_json> records = read_launch_log(log);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0], kernel_record(0, 0, 10, 0));
  EXPECT_EQ(records[1]["run"]["cycles"], 10);
  std::filesystem::remove(log);
}

}  // namespace
}  // namespace warpsim::runtime
