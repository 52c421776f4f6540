#include "ptx/ptxas.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

extern char** environ;  // NOLINT: POSIX

namespace warpsim::ptx {

namespace fs = std::filesystem;

namespace {

// The rest of `line` after `marker`; "" when the marker is absent.
std::string after(const std::string& line, std::string_view marker) {
  const std::size_t at = line.find(marker);
  return at == std::string::npos ? std::string() : line.substr(at + marker.size());
}

// The decimal number right before `marker` ("8192 bytes smem" -> 8192); 0 when absent.
std::uint64_t number_before(const std::string& line, std::string_view marker) {
  std::size_t end = line.find(marker);
  if (end == std::string::npos) return 0;
  std::size_t start = end;
  while (start > 0 && line[start - 1] >= '0' && line[start - 1] <= '9') --start;
  return start == end ? 0 : std::stoull(line.substr(start, end - start));
}

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
  std::map<std::string, PtxasResources> found;
  std::map<std::string, PtxasResources> frames;  // "Function properties" of every function
  std::string current;                           // the entry function being compiled
  std::string described;                         // the function the next frame line describes
  std::istringstream lines{std::string(report)};
  for (std::string line; std::getline(lines, line);) {
    unsigned long long a = 0, b = 0, c = 0;
    if (std::string name = after(line, "Compiling entry function '"); !name.empty()) {
      current = name.substr(0, name.find('\''));
    } else if (std::string name = after(line, "Function properties for "); !name.empty()) {
      described = name.substr(0, name.find_first_of(" \t\r"));
    } else if (std::sscanf(
                   line.c_str(),
                   " %llu bytes stack frame, %llu bytes spill stores, %llu bytes spill loads", &a,
                   &b, &c) == 3 &&
               !described.empty()) {
      frames[described] = PtxasResources{.stack_frame = a, .spill_stores = b, .spill_loads = c};
    } else if (std::string used = after(line, "Used "); !used.empty() && !current.empty()) {
      unsigned registers = 0;
      if (std::sscanf(used.c_str(), "%u registers", &registers) != 1) continue;
      PtxasResources r = frames[current];
      r.registers = registers;
      if (std::string barriers = after(line, ", used "); !barriers.empty()) {
        std::sscanf(barriers.c_str(), "%u barriers", &r.barriers);
      }
      r.shared = number_before(line, " bytes smem");
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
