#pragma once

// Running shell commands from the integration tests, as a user would.

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <string>

namespace warpsim::testing {

struct Result {
  int code = -1;
  std::string out;  // stdout and stderr together
};

// Runs `command` through the shell with stderr joined to stdout.
inline Result shell(const std::string& command) {
  Result r;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return r;
  std::array<char, 4096> buf{};
  while (std::fgets(buf.data(), buf.size(), pipe) != nullptr) r.out += buf.data();
  const int status = pclose(pipe);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// The built warpsim command with `args`.
inline Result run(const std::string& args) {
  return shell(std::string(WARPSIM_BINARY) + " " + args);
}

inline bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

// A fresh, empty directory under the system temp directory, unique to this process.
inline std::filesystem::path temp_dir(const std::string& tag) {
  auto dir = std::filesystem::temp_directory_path() /
             ("warpsim-cli-" + tag + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace warpsim::testing
