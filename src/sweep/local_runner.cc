#include "sweep/local_runner.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <map>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "sweep/run_folder.h"
#include "warpsim/version.h"

extern char** environ;

namespace warpsim::sweep {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct Running {
  const PlannedRun* run = nullptr;
  fs::path folder;
  Clock::time_point start;
};

// Starts `warpsim run ARGS --out FOLDER`, its stdout and stderr into FOLDER/warpsim.log.
pid_t start_run(const fs::path& warpsim, const PlannedRun& run, const fs::path& folder) {
  fs::create_directories(folder);
  fs::remove(folder / "run.json");
  std::vector<std::string> args = {warpsim.string(), "run"};
  for (std::string& arg : run_arguments(run.point, folder.string())) args.push_back(arg);
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  const std::string log = (folder / "warpsim.log").string();
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    throw std::runtime_error(fmt::format("cannot start {}: {}", argv[0], std::strerror(rc)));
  }
  return pid;
}

class Sweep {
 public:
  Sweep(const LocalOptions& options, ResultsDb& db, std::ostream& log)
      : options_(options), db_(db), log_(log) {}

  SweepTally run(const std::vector<PlannedRun>& runs);

 private:
  void sort_out(const PlannedRun& run, const std::map<std::string, std::string>& stored);
  void finish(pid_t pid, int status);
  void report(const PlannedRun& run, const std::string& what, double seconds);

  const LocalOptions& options_;
  ResultsDb& db_;
  std::ostream& log_;
  SweepTally tally_;
  std::vector<const PlannedRun*> pending_;
  std::map<pid_t, Running> running_;
  std::size_t failed_before_ = 0;
  std::size_t ended_ = 0;  // runs ended this time
  double seconds_ = 0;     // their wall time
};

// Decides whether `run` is done (its folder says so: stored in the database if it was not),
// failed before, or still to run.
void Sweep::sort_out(const PlannedRun& run, const std::map<std::string, std::string>& stored) {
  const fs::path folder = run_folder(options_.out, run.identity.key);
  const std::optional<RunRecord> record = read_run_record(folder);
  const bool failed = record && record->status != "ok";
  failed_before_ += failed ? 1 : 0;
  if (!record || (failed && options_.retry_failed)) {
    pending_.push_back(&run);
    return;
  }
  const auto it = stored.find(run.identity.key);
  if (it == stored.end() || it->second != record->status) {
    const std::optional<nlohmann::json> stats = read_stats(folder);
    db_.record_run(*record, failed || !stats ? nullptr : &*stats);
  }
  if (failed) {
    tally_.failed.push_back(run.label);
  } else {
    ++tally_.reused;
  }
}

SweepTally Sweep::run(const std::vector<PlannedRun>& runs) {
  const std::map<std::string, std::string> stored = db_.statuses();
  std::set<std::string> seen;
  for (const PlannedRun& run : runs) {
    if (seen.insert(run.identity.key).second) sort_out(run, stored);
  }
  tally_.runs = seen.size();
  log_ << fmt::format("sweep: {} runs: {} done before, {} failed before{}, {} to run\n",
                      tally_.runs, tally_.reused, failed_before_,
                      failed_before_ != 0 && options_.retry_failed ? " (to run again)" : "",
                      pending_.size())
       << std::flush;
  std::size_t next = 0;
  while (next < pending_.size() || !running_.empty()) {
    while (next < pending_.size() && running_.size() < options_.jobs) {
      const PlannedRun& run = *pending_[next++];
      const fs::path folder = run_folder(options_.out, run.identity.key);
      running_[start_run(options_.warpsim, run, folder)] = Running{&run, folder, Clock::now()};
    }
    int status = 0;
    const pid_t pid = ::waitpid(-1, &status, 0);
    if (pid < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error(std::string("waitpid: ") + std::strerror(errno));
    }
    if (running_.contains(pid)) finish(pid, status);
  }
  return tally_;
}

void Sweep::finish(pid_t pid, int status) {
  const Running done = running_.at(pid);
  running_.erase(pid);
  const double seconds = std::chrono::duration<double>(Clock::now() - done.start).count();
  RunRecord record;
  record.key = done.run->identity.key;
  record.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  record.wall_s = seconds;
  record.warpsim_git = kGitRevision;
  record.identity = done.run->identity.what;
  const std::optional<nlohmann::json> stats = read_stats(done.folder);
  record.status = record.exit_code == 0 && stats ? "ok" : "failed";
  write_run_record(done.folder, record);
  db_.record_run(record, record.status == "ok" ? &*stats : nullptr);
  ++ended_;
  seconds_ += seconds;
  if (record.status == "ok") {
    ++tally_.ran;
    report(*done.run, "ok", seconds);
  } else {
    tally_.failed.push_back(done.run->label);
    report(*done.run,
           fmt::format("FAILED (exit {}; {})", record.exit_code,
                       (done.folder / "warpsim.log").string()),
           seconds);
  }
}

void Sweep::report(const PlannedRun& run, const std::string& what, double seconds) {
  const std::size_t left = pending_.size() - ended_;
  const double eta = ended_ == 0 ? 0 : seconds_ / ended_ * left / options_.jobs;
  log_ << fmt::format("[{}/{}] {} {} ({:.1f} s); running {}, failed {}, about {:.0f} s left\n",
                      ended_, pending_.size(), what, run.label, seconds, running_.size(),
                      tally_.failed.size(), eta)
       << std::flush;
}

}  // namespace

SweepTally run_local(const std::vector<PlannedRun>& runs, const LocalOptions& options,
                     ResultsDb& db, std::ostream& log) {
  if (options.jobs == 0) throw std::invalid_argument("run_local: jobs must be at least 1");
  return Sweep(options, db, log).run(runs);
}

}  // namespace warpsim::sweep
