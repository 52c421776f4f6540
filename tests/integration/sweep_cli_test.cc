// `warpsim sweep plan`: the runs of an experiment file as a user sees them, and a bad file's
// mistakes with their file:line:col.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_util.h"
#include "sweep/database.h"

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

// --size replaces the file's size: other inputs, so other identities.
TEST(SweepCli, SizeReplacesTheFilesSize) {
  const std::string file = WARPSIM_SOURCE_DIR "/experiments/mrpb/mrpb.yaml";
  const auto small = run("sweep plan " + file);
  const auto tiny = run("sweep plan --size tiny " + file);
  ASSERT_EQ(tiny.code, 0) << tiny.out;
  EXPECT_TRUE(contains(tiny.out, "mrpb: 224 runs")) << tiny.out;
  EXPECT_NE(small.out.substr(0, small.out.find('\n')), tiny.out.substr(0, tiny.out.find('\n')));
  const auto json = nlohmann::json::parse(run("sweep plan --json --size tiny " + file).out);
  EXPECT_EQ(json[0]["run"].back(), "polybench/2dconv:tiny");
  const auto wrong = run("sweep plan --size huge " + file);
  EXPECT_NE(wrong.code, 0);
  EXPECT_TRUE(contains(wrong.out, "--size")) << wrong.out;
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
      "--workload", "polybench/2dconv:small"])"));
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

namespace {

namespace fs = std::filesystem;

constexpr const char* kTinyStudy = R"(name: tiny
size: tiny
axes:
  gpu: [c2050-base-s]
  variant:
    baseline: {}
    mrpb: {overlays: [mrpb]}
  workload: [polybench/atax, rodinia/nw]
baseline: {variant: baseline}
metrics: {cycles: total.cycles}
)";

// The total.cycles the database holds for each run, by the run's label.
std::map<std::string, double> stored_cycles(const fs::path& db_file) {
  warpsim::sweep::Database db(db_file);
  std::map<std::string, double> out;
  db.query(
      "SELECT points.label, stats.value FROM points JOIN stats ON stats.key = points.key "
      "WHERE stats.kernel = -1 AND stats.path = 'cycles'",
      {}, [&](const std::vector<warpsim::sweep::SqlValue>& row) {
        out[std::get<std::string>(row[0])] = std::get<double>(row[1]);
      });
  return out;
}

double stats_cycles(const fs::path& folder) {
  return nlohmann::json::parse(std::ifstream(folder / "stats.json"))["total"]["cycles"]
      .get<double>();
}

TEST(SweepCli, RunStoresEveryRunAndARestartRerunsOnlyWhatDidNotFinish) {
  const auto dir = warpsim::testing::temp_dir("sweep-run");
  std::ofstream(dir / "tiny.yaml") << kTinyStudy;
  const std::string sweep = "sweep run " + (dir / "tiny.yaml").string() + " --jobs 2";
  const auto first = run(sweep);
  ASSERT_EQ(first.code, 0) << first.out;
  EXPECT_TRUE(contains(first.out, "4 runs: 0 done before, 0 failed before, 4 to run")) << first.out;
  const fs::path out = dir / "out" / "tiny";
  const std::map<std::string, double> cycles = stored_cycles(out / "results.db");
  ASSERT_EQ(cycles.size(), 4u);
  // Each stored figure is the one its run's stats.json holds.
  for (const auto& entry : fs::directory_iterator(out / "runs")) {
    const double c = stats_cycles(entry.path());
    EXPECT_GT(c, 0);
    EXPECT_EQ(
        std::count_if(cycles.begin(), cycles.end(), [&](auto& e) { return e.second == c; }) > 0,
        true);
  }

  const auto again = run(sweep);
  ASSERT_EQ(again.code, 0) << again.out;
  EXPECT_TRUE(contains(again.out, "4 runs: 4 done before, 0 failed before, 0 to run")) << again.out;

  // A run stopped before it finished has no run.json: only it runs again.
  const fs::path one = fs::directory_iterator(out / "runs")->path();
  fs::remove(one / "run.json");
  const auto resumed = run(sweep);
  ASSERT_EQ(resumed.code, 0) << resumed.out;
  EXPECT_TRUE(contains(resumed.out, "4 runs: 3 done before, 0 failed before, 1 to run"))
      << resumed.out;
  EXPECT_EQ(stored_cycles(out / "results.db"), cycles);  // deterministic: the same figures

  // The folders are the record: a lost database is rebuilt from them without running anything.
  fs::remove(out / "results.db");
  const auto rebuilt = run(sweep);
  ASSERT_EQ(rebuilt.code, 0) << rebuilt.out;
  EXPECT_TRUE(contains(rebuilt.out, "4 done before, 0 failed before, 0 to run")) << rebuilt.out;
  EXPECT_EQ(stored_cycles(out / "results.db"), cycles);

  // The report's tables hold the stored figures; the figure is drawn where matplotlib is.
  const auto exported = run("sweep export " + (dir / "tiny.yaml").string());
  ASSERT_EQ(exported.code, 0) << exported.out;
  EXPECT_TRUE(contains(exported.out, "index,gpu,variant,workload,status,cycles\n")) << exported.out;
  EXPECT_TRUE(contains(exported.out, fmt::format("0,c2050-base-s,baseline,polybench/atax,ok,{}\n",
                                                 cycles.begin()->second)))
      << exported.out;
  const auto report = run("sweep report " + (dir / "tiny.yaml").string());
  ASSERT_EQ(report.code, 0) << report.out;
  EXPECT_TRUE(contains(report.out, "## Runs")) << report.out;
  for (const char* file : {"runs.csv", "kernels.csv", "summary.csv", "report.md", "figures.json"}) {
    EXPECT_TRUE(fs::exists(out / "report" / file)) << file;
  }
  fs::remove_all(dir);
}

