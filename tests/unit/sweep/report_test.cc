// Reports (sweep/report.h, report_write.h) from a hand-made database: every number below follows
// from the figures stored here, not from a simulation.

#include "sweep/report.h"

#include <cmath>

#include <gtest/gtest.h>

#include "sweep/points.h"
#include "sweep/report_write.h"
#include "sweep_test_util.h"

namespace warpsim::sweep {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kStudy = R"(name: study
gpu: v100
axes:
  variant: {base: {}, fast: {set: {sm.l1d.ways: 8}}}
  workload: [polybench/atax, rodinia/nw, rodinia/bfs]
baseline: {variant: base}
metrics:
  cycles: total.cycles
  ipc: total.ipc
  kcycles: kernels.cycles
derived:
  speedup: baseline.cycles / cycles
  ipc_norm: ipc / baseline.ipc
summary: {over: workload, gmean: [speedup, ipc_norm]}
)";

class ReportTest : public testing::DatabaseTest {
 protected:
  void SetUp() override {
    DatabaseTest::SetUp();
    experiment_ = testing::parse(kStudy);
    runs_ = testing::planned_runs(experiment_);
  }
  // Stores run `index` with its total cycles and IPC, and one kernel.
  void store(ResultsDb& db, std::size_t index, double cycles, double ipc) {
    const auto stats = nlohmann::json{{"total", {{"cycles", cycles}, {"ipc", ipc}}},
                                      {"kernels", {{{"launch", 0}, {"cycles", cycles / 2}}}}};
    db.record_run(RunRecord{runs_[index].identity.key, "ok", 0, 1.0, "g", {}}, &stats);
  }
  Experiment experiment_;
  std::vector<PlannedRun> runs_;
};

TEST_F(ReportTest, DerivedFiguresAreRatiosToTheBaselineAndTheSummaryTheirGeometricMean) {
  ResultsDb db(file_);
  // base: atax 1000 cycles, nw 400, bfs 900; fast: atax 500 (2x), nw 800 (0.5x); bfs not run.
  store(db, 0, 1000, 1.0);
  store(db, 1, 400, 2.0);
  store(db, 2, 900, 3.0);
  store(db, 3, 500, 2.0);
  store(db, 4, 800, 1.0);
  const Report report = build_report(experiment_, runs_, db);
  ASSERT_EQ(report.rows.size(), 6u);
  EXPECT_EQ(report.columns, (std::vector<std::string>{"cycles", "ipc", "speedup", "ipc_norm"}));
  EXPECT_EQ(report.rows[3].values.at("speedup"), 2.0);
  EXPECT_EQ(report.rows[3].values.at("ipc_norm"), 2.0);
  EXPECT_EQ(report.rows[4].values.at("speedup"), 0.5);
  EXPECT_EQ(report.rows[0].values.at("speedup"), 1.0);  // the baseline against itself
  EXPECT_EQ(report.rows[5].status, "not run");
  EXPECT_FALSE(report.rows[5].values.at("speedup"));

  ASSERT_EQ(report.summary.size(), 2u);
  EXPECT_EQ(report.summary_axes, std::vector<std::string>{"variant"});
  EXPECT_EQ(report.summary[1].levels, std::vector<std::string>{"fast"});
  EXPECT_EQ(report.summary[1].runs, 2u);  // bfs has no figures: left out
  EXPECT_DOUBLE_EQ(*report.summary[1].values.at("speedup_gmean"), 1.0);  // sqrt(2 * 0.5)
  EXPECT_DOUBLE_EQ(*report.summary[0].values.at("speedup_gmean"), 1.0);

  ASSERT_EQ(report.kernel_rows.size(), 5u);
  EXPECT_EQ(report.kernel_rows[3].values.at("kcycles"), 250.0);

  EXPECT_EQ(runs_csv(report),
            "index,variant,workload,status,cycles,ipc,speedup,ipc_norm\n"
            "0,base,polybench/atax,ok,1000,1,1,1\n"
            "1,base,rodinia/nw,ok,400,2,1,1\n"
            "2,base,rodinia/bfs,ok,900,3,1,1\n"
            "3,fast,polybench/atax,ok,500,2,2,2\n"
            "4,fast,rodinia/nw,ok,800,1,0.5,0.5\n"
            "5,fast,rodinia/bfs,not run,,,,\n");
  EXPECT_EQ(summary_csv(report),
            "variant,runs,speedup_gmean,ipc_norm_gmean\nbase,3,1,1\nfast,2,1,1\n");
  const std::string page = markdown(experiment_, report);
  EXPECT_NE(page.find("| variant | runs | speedup_gmean | ipc_norm_gmean |\n"), std::string::npos)
      << page;
  EXPECT_NE(page.find("| 5 | fast | rodinia/bfs | not run |  |  |  |  |\n"), std::string::npos)
      << page;
}

TEST_F(ReportTest, FiguresHaveOneBarPerWorkloadThenTheGeometricMean) {
  ResultsDb db(file_);
  for (std::size_t i = 0; i < 3; ++i) store(db, i, 1000, 1.0);
  store(db, 3, 250, 4.0);
  store(db, 4, 1000, 1.0);
  store(db, 5, 4000, 0.25);
  const nlohmann::ordered_json charts = figures(experiment_, build_report(experiment_, runs_, db));
  ASSERT_EQ(charts["figures"].size(), 2u);
  const auto& speedup = charts["figures"][0];
  EXPECT_EQ(speedup["file"], "speedup.png");
  const auto& panel = speedup["panels"][0];
  EXPECT_EQ(panel["groups"],
            nlohmann::json::parse(R"(["polybench/atax", "rodinia/nw", "rodinia/bfs", "gmean"])"));
  ASSERT_EQ(panel["series"].size(), 1u);  // the baseline level is the reference line, not a bar
  EXPECT_EQ(panel["series"][0]["label"], "variant=fast");
  EXPECT_EQ(panel["series"][0]["values"], nlohmann::json::parse("[4.0, 1.0, 0.25, 1.0]"));
}

