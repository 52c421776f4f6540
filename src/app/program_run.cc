#include "app/program_run.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include <fmt/format.h>

#include "app/app.h"
#include "warpsim/version.h"

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

namespace {

double ratio(double num, double den) { return den == 0 ? 0.0 : num / den; }

}  // namespace

std::vector<nlohmann::ordered_json> read_launch_log(const fs::path& log) {
  std::vector<nlohmann::ordered_json> launches;
  std::ifstream in(log);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    try {
      launches.push_back(nlohmann::ordered_json::parse(line));
    } catch (const nlohmann::json::exception& e) {
      throw UsageError(
          fmt::format("{}:{}: unreadable launch record ({})", log.string(), number, e.what()));
    }
  }
  return launches;
}

namespace {

RunSource program_source(const std::vector<std::string>& argv, const ProgramResult& result) {
  return RunSource{"program",
                   {{"argv", argv}, {"exit_code", result.exit_code}},
                   result.wall_s,
                   result.peak_rss_mb};
}

}  // namespace

nlohmann::ordered_json functional_stats(const ConfigNode& resolved,
                                        const std::vector<std::string>& argv,
                                        const fs::path& launch_log, const ProgramResult& result) {
  return functional_stats(resolved, program_source(argv, result), read_launch_log(launch_log));
}

nlohmann::ordered_json timing_stats(const ConfigNode& resolved,
                                    const std::vector<std::string>& argv,
                                    const fs::path& launch_log, const ProgramResult& result) {
  return timing_stats(resolved, program_source(argv, result), read_launch_log(launch_log));
}

nlohmann::ordered_json functional_stats(const ConfigNode& resolved, const RunSource& source,
                                        const std::vector<nlohmann::ordered_json>& records) {
  nlohmann::ordered_json doc;
  doc["warpsim"] = {{"version", kVersion}, {"git", kGitRevision}};
  doc["mode"] = "functional";
  doc[source.key] = source.description;
  doc["config"] = resolved.to_json();
  doc["kernels"] = nlohmann::ordered_json::array();
  std::uint64_t warp_insts = 0;
  std::uint64_t thread_insts = 0;
  std::uint64_t index = 0;
  for (const nlohmann::ordered_json& launch : records) {
    nlohmann::ordered_json k;
    k["name"] = launch.at("name");
    k["mangled"] = launch.at("mangled");
    k["launch"] = index++;
    k["grid"] = launch.at("grid");
    k["block"] = launch.at("block");
    k["dynamic_shared"] = launch.at("dynamic_shared");
    k["ctas"] = launch.at("ctas");
    k["cycles"] = nullptr;
    k["warp_insts"] = launch.at("warp_insts");
    k["thread_insts"] = launch.at("thread_insts");
    k["ipc"] = nullptr;
    warp_insts += launch.at("warp_insts").get<std::uint64_t>();
    thread_insts += launch.at("thread_insts").get<std::uint64_t>();
    doc["kernels"].push_back(std::move(k));
  }
  doc["total"] = {{"kernels", index},
                  {"cycles", nullptr},
                  {"warp_insts", warp_insts},
                  {"thread_insts", thread_insts},
                  {"ipc", nullptr}};
  doc["sim"] = {{"wall_s", source.wall_s},
                {"warp_insts_per_s", ratio(static_cast<double>(warp_insts), source.wall_s)},
                {"cycles_per_s", nullptr},
                {"peak_rss_mb", source.peak_rss_mb}};
  return doc;
}

namespace {

// Core cycles during which at least one kernel ran: the union of the kernels' [start, end)
// spans, so concurrent kernels count once and idle time between sync points not at all.
std::uint64_t busy_cycles(std::vector<std::pair<std::uint64_t, std::uint64_t>> spans) {
  std::sort(spans.begin(), spans.end());
  std::uint64_t busy = 0;
  std::uint64_t covered = 0;  // end of the union so far
  for (const auto& [start, end] : spans) {
    const std::uint64_t from = std::max(start, covered);
    if (end > from) busy += end - from;
    covered = std::max(covered, end);
  }
  return busy;
}

// One kernel of a timing-mode run: the fixed keys in docs/stats.md's order, then everything
// else the model reported (occupancy, stalls, sm, memory, ...) as the log has it.
nlohmann::ordered_json timing_kernel(const nlohmann::ordered_json& line) {
  static const char* const kFixed[] = {
      "name", "mangled", "launch",      "stream",    "grid",       "block",       "dynamic_shared",
      "ctas", "cycles",  "start_cycle", "end_cycle", "warp_insts", "thread_insts"};
  nlohmann::ordered_json k;
  for (const char* key : kFixed) k[key] = line.at(key);
  const auto cycles = line.at("cycles").get<std::uint64_t>();
  k["ipc"] = line.contains("ipc")
                 ? line["ipc"]
                 : nlohmann::ordered_json(
                       ratio(line.at("thread_insts").get<double>(), static_cast<double>(cycles)));
  for (const auto& [key, value] : line.items()) {
    if (!k.contains(key)) k[key] = value;
  }
  return k;
}

}  // namespace

nlohmann::ordered_json timing_stats(const ConfigNode& resolved, const RunSource& source,
                                    const std::vector<nlohmann::ordered_json>& records) {
  // Kernel lines, and possibly one {"run": {...}} line with whole-run figures for `total`.
  nlohmann::ordered_json run = nlohmann::ordered_json::object();
  std::vector<nlohmann::ordered_json> kernels;
  for (const nlohmann::ordered_json& line : records) {
    if (line.contains("name")) {
      kernels.push_back(timing_kernel(line));
    } else if (line.contains("run")) {
      run = line["run"];
    }
  }
  // The model logs kernels as they finish; stats.json lists them in launch order.
  std::stable_sort(kernels.begin(), kernels.end(), [](const auto& a, const auto& b) {
    return a.at("launch").template get<std::uint64_t>() <
           b.at("launch").template get<std::uint64_t>();
  });
  std::uint64_t warp_insts = 0;
  std::uint64_t thread_insts = 0;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> spans;
  for (const nlohmann::ordered_json& k : kernels) {
    warp_insts += k.at("warp_insts").get<std::uint64_t>();
    thread_insts += k.at("thread_insts").get<std::uint64_t>();
    spans.emplace_back(k.at("start_cycle").get<std::uint64_t>(),
                       k.at("end_cycle").get<std::uint64_t>());
  }
  const std::uint64_t cycles = busy_cycles(spans);
  nlohmann::ordered_json doc;
  doc["warpsim"] = {{"version", kVersion}, {"git", kGitRevision}};
  doc["mode"] = "timing";
  doc[source.key] = source.description;
  doc["config"] = resolved.to_json();
  doc["kernels"] = kernels;
  doc["total"] = {{"kernels", kernels.size()},
                  {"cycles", cycles},
                  {"warp_insts", warp_insts},
                  {"thread_insts", thread_insts},
                  {"ipc", ratio(static_cast<double>(thread_insts), static_cast<double>(cycles))}};
  for (const auto& [key, value] : run.items()) {
    if (!doc["total"].contains(key)) doc["total"][key] = value;
  }
  doc["sim"] = {{"wall_s", source.wall_s},
                {"warp_insts_per_s", ratio(static_cast<double>(warp_insts), source.wall_s)},
                {"cycles_per_s", ratio(static_cast<double>(cycles), source.wall_s)},
                {"peak_rss_mb", source.peak_rss_mb}};
  return doc;
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
