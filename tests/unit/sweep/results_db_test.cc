// The experiment database (sweep/results_db.h): stats.json flattened into rows, a run stored
// once per identity, the plan replaced whole.

#include "sweep/results_db.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "sweep/points.h"
#include "sweep_test_util.h"

namespace warpsim::sweep {
namespace {

namespace fs = std::filesystem;

class ResultsDbTest : public testing::DatabaseTest {
 protected:
  // Rows of `sql` as text, fields joined by '|'.
  std::vector<std::string> rows(ResultsDb& db, const std::string& sql) {
    std::vector<std::string> out;
    db.db().query(sql, {}, [&](const std::vector<SqlValue>& row) {
      std::string line;
      for (const SqlValue& v : row) {
        line += line.empty() ? "" : "|";
        if (const auto* s = std::get_if<std::string>(&v)) line += *s;
        if (const auto* i = std::get_if<std::int64_t>(&v)) line += std::to_string(*i);
        if (const auto* d = std::get_if<double>(&v)) line += fmt::format("{}", *d);
      }
      out.push_back(line);
    });
    return out;
  }
};

TEST(Flatten, NumbersByDottedPathArraysIndexedTextLeftOut) {
  const auto stats = nlohmann::json::parse(
      R"({"cycles": 100, "ipc": 1.5, "name": "k", "grid": [4, 1, 1], "l1d": {"misses": 7,
          "hit_rate": null}, "sm": [{"issued": 3}, {"issued": 4}], "check": true})");
  const std::vector<std::pair<std::string, double>> want = {
      {"check", 1}, {"cycles", 100},   {"grid[0]", 4},      {"grid[1]", 1},     {"grid[2]", 1},
      {"ipc", 1.5}, {"l1d.misses", 7}, {"sm[0].issued", 3}, {"sm[1].issued", 4}};
  EXPECT_EQ(flatten(stats), want);  // nlohmann::json keeps keys sorted
}

TEST_F(ResultsDbTest, ARunIsStoredOncePerIdentityWithItsTotalsAndKernels) {
  ResultsDb db(file_);
  const auto stats = nlohmann::json::parse(
      R"({"total": {"cycles": 300, "l1d": {"misses": 9}},
          "kernels": [{"launch": 0, "cycles": 100}, {"launch": 1, "cycles": 200}]})");
  RunRecord run{"k1", "ok", 0, 1.5, "abc", {{"mode", "timing"}}};
  db.record_run(run, &stats);
  db.record_run(run, &stats);  // again: replaced, not doubled
  EXPECT_EQ(rows(db, "SELECT kernel, path, value FROM stats ORDER BY kernel, path"),
            (std::vector<std::string>{"-1|cycles|300", "-1|l1d.misses|9", "0|cycles|100",
                                      "0|launch|0", "1|cycles|200", "1|launch|1"}));
  run.status = "failed";
  run.exit_code = 2;
  db.record_run(run, nullptr);  // a failed rerun keeps no figures
  EXPECT_EQ(rows(db, "SELECT key, status, exit_code, warpsim_git, identity FROM runs"),
            std::vector<std::string>{R"(k1|failed|2|abc|{"mode":"timing"})"});
  EXPECT_TRUE(rows(db, "SELECT * FROM stats").empty());
  EXPECT_EQ(db.statuses(), (std::map<std::string, std::string>{{"k1", "failed"}}));
}

TEST_F(ResultsDbTest, ThePlanIsReplacedWholeWithEachRunsLevelsAndBaseline) {
  const Experiment e = testing::parse(R"(name: x
gpu: v100
axes:
  variant: {base: {}, big: {set: {sm.l1d.ways: 8}}}
  workload: [polybench/atax, rodinia/nw]
baseline: {variant: base}
metrics: {cycles: total.cycles}
)");
  const std::vector<PlannedRun> runs = testing::planned_runs(e);
  ResultsDb db(file_);
  db.record_plan(e, runs);
  db.record_plan(e, runs);
  EXPECT_EQ(rows(db, "SELECT idx, key, baseline FROM points ORDER BY idx"),
            (std::vector<std::string>{"0|k0|0", "1|k1|1", "2|k2|0", "3|k3|1"}));
  EXPECT_EQ(rows(db, "SELECT axis, level FROM levels WHERE idx = 3 ORDER BY axis"),
            (std::vector<std::string>{"variant|big", "workload|rodinia/nw"}));
}

}  // namespace
}  // namespace warpsim::sweep
