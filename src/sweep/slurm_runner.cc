#include "sweep/slurm_runner.h"

#include <chrono>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "sweep/command.h"
#include "sweep/run_folder.h"

namespace warpsim::sweep {

namespace {

namespace fs = std::filesystem;
using nlohmann::ordered_json;

void write_file(const fs::path& file, const std::string& text) {
  std::ofstream out(file);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + file.string());
}

std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// The array's tasks, `per_task` runs each, as the worker reads them.
ordered_json tasks_json(const std::vector<const PlannedRun*>& pending, const SlurmOptions& o) {
  ordered_json tasks = ordered_json::array();
  for (std::size_t i = 0; i < pending.size(); ++i) {
    if (i % o.runs_per_task == 0) tasks.push_back(ordered_json::array());
    const RunJob job = job_for(*pending[i], o.out);
    tasks.back().push_back(
        {{"key", job.key}, {"label", job.label}, {"args", job.args}, {"identity", job.identity}});
  }
  return {{"warpsim", o.warpsim.string()}, {"out", o.out.string()}, {"tasks", tasks}};
}

// Submits the pending runs; returns the job id.
std::string submit(const std::string& name, const std::vector<const PlannedRun*>& pending,
                   const SlurmOptions& o) {
  const fs::path dir = o.out / "slurm";
  fs::create_directories(dir);
  const ordered_json tasks = tasks_json(pending, o);
  write_file(dir / "tasks.json", tasks.dump(1) + "\n");
  write_file(dir / "task.sh", fmt::format("#!/bin/sh\nexec {} sweep worker {} --task "
                                          "\"$SLURM_ARRAY_TASK_ID\"\n",
                                          shell_quote(o.warpsim.string()),
                                          shell_quote((dir / "tasks.json").string())));
  std::vector<std::string> argv = {"sbatch", "--parsable", "--job-name=warpsim-" + name,
                                   fmt::format("--array=0-{}", tasks["tasks"].size() - 1),
                                   "--output=" + (dir / "task-%A_%a.log").string()};
  argv.insert(argv.end(), o.sbatch_args.begin(), o.sbatch_args.end());
  argv.push_back((dir / "task.sh").string());
  const CommandResult r = run_command(argv);
  if (r.exit_code != 0) {
    throw std::runtime_error(fmt::format("sbatch failed (exit {}): {}", r.exit_code, r.output));
  }
  const std::string id = r.output.substr(0, r.output.find_first_of(";\n"));
  ordered_json keys = ordered_json::array();
  for (const PlannedRun* run : pending) keys.push_back(run->identity.key);
  write_file(dir / "job.json", ordered_json{{"job", id}, {"keys", keys}}.dump(1) + "\n");
  return id;
}

// The job's tasks squeue still lists (pending or running); 0 once it has left the queue.
std::size_t active_tasks(const std::string& job) {
  const CommandResult r =
      run_command({"squeue", "--noheader", "--array", "--jobs=" + job, "--format=%T"});
  if (r.exit_code != 0) return 0;  // squeue refuses ids it no longer knows
  std::size_t lines = 0;
  for (char c : r.output) lines += c == '\n' ? 1 : 0;
  return lines;
}

// The job submitted earlier for these runs, if squeue still lists it.
std::optional<std::pair<std::string, std::set<std::string>>> live_job(const SlurmOptions& o) {
  std::ifstream in(o.out / "slurm" / "job.json");
  if (!in) return std::nullopt;
  const nlohmann::json job = nlohmann::json::parse(in, nullptr, false);
  if (job.is_discarded() || !job.contains("job")) return std::nullopt;
  const std::string id = job["job"].get<std::string>();
  if (active_tasks(id) == 0) return std::nullopt;
  return std::pair{id, job["keys"].get<std::set<std::string>>()};
}

}  // namespace

SweepTally run_slurm(const std::string& name, const std::vector<PlannedRun>& runs,
                     const SlurmOptions& o, ResultsDb& db, std::ostream& log) {
  Triage t = triage(runs, o.out, o.retry_failed, db);
  log << triage_line(t, o.retry_failed) << "\n" << std::flush;
  if (t.pending.empty()) return t.tally;
  std::string job;
  if (auto live = live_job(o)) {
    job = live->first;
    std::erase_if(t.pending,
                  [&](const PlannedRun* r) { return !live->second.contains(r->identity.key); });
    log << fmt::format("sweep: following Slurm job {}, submitted before, for {} runs\n", job,
                       t.pending.size());
  } else {
    job = submit(name, t.pending, o);
    log << fmt::format("sweep: submitted Slurm job {}: {} runs\n", job, t.pending.size());
  }
  std::vector<const PlannedRun*> waiting = t.pending;
  std::size_t ended = 0;
  for (bool last_look = false;;) {
    std::erase_if(waiting, [&](const PlannedRun* run) {
      const fs::path folder = run_folder(o.out, run->identity.key);
      const std::optional<RunRecord> record = read_run_record(folder);
      if (!record) return false;
      log << fmt::format("[{}/{}] {}\n", ++ended, t.pending.size(),
                         record_ended(*run, *record, folder, db, t.tally))
          << std::flush;
      return true;
    });
    if (waiting.empty() || last_look) break;
    last_look = active_tasks(job) == 0;  // one more look at the folders once the job is gone
    if (!last_look) std::this_thread::sleep_for(std::chrono::duration<double>(o.poll_s));
  }
  for (const PlannedRun* run : waiting) {
    log << fmt::format("LOST {}: its Slurm task ended without a result (see {}/slurm/)\n",
                       run->label, o.out.string());
    t.tally.failed.push_back(run->label);
  }
  return t.tally;
}

void run_worker(const fs::path& tasks_file, std::size_t task) {
  std::ifstream in(tasks_file);
  const ordered_json tasks = ordered_json::parse(in);
  const fs::path warpsim = tasks.at("warpsim").get<std::string>();
  const fs::path out = tasks.at("out").get<std::string>();
  for (const ordered_json& j : tasks.at("tasks").at(task)) {
    const RunJob job{j.at("key"), j.at("label"), j.at("args").get<std::vector<std::string>>(),
                     j.at("identity")};
    run_to_end(warpsim, job, run_folder(out, job.key));
  }
}

}  // namespace warpsim::sweep