// With a baseline that maps levels of the bars' axis (srad-u against srad), the baseline's own
// colour is drawn too: not all of its bars are 1.
TEST_F(ReportTest, ABaselineMappedAlongTheBarsKeepsTheBaselineColour) {
  const Experiment e = testing::parse(R"(name: unshared
gpu: v100
axes:
  workload: [rodinia/srad, rodinia/srad-u]
  variant: {base: {}, fast: {set: {sm.l1d.ways: 8}}}
baseline: {workload: {rodinia/srad-u: rodinia/srad}, variant: base}
metrics: {cycles: total.cycles}
derived: {speedup: baseline.cycles / cycles}
)");
  const std::vector<PlannedRun> runs = testing::planned_runs(e);
  ResultsDb db(file_);
  const double cycles[] = {1000, 500, 2000, 800};  // srad base, fast; srad-u base, fast
  for (std::size_t i = 0; i < 4; ++i) {
    const auto stats = nlohmann::json{{"total", {{"cycles", cycles[i]}}}};
    db.record_run(RunRecord{runs[i].identity.key, "ok", 0, 1.0, "g", {}}, &stats);
  }
  const nlohmann::ordered_json charts = figures(e, build_report(e, runs, db));
  const auto& chart = charts["figures"][0];
  EXPECT_EQ(chart["title"],
            "unshared: speedup (baseline variant=base workload={rodinia/srad-u: rodinia/srad})");
  const auto& panel = chart["panels"][0];
  EXPECT_EQ(panel["groups"], nlohmann::json::parse(R"(["rodinia/srad", "rodinia/srad-u"])"));
  ASSERT_EQ(panel["series"].size(), 2u);
  EXPECT_EQ(panel["series"][0]["label"], "variant=base");
  EXPECT_EQ(panel["series"][0]["values"], nlohmann::json::parse("[1.0, 0.5]"));
  EXPECT_EQ(panel["series"][1]["label"], "variant=fast");
  EXPECT_EQ(panel["series"][1]["values"], nlohmann::json::parse("[2.0, 1.25]"));
}

// Workloads in groups (suites), a metric that sums two stats, arithmetic means beside geometric.
TEST_F(ReportTest, GroupedWorkloadsAreSummarizedPerGroup) {
  const Experiment e = testing::parse(R"(name: suites
gpu: v100
axes:
  variant: {base: {}, fast: {set: {sm.l1d.ways: 8}}}
  workload: {polybench: [polybench/atax, polybench/bicg], rodinia: [rodinia/nw]}
baseline: {variant: base}
metrics: {reads: total.misses + total.bypassed}
derived: {reads_norm: reads / baseline.reads}
summary: {over: workload, gmean: [reads_norm], mean: [reads_norm]}
)");
  const std::vector<PlannedRun> runs = testing::planned_runs(e);
  ResultsDb db(file_);
  // base: 100 reads each (60 + 40); fast: atax 50, bicg 200, nw 25.
  const double fast[][2] = {{30, 20}, {150, 50}, {20, 5}};
  for (std::size_t i = 0; i < 6; ++i) {
    const double misses = i < 3 ? 60 : fast[i - 3][0];
    const double bypassed = i < 3 ? 40 : fast[i - 3][1];
    const auto stats = nlohmann::json{{"total", {{"misses", misses}, {"bypassed", bypassed}}}};
    db.record_run(RunRecord{runs[i].identity.key, "ok", 0, 1.0, "g", {}}, &stats);
  }
  const Report report = build_report(e, runs, db);
  EXPECT_EQ(report.rows[3].values.at("reads"), 50.0);
  EXPECT_EQ(report.summary_axes, (std::vector<std::string>{"variant", "workload"}));
  EXPECT_EQ(report.summary_columns,
            (std::vector<std::string>{"reads_norm_gmean", "reads_norm_mean"}));
  EXPECT_EQ(summary_csv(report),
            "variant,workload,runs,reads_norm_gmean,reads_norm_mean\n"
            "base,polybench,2,1,1\n"
            "base,rodinia,1,1,1\n"
            "fast,polybench,2,1,1.25\n"  // gmean(0.5, 2) = 1, mean 1.25
            "fast,rodinia,1,0.25,0.25\n");
  // The figure: each group's bars, then the group's geometric mean.
  const nlohmann::ordered_json charts = figures(e, report);
  const auto& panel = charts["figures"][0]["panels"][0];
  EXPECT_EQ(panel["groups"], nlohmann::json::parse(R"(["polybench/atax", "polybench/bicg",
      "gmean polybench", "rodinia/nw", "gmean rodinia"])"));
  ASSERT_EQ(panel["series"].size(), 1u);
  EXPECT_EQ(panel["series"][0]["values"], nlohmann::json::parse("[0.5, 2.0, 1.0, 0.25, 0.25]"));
}

TEST(GeometricMean, OfPositiveValuesOnly) {
  EXPECT_DOUBLE_EQ(*geometric_mean({2, 8}), 4.0);
  EXPECT_DOUBLE_EQ(*geometric_mean({3}), 3.0);
  EXPECT_FALSE(geometric_mean({}));
  EXPECT_FALSE(geometric_mean({1, 0}));
}

}  // namespace
}  // namespace warpsim::sweep