TEST(SweepCli, ReportDrawsEachDerivedFigure) {
  if (warpsim::testing::shell("/usr/bin/python3 -c 'import matplotlib'").code != 0) {
    GTEST_SKIP() << "no matplotlib for /usr/bin/python3";
  }
  const auto dir = warpsim::testing::temp_dir("sweep-figure");
  std::ofstream(dir / "tiny.yaml") << kTinyStudy << "derived: {speedup: baseline.cycles / cycles}\n"
                                   << "summary: {over: workload, gmean: [speedup]}\n";
  ASSERT_EQ(run("sweep run " + (dir / "tiny.yaml").string() + " -j 2").code, 0);
  const auto report = run("sweep report " + (dir / "tiny.yaml").string());
  ASSERT_EQ(report.code, 0) << report.out;
  EXPECT_TRUE(contains(report.out, "| c2050-base-s | mrpb | 2 |")) << report.out;
  const fs::path png = dir / "out" / "tiny" / "report" / "speedup.png";
  ASSERT_TRUE(fs::exists(png)) << report.out;
  std::ifstream in(png, std::ios::binary);
  char magic[4] = {};
  in.read(magic, 4);
  EXPECT_EQ(std::string(magic + 1, 3), "PNG");
  fs::remove_all(dir);
}

// Seed 004's Fig. 15 experiment at the tiny size: every run compared with the original on Base-S
// without MRPB, a /U version with its original.
TEST(SweepCli, TheUnsharedExperimentComparesEachUVersionWithItsOriginal) {
  const auto dir = warpsim::testing::temp_dir("sweep-unshared");
  const std::string file = WARPSIM_SOURCE_DIR "/experiments/mrpb/unshared.yaml";
  const std::string where = " --size tiny --out " + dir.string();
  const auto ran = run("sweep run -j 2 " + file + where);
  ASSERT_EQ(ran.code, 0) << ran.out;
  EXPECT_TRUE(contains(ran.out, "16 runs: 0 done before, 0 failed before, 16 to run")) << ran.out;
  const auto exported = run("sweep export " + file + where);
  ASSERT_EQ(exported.code, 0) << exported.out;
  // index,workload,gpu,variant,status,cycles,ipc,ipc_norm,speedup
  std::map<std::string, std::vector<std::string>> rows;
  std::istringstream lines(exported.out);
  for (std::string line; std::getline(lines, line);) {
    std::vector<std::string> cells;
    std::istringstream cell(line);
    for (std::string c; std::getline(cell, c, ',');) cells.push_back(c);
    ASSERT_EQ(cells.size(), 9u) << line;
    rows[cells[1] + " " + cells[2] + " " + cells[3]] = cells;
  }
  const auto cycles = [&](const std::string& run) { return std::stod(rows.at(run)[5]); };
  const auto speedup = [&](const std::string& run) { return std::stod(rows.at(run)[8]); };
  for (const char* app : {"srad", "hotspot"}) {
    const std::string original = fmt::format("rodinia/{} c2050-base-s baseline", app);
    EXPECT_EQ(rows.at(original)[4], "ok");
    EXPECT_EQ(speedup(original), 1.0);
    for (const char* variant : {"baseline", "mrpb"}) {
      for (const char* gpu : {"c2050-base-s", "c2050-base-l"}) {
        const std::string u = fmt::format("rodinia/{}-u {} {}", app, gpu, variant);
        EXPECT_DOUBLE_EQ(speedup(u), cycles(original) / cycles(u)) << u;
      }
    }
  }
  fs::remove_all(dir);
}

TEST(SweepCli, AFailedRunIsReportedAndRunAgainOnlyOnRequest) {
  const auto dir = warpsim::testing::temp_dir("sweep-fail");
  std::ofstream(dir / "fail.yaml") << "name: fail\ngpu: v100\nmode: functional\n"
                                      "axes: {program: [/bin/false]}\nmetrics: {c: total.cycles}\n";
  const std::string sweep = "sweep run " + (dir / "fail.yaml").string();
  const auto first = run(sweep);
  EXPECT_EQ(first.code, 1) << first.out;
  EXPECT_TRUE(contains(first.out, "FAILED (exit 1;")) << first.out;
  EXPECT_TRUE(contains(first.out, "failed: program=/bin/false")) << first.out;
  const auto again = run(sweep);
  EXPECT_EQ(again.code, 1) << again.out;
  EXPECT_TRUE(contains(again.out, "1 failed before, 0 to run")) << again.out;
  const auto retried = run(sweep + " --retry-failed");
  EXPECT_EQ(retried.code, 1) << retried.out;
  EXPECT_TRUE(contains(retried.out, "1 failed before (to run again), 1 to run")) << retried.out;
  fs::remove_all(dir);
}

}  // namespace
