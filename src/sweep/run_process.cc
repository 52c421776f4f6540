#include "sweep/run_process.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "sweep/run_folder.h"
#include "warpsim/version.h"

extern char** environ;

namespace warpsim::sweep {

namespace fs = std::filesystem;

pid_t start_run(const fs::path& warpsim, const RunJob& job, const fs::path& folder) {
  fs::create_directories(folder);
  fs::remove(folder / "run.json");
  std::vector<std::string> args = {warpsim.string(), "run"};
  args.insert(args.end(), job.args.begin(), job.args.end());
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

RunRecord finish_run(const RunJob& job, const fs::path& folder, int wait_status, double wall_s) {
  RunRecord record;
  record.key = job.key;
  record.exit_code =
      WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : 128 + WTERMSIG(wait_status);
  record.wall_s = wall_s;
  record.warpsim_git = kGitRevision;
  record.identity = job.identity;
  record.status = record.exit_code == 0 && read_stats(folder) ? "ok" : "failed";
  write_run_record(folder, record);
  return record;
}

RunRecord run_to_end(const fs::path& warpsim, const RunJob& job, const fs::path& folder) {
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = start_run(warpsim, job, folder);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw std::runtime_error(std::string("waitpid: ") + std::strerror(errno));
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return finish_run(job, folder, status, seconds);
}

}  // namespace warpsim::sweep
