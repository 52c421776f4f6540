#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace warpsim::app {

// Exit codes of the `warpsim` command (docs/cli.md).
inline constexpr int kExitOk = 0;
inline constexpr int kExitSimulationFailed = 1;  // the model deadlocked or failed mid-run
inline constexpr int kExitBadInput = 2;          // usage, config, PTX, trace or program error

// Bad input from the user that is not a config error: one message, exit kExitBadInput.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// `warpsim run -- PROGRAM` ends with the program's own exit status (which may be non-zero
// without anything having gone wrong in warpsim).
struct ProgramExit {
  int code = 0;
};

// Writes `text` to `path`, replacing it; a file that cannot be written is a UsageError.
void write_file(const std::filesystem::path& path, const std::string& text);
// The whole of file `path`; a file that cannot be read, or a directory, is a UsageError.
std::string read_file(const std::filesystem::path& path);

int run_main(int argc, char** argv);

}  // namespace warpsim::app
