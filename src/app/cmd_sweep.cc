// `warpsim sweep plan EXPERIMENT.yaml`: the runs an experiment file describes
// (docs/experiments.md).
#include <iostream>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "app/app.h"
#include "app/commands.h"
#include "sweep/plan.h"

namespace warpsim::app {

namespace {

struct SweepOptions {
  std::string experiment;
  bool json = false;
};

// One line per run: its number, the first 12 digits of its identity and its levels; or, with
// --json, every run's identity in full and its `warpsim run` arguments.
void print_plan(const SweepOptions& opts) {
  const sweep::Experiment experiment = sweep::read_experiment(opts.experiment);
  const std::vector<sweep::PlannedRun> runs = sweep::plan(experiment);
  if (!opts.json) {
    for (const sweep::PlannedRun& run : runs) {
      std::cout << fmt::format("{:>5}  {}  {}\n", run.point.index, run.identity.key.substr(0, 12),
                               run.label);
    }
    std::cout << fmt::format("{}: {} runs\n", experiment.name, runs.size());
    return;
  }
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const sweep::PlannedRun& run : runs) {
    out.push_back({{"index", run.point.index},
                   {"label", run.label},
                   {"key", run.identity.key},
                   {"run", sweep::run_arguments(run.point, "OUT")},
                   {"identity", run.identity.what}});
  }
  std::cout << out.dump(1) << "\n";
}

}  // namespace

void add_sweep_command(CLI::App& app) {
  CLI::App* sweep = app.add_subcommand("sweep", "run the experiments an experiment file describes");
  sweep->require_subcommand(1);
  auto opts = std::make_shared<SweepOptions>();
  CLI::App* plan =
      sweep->add_subcommand("plan", "list the runs of an experiment and their identities");
  plan->add_option("experiment", opts->experiment, "the experiment file (YAML)")->required();
  plan->add_flag("--json", opts->json, "every run in full, as JSON");
  plan->callback([opts] { print_plan(*opts); });
}

}  // namespace warpsim::app
