#include "sweep/run_process.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "sweep/command.h"
#include "sweep/run_folder.h"
#include "warpsim/version.h"

namespace warpsim::sweep {

namespace fs = std::filesystem;

pid_t start_run(const fs::path& warpsim, const RunJob& job, const fs::path& folder) {
  fs::create_directories(folder);
  fs::remove(folder / "run.json");
  std::vector<std::string> argv = {warpsim.string(), "run"};
  argv.insert(argv.end(), job.args.begin(), job.args.end());
  const std::string log = (folder / "warpsim.log").string();
  const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    throw std::runtime_error(fmt::format("cannot write {}: {}", log, std::strerror(errno)));
  try {
    const pid_t pid = spawn(argv, fd);
    ::close(fd);
    return pid;
  } catch (...) {
    ::close(fd);
    throw;
  }
}

RunRecord finish_run(const RunJob& job, const fs::path& folder, int wait_status, double wall_s) {
  RunRecord record;
  record.key = job.key;
  record.exit_code = exit_code(wait_status);
  record.wall_s = wall_s;
  record.warpsim_git = kGitRevision;
  record.identity = job.identity;
  record.status = record.exit_code == 0 && read_stats(folder) ? "ok" : "failed";
  write_run_record(folder, record);
  return record;
}

RunRecord run_to_end(const fs::path& warpsim, const RunJob& job, const fs::path& folder) {
  const auto start = std::chrono::steady_clock::now();
  const int status = wait_for(start_run(warpsim, job, folder));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return finish_run(job, folder, status, seconds);
}

}  // namespace warpsim::sweep
