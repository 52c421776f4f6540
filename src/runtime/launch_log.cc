// One JSON line per completed kernel launch, appended to the file $WARPSIM_LAUNCH_LOG names.
// `warpsim run` sets it, and after the program exits turns the lines into stats.json: the log is
// written as launches happen, so it survives a program that ends with _exit() or a crash.

#include <cstdio>
#include <cstdlib>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "runtime/kernel_names.h"
#include "runtime/runtime.h"

namespace warpsim::runtime {

namespace {

std::FILE* open_log() {
  const char* path = std::getenv("WARPSIM_LAUNCH_LOG");
  if (path == nullptr || *path == '\0') return nullptr;
  std::FILE* file = std::fopen(path, "a");
  if (file == nullptr) Runtime::fatal(fmt::format("cannot open the launch log '{}'", path));
  return file;
}

}  // namespace

void log_launch(const func::FunctionCode& kernel, const func::LaunchConfig& config,
                const func::LaunchResult& result) {
  static std::FILE* file = open_log();  // never closed: lines are flushed as written
  if (file == nullptr) return;
  nlohmann::ordered_json line;
  line["name"] = kernel_cpp_name(kernel.name());
  line["mangled"] = std::string(kernel.name());
  line["grid"] = {config.grid.x, config.grid.y, config.grid.z};
  line["block"] = {config.block.x, config.block.y, config.block.z};
  line["dynamic_shared"] = config.dynamic_shared;
  line["warp_insts"] = result.warp_insts;
  line["thread_insts"] = result.thread_insts;
  line["ctas"] = result.ctas;
  const std::string text = line.dump() + "\n";
  if (std::fwrite(text.data(), 1, text.size(), file) != text.size() || std::fflush(file) != 0) {
    Runtime::fatal("cannot write the launch log");
  }
}

}  // namespace warpsim::runtime
