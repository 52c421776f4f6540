// `warpsim sweep plan EXPERIMENT.yaml`: the runs an experiment file describes
// (docs/experiments.md).
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/app.h"
#include "app/commands.h"
#include "app/program_run.h"
#include "gpu/gpu_config.h"
#include "sweep/local_runner.h"
#include "sweep/plan.h"
#include "sweep/report.h"
#include "sweep/report_write.h"
#include "sweep/results_db.h"
#include "sweep/slurm_runner.h"

namespace warpsim::app {

namespace {

struct SweepOptions {
  std::string experiment;
  bool json = false;
  unsigned jobs = 1;
  std::string out;
  bool retry_failed = false;
  std::string backend = "local";
  unsigned runs_per_task = 1;
  double poll_s = 10;
  std::vector<std::string> sbatch_args;
  std::size_t task = 0;
  std::string size;  // --size: instead of the file's
};

// The experiment file, with --size in place of its `size`.
sweep::Experiment load_experiment(const SweepOptions& opts) {
  sweep::Experiment experiment = sweep::read_experiment(opts.experiment);
  if (!opts.size.empty()) experiment.defaults.size = opts.size;
  return experiment;
}

// One line per run: its number, the first 12 digits of its identity and its levels; or, with
// --json, every run's identity in full and its `warpsim run` arguments.
void print_plan(const SweepOptions& opts) {
  const sweep::Experiment experiment = load_experiment(opts);
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

// The output folder: --out, else out/NAME beside the experiment file (out/NAME-SIZE with
// --size).
std::filesystem::path output_folder(const SweepOptions& opts, const sweep::Experiment& e) {
  if (!opts.out.empty()) return opts.out;
  const std::string name = opts.size.empty() ? e.name : e.name + "-" + opts.size;
  return std::filesystem::absolute(opts.experiment).parent_path() / "out" / name;
}

void run_sweep(const SweepOptions& opts) {
  const sweep::Experiment experiment = load_experiment(opts);
  const std::vector<sweep::PlannedRun> runs = sweep::plan(experiment);
  const std::filesystem::path out = std::filesystem::absolute(output_folder(opts, experiment));
  const std::filesystem::path warpsim = std::filesystem::read_symlink("/proc/self/exe");
  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  if (ec) throw UsageError("cannot create '" + out.string() + "': " + ec.message());
  sweep::ResultsDb db(out / "results.db");
  db.record_plan(experiment, runs);
  sweep::SweepTally tally;
  if (opts.backend == "slurm") {
    sweep::SlurmOptions slurm{
        out, warpsim, opts.retry_failed, opts.runs_per_task, opts.poll_s, experiment.sbatch_args};
    slurm.sbatch_args.insert(slurm.sbatch_args.end(), opts.sbatch_args.begin(),
                             opts.sbatch_args.end());
    tally = sweep::run_slurm(experiment.name, runs, slurm, db, std::cerr);
  } else {
    tally = sweep::run_local(runs, sweep::LocalOptions{out, warpsim, opts.jobs, opts.retry_failed},
                             db, std::cerr);
  }
  std::cerr << fmt::format("sweep: {} runs: {} done before, {} run now, {} failed; results in {}\n",
                           tally.runs, tally.reused, tally.ran, tally.failed.size(),
                           (out / "results.db").string());
  if (tally.failed.empty()) return;
  for (const std::string& label : tally.failed) std::cerr << "  failed: " << label << "\n";
  throw ProgramExit{kExitSimulationFailed};
}

// The report of what the database holds for the current plan.
sweep::Report current_report(const SweepOptions& opts, sweep::Experiment& experiment,
                             std::filesystem::path& out) {
  experiment = load_experiment(opts);
  out = output_folder(opts, experiment);
  if (!std::filesystem::exists(out / "results.db")) {
    throw UsageError("no results in " + out.string() + " (run `warpsim sweep run` first)");
  }
  sweep::ResultsDb db(out / "results.db");
  return sweep::build_report(experiment, sweep::plan(experiment), db);
}

// Draws the figures with scripts/sweep-figures (matplotlib), where the source tree has it.
void draw_figures(const std::filesystem::path& figures_json) {
  const std::filesystem::path script = config_root().parent_path() / "scripts" / "sweep-figures";
  if (!std::filesystem::exists(script)) {
    std::cerr << "warpsim: " << script.string() << " not found: figures not drawn\n";
    return;
  }
  const std::filesystem::path python =
      std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : find_program("python3");
  const ProgramResult result = run_program(python, {script.string(), figures_json.string()}, {});
  if (result.exit_code != 0) {
    throw UsageError(fmt::format("{} failed (exit {})", script.string(), result.exit_code));
  }
}

void report_sweep(const SweepOptions& opts) {
  sweep::Experiment experiment;
  std::filesystem::path out;
  const sweep::Report report = current_report(opts, experiment, out);
  const std::filesystem::path dir = out / "report";
  std::filesystem::create_directories(dir);
  write_file(dir / "runs.csv", sweep::runs_csv(report));
  write_file(dir / "kernels.csv", sweep::kernels_csv(report));
  write_file(dir / "summary.csv", sweep::summary_csv(report));
  const std::string page = sweep::markdown(experiment, report);
  write_file(dir / "report.md", page);
  write_file(dir / "figures.json", sweep::figures(experiment, report).dump(1) + "\n");
  std::cout << page << std::flush;
  if (!experiment.derived.empty()) draw_figures(dir / "figures.json");
}

void export_sweep(const SweepOptions& opts) {
  sweep::Experiment experiment;
  std::filesystem::path out;
  std::cout << sweep::runs_csv(current_report(opts, experiment, out)) << std::flush;
}

void add_size_option(CLI::App& command, SweepOptions& opts) {
  command
      .add_option("--size", opts.size,
                  "the size of the workloads named without one, instead of the file's `size` "
                  "(default output folder: out/NAME-SIZE)")
      ->check(CLI::IsMember({"tiny", "small", "paper"}));
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
  add_size_option(*plan, *opts);
  plan->callback([opts] { print_plan(*opts); });

  CLI::App* run = sweep->add_subcommand("run", "run every run of an experiment not done yet");
  run->add_option("experiment", opts->experiment, "the experiment file (YAML)")->required();
  run->add_option("-j,--jobs", opts->jobs, "runs at a time")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  run->add_option("--out", opts->out,
                  "output folder (default: out/NAME beside the experiment file)");
  add_size_option(*run, *opts);
  run->add_flag("--retry-failed", opts->retry_failed, "run again the runs that failed before");
  run->add_option("--backend", opts->backend, "local (this machine) or slurm (a job array)")
      ->check(CLI::IsMember({"local", "slurm"}))
      ->capture_default_str();
  run->add_option("--runs-per-task", opts->runs_per_task, "slurm: runs each array task runs")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  run->add_option("--poll", opts->poll_s, "slurm: seconds between looks at the queue")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  run->add_option(
      "--sbatch-arg", opts->sbatch_args,
      "slurm: an sbatch option for every task (repeatable), e.g. --sbatch-arg=--mem=4G");
  run->callback([opts] { run_sweep(*opts); });

  CLI::App* report = sweep->add_subcommand(
      "report", "tables (Markdown, CSV) and figures (PNG) of an experiment's results");
  report->add_option("experiment", opts->experiment, "the experiment file (YAML)")->required();
  report->add_option("--out", opts->out, "the experiment's output folder (as for sweep run)");
  add_size_option(*report, *opts);
  report->callback([opts] { report_sweep(*opts); });

  CLI::App* worker = sweep->add_subcommand(
      "worker", "run one Slurm array task's runs (what sweep run --backend slurm submits)");
  worker->add_option("tasks", opts->experiment, "the job's tasks.json")->required();
  worker->add_option("--task", opts->task, "the array task's index")->required();
  worker->callback([opts] { sweep::run_worker(opts->experiment, opts->task); });

  CLI::App* exported = sweep->add_subcommand("export", "every run's figures as CSV on stdout");
  exported->add_option("experiment", opts->experiment, "the experiment file (YAML)")->required();
  exported->add_option("--out", opts->out, "the experiment's output folder (as for sweep run)");
  add_size_option(*exported, *opts);
  exported->callback([opts] { export_sweep(*opts); });
}

}  // namespace warpsim::app
