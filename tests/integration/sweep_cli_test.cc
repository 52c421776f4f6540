// `warpsim sweep plan`: the runs of an experiment file as a user sees them, and a bad file's
// mistakes with their file:line:col.

#include <fstream>
#include <set>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_util.h"

namespace {

using warpsim::testing::contains;
using warpsim::testing::run;

TEST(SweepCli, PlanListsTheMrpbExperimentsRuns) {
  const auto r = run("sweep plan " WARPSIM_SOURCE_DIR "/experiments/mrpb/mrpb.yaml");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "mrpb: 224 runs")) << r.out;  // 2 gpus x 4 variants x 28 workloads
  EXPECT_TRUE(contains(r.out, "gpu=c2050-base-s variant=baseline workload=polybench/2dconv"));
  EXPECT_TRUE(contains(r.out, "gpu=c2050-base-l variant=bypass workload=rodinia/srad-u"));
}

TEST(SweepCli, PlanAsJsonHasEachRunsArgumentsAndIdentity) {
  const auto r = run("sweep plan --json " WARPSIM_SOURCE_DIR "/experiments/mrpb/mrpb.yaml");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto runs = nlohmann::json::parse(r.out);
  ASSERT_EQ(runs.size(), 224u);
  const auto& reorder = runs[2 * 28];  // gpu c2050-base-s, variant reorder, polybench/2dconv
  EXPECT_EQ(reorder["label"], "gpu=c2050-base-s variant=reorder workload=polybench/2dconv");
  EXPECT_EQ(reorder["run"], nlohmann::json::parse(R"(["--mode", "timing", "--gpu",
      "c2050-base-s", "-c", "mrpb", "--set", "sm.l1d.bypass=never", "--out", "OUT",
      "--workload", "polybench/2dconv:paper"])"));
  EXPECT_EQ(reorder["identity"]["config"]["sm"]["l1d"]["bypass"]["impl"], "never");
  EXPECT_EQ(reorder["key"].get<std::string>().size(), 32u);
  std::set<std::string> keys;
  for (const auto& r : runs) keys.insert(r["key"].get<std::string>());
  EXPECT_EQ(keys.size(), 224u);  // every run differs in config or input
}

TEST(SweepCli, ABadFileIsRefusedWithItsLines) {
  const auto dir = warpsim::testing::temp_dir("sweep-bad");
  std::ofstream(dir / "bad.yaml") << "name: bad\naxes:\n  gpu: [no-such-gpu]\n"
                                     "  workload: [polybench/atax]\nmetrics: {c: total.cycles}\n"
                                     "summary: {over: nothing, gmean: []}\n";
  const auto r = run("sweep plan " + (dir / "bad.yaml").string());
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(contains(r.out, "bad.yaml:6:17: summary.over: no axis is named 'nothing'")) << r.out;
  std::ofstream(dir / "bad.yaml") << "name: bad\naxes:\n  gpu: [no-such-gpu]\n"
                                     "  workload: [polybench/atax]\nmetrics: {c: total.cycles}\n";
  const auto unknown = run("sweep plan " + (dir / "bad.yaml").string());
  EXPECT_EQ(unknown.code, 2) << unknown.out;
  EXPECT_TRUE(contains(unknown.out, "run 'gpu=no-such-gpu workload=polybench/atax'"))
      << unknown.out;
  std::filesystem::remove_all(dir);
}

}  // namespace
