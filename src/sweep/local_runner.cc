#include "sweep/local_runner.h"

#include <sys/wait.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

#include "sweep/run_folder.h"

namespace warpsim::sweep {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct Running {
  const PlannedRun* run = nullptr;
  RunJob job;
  fs::path folder;
  Clock::time_point start;
};

}  // namespace

SweepTally run_local(const std::vector<PlannedRun>& runs, const LocalOptions& options,
                     ResultsDb& db, std::ostream& log) {
  if (options.jobs == 0) throw std::invalid_argument("run_local: jobs must be at least 1");
  Triage t = triage(runs, options.out, options.retry_failed, db);
  log << triage_line(t, options.retry_failed) << "\n" << std::flush;
  std::map<pid_t, Running> running;
  std::size_t next = 0;
  std::size_t ended = 0;
  double seconds = 0;
  while (next < t.pending.size() || !running.empty()) {
    while (next < t.pending.size() && running.size() < options.jobs) {
      const PlannedRun& run = *t.pending[next++];
      Running r{&run, job_for(run, options.out), run_folder(options.out, run.identity.key),
                Clock::now()};
      const pid_t pid = start_run(options.warpsim, r.job, r.folder);
      running.emplace(pid, std::move(r));
    }
    int status = 0;
    const pid_t pid = ::waitpid(-1, &status, 0);
    if (pid < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error(std::string("waitpid: ") + std::strerror(errno));
    }
    const auto it = running.find(pid);
    if (it == running.end()) continue;
    const Running done = std::move(it->second);
    running.erase(it);
    const double wall = std::chrono::duration<double>(Clock::now() - done.start).count();
    const RunRecord record = finish_run(done.job, done.folder, status, wall);
    const std::string what = record_ended(*done.run, record, done.folder, db, t.tally);
    ++ended;
    seconds += wall;
    const double left = seconds / ended * (t.pending.size() - ended) / options.jobs;
    log << fmt::format("[{}/{}] {}; running {}, failed {}, about {:.0f} s left\n", ended,
                       t.pending.size(), what, running.size(), t.tally.failed.size(), left)
        << std::flush;
  }
  return t.tally;
}

}  // namespace warpsim::sweep
