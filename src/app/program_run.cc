#include "app/program_run.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "app/app.h"

namespace warpsim::app {

namespace fs = std::filesystem;

fs::path find_program(const std::string& name) {
  auto runnable = [](const fs::path& p) {
    return fs::is_regular_file(p) && ::access(p.c_str(), X_OK) == 0;
  };
  if (name.find('/') != std::string::npos) {
    if (!runnable(name)) throw UsageError("'" + name + "' is not an executable file");
    return name;
  }
  const char* path = std::getenv("PATH");
  std::string dirs = path != nullptr ? path : "";
  for (std::size_t start = 0; start <= dirs.size();) {
    std::size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    const fs::path candidate = fs::path(end > start ? dirs.substr(start, end - start) : ".") / name;
    if (runnable(candidate)) return candidate;
    start = end + 1;
  }
  throw UsageError("program '" + name + "' not found on PATH");
}

ProgramResult run_program(const fs::path& program, const std::vector<std::string>& args,
                          const std::vector<std::pair<std::string, std::string>>& env) {
  std::vector<char*> argv;
  std::string program_text = program.string();
  argv.push_back(program_text.data());
  std::vector<std::string> copies = args;
  for (std::string& a : copies) argv.push_back(a.data());
  argv.push_back(nullptr);

  const auto start = std::chrono::steady_clock::now();
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) throw UsageError(std::string("cannot start the program: ") + std::strerror(errno));
  if (pid == 0) {
    for (const auto& [key, value] : env) ::setenv(key.c_str(), value.c_str(), 1);
    ::execv(argv[0], argv.data());
    std::fprintf(stderr, "warpsim: cannot run '%s': %s\n", argv[0], std::strerror(errno));
    ::_exit(127);
  }
  int status = 0;
  rusage usage{};
  while (::wait4(pid, &status, 0, &usage) < 0) {
    if (errno != EINTR) throw UsageError(std::string("wait4: ") + std::strerror(errno));
  }
  ProgramResult result;
  result.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  result.peak_rss_mb = static_cast<double>(usage.ru_maxrss) / 1024.0;  // KiB on Linux
  if (WIFSIGNALED(status)) {
    result.signal = WTERMSIG(status);
    result.exit_code = 128 + result.signal;
  } else {
    result.exit_code = WEXITSTATUS(status);
  }
  return result;
}

std::string kernel_summary(const nlohmann::ordered_json& stats, std::size_t limit) {
  std::string text;
  const auto& kernels = stats.at("kernels");
  for (std::size_t i = 0; i < kernels.size() && i < limit; ++i) {
    const auto& k = kernels[i];
    const std::string timing =
        k.at("cycles").is_null()
            ? std::string()
            : fmt::format("{} cycles, IPC {:.2f}, ", k["cycles"].get<std::uint64_t>(),
                          k.at("ipc").get<double>());
    text += fmt::format(
        "warpsim: kernel {} {} grid ({},{},{}) block ({},{},{}): {}{} warp insts, "
        "{} thread insts\n",
        k.at("launch").get<std::uint64_t>(), k.at("name").get<std::string>(),
        k["grid"][0].get<unsigned>(), k["grid"][1].get<unsigned>(), k["grid"][2].get<unsigned>(),
        k["block"][0].get<unsigned>(), k["block"][1].get<unsigned>(), k["block"][2].get<unsigned>(),
        timing, k.at("warp_insts").get<std::uint64_t>(), k.at("thread_insts").get<std::uint64_t>());
  }
  if (kernels.size() > limit) {
    text += fmt::format("warpsim: ... and {} more kernel launches (all in stats.json)\n",
                        kernels.size() - limit);
  }
  return text;
}

}  // namespace warpsim::app
