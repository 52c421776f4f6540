#pragma once

// Experiment files written inline in the sweep tests, read as if from /lab/exp.yaml.

#include <unistd.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "sweep/experiment.h"
#include "sweep/plan.h"
#include "sweep/points.h"

namespace warpsim::sweep::testing {

inline Experiment parse(std::string_view yaml) {
  return parse_experiment(ConfigNode::parse_string(yaml, "exp.yaml"), "/lab/exp.yaml");
}

// Every message of the ConfigError that `step` throws on the file `yaml`.
template <class Step>
std::vector<std::string> mistakes(std::string_view yaml, Step step) {
  try {
    step(yaml);
  } catch (const ConfigError& e) {
    return e.messages();
  }
  ADD_FAILURE() << "no error for:\n" << yaml;
  return {};
}

// The runs of `experiment` as plan() would give them, but keyed "k0", "k1", ... (by index) and
// without resolving configs.
inline std::vector<PlannedRun> planned_runs(const Experiment& experiment) {
  std::vector<PlannedRun> runs;
  for (Point& p : expand(experiment)) {
    PlannedRun run;
    run.label = point_label(experiment, p);
    run.identity.key = "k" + std::to_string(p.index);
    run.point = std::move(p);
    runs.push_back(std::move(run));
  }
  return runs;
}

// A test with a database file of its own, removed (with SQLite's side files) afterwards.
class DatabaseTest : public ::testing::Test {
 protected:
  void SetUp() override {
    file_ = std::filesystem::temp_directory_path() /
            ("warpsim-sweep-" + std::to_string(::getpid()) + ".db");
    TearDown();
  }
  void TearDown() override {
    for (const char* suffix : {"", "-wal", "-shm"})
      std::filesystem::remove(file_.string() + suffix);
  }
  std::filesystem::path file_;
};

}  // namespace warpsim::sweep::testing
