#include "ptx/ptxas.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <fmt/format.h>

extern char** environ;  // NOLINT: POSIX

namespace warpsim::ptx {

namespace fs = std::filesystem;

namespace {

std::uint64_t number(const std::smatch& m, std::size_t i) { return std::stoull(m[i].str()); }

// FNV-1a, 64 bits: a stable name for a cached report (not a security boundary).
std::uint64_t fnv1a(std::string_view text, std::uint64_t hash = 14695981039346656037ULL) {
  for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ULL;
  return hash;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

fs::path cache_dir() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0') {
    return fs::path(xdg) / "warpsim" / "ptxas";
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return fs::path(home) / ".cache" / "warpsim" / "ptxas";
  }
  return {};
}

// Runs `ptxas -v -arch=sm_XX in -o /dev/null` with stdout and stderr in `report`; its exit
// status, or -1 when it could not start.
int run(const std::string& ptxas, int arch, const fs::path& in, const fs::path& report) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, report.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  std::string arch_flag = fmt::format("-arch=sm_{}", arch);
  std::string verbose = "-v", out = "-o", null = "/dev/null", program = ptxas, input = in.string();
  char* argv[] = {program.data(), verbose.data(), arch_flag.data(), input.data(),
                  out.data(),     null.data(),    nullptr};
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, ptxas.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return -1;
  int status = 0;
  if (waitpid(pid, &status, 0) < 0) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

std::map<std::string, PtxasResources> parse_ptxas_report(std::string_view report) {
  static const std::regex entry(R"(Compiling entry function '([^']+)')");
  static const std::regex properties(R"(Function properties for (\S+))");
  static const std::regex frame(
      R"((\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads)");
  static const std::regex used(R"(Used (\d+) registers(?:, used (\d+) barriers)?)");
  static const std::regex smem(R"((\d+) bytes smem)");
  std::map<std::string, PtxasResources> found;
  std::map<std::string, PtxasResources> frames;  // "Function properties" of every function
  std::string current;                           // the entry function being compiled
  std::string described;                         // the function the next frame line describes
  std::istringstream lines{std::string(report)};
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_search(line, m, entry)) {
      current = m[1].str();
    } else if (std::regex_search(line, m, properties)) {
      described = m[1].str();
    } else if (std::regex_search(line, m, frame) && !described.empty()) {
      PtxasResources& r = frames[described];
      r.stack_frame = number(m, 1);
      r.spill_stores = number(m, 2);
      r.spill_loads = number(m, 3);
    } else if (std::regex_search(line, m, used) && !current.empty()) {
      PtxasResources r = frames[current];
      r.registers = static_cast<std::uint32_t>(number(m, 1));
      if (m[2].matched) r.barriers = static_cast<std::uint32_t>(number(m, 2));
      if (std::regex_search(line, m, smem)) r.shared = number(m, 1);
      found[current] = r;
    }
  }
  return found;
}

std::optional<std::string> find_ptxas() {
  if (const char* env = std::getenv("WARPSIM_PTXAS"); env != nullptr && *env != '\0') {
    if (std::string_view(env) == "none") return std::nullopt;
    return std::string(env);
  }
  if (const char* path = std::getenv("PATH")) {
    std::istringstream dirs{std::string(path)};
    for (std::string dir; std::getline(dirs, dir, ':');) {
      const fs::path candidate = fs::path(dir.empty() ? "." : dir) / "ptxas";
      if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
    }
  }
  if (::access("/usr/local/cuda/bin/ptxas", X_OK) == 0) return "/usr/local/cuda/bin/ptxas";
  return std::nullopt;
}

std::optional<std::map<std::string, PtxasResources>> ptxas_resources(std::string_view ptx, int arch,
                                                                     std::string* why) {
  const std::optional<std::string> ptxas = find_ptxas();
  if (!ptxas) {
    if (why != nullptr) *why = "no ptxas (install the CUDA toolkit or set WARPSIM_PTXAS)";
    return std::nullopt;
  }
  const std::string key =
      fmt::format("{:016x}-sm_{}", fnv1a(ptx, fnv1a(*ptxas + "\n" + std::to_string(arch))), arch);
  const fs::path dir = cache_dir();
  std::error_code ec;
  if (!dir.empty() && fs::exists(dir / (key + ".txt"), ec)) {
    return parse_ptxas_report(read_file(dir / (key + ".txt")));
  }
  const fs::path work = fs::temp_directory_path() / fmt::format("warpsim-ptxas-{}", ::getpid());
  fs::create_directories(work, ec);
  const fs::path in = work / (key + ".ptx");
  const fs::path report = work / (key + ".txt");
  std::ofstream(in, std::ios::binary) << ptx;
  const int status = run(*ptxas, arch, in, report);
  std::string text = read_file(report);
  fs::remove_all(work, ec);
  if (status != 0) {
    if (why != nullptr) {
      *why = fmt::format("{} failed (status {}): {}", *ptxas, status, text.substr(0, 400));
    }
    return std::nullopt;
  }
  if (!dir.empty()) {  // best effort; written aside and renamed, so readers never see half
    fs::create_directories(dir, ec);
    const fs::path partial = dir / fmt::format("{}.{}.tmp", key, ::getpid());
    if (std::ofstream(partial, std::ios::binary) << text)
      fs::rename(partial, dir / (key + ".txt"), ec);
    fs::remove(partial, ec);
  }
  return parse_ptxas_report(text);
}

}  // namespace warpsim::ptx
