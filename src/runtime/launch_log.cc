// One JSON line per completed kernel launch, appended to the file $WARPSIM_LAUNCH_LOG names.
// `warpsim run` sets it, and after the program exits turns the lines into stats.json: the log is
// written as launches complete (in timing mode, as the model finishes them at each sync point),
// so it survives a program that ends with _exit() or a crash.

#include <cstdio>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "runtime/launch_log.h"
#include "runtime/launch_records.h"
#include "runtime/runtime.h"

namespace warpsim::runtime {

namespace {

std::FILE* open_log() {
  const std::string& path = Runtime::instance().env().launch_log;
  if (path.empty()) return nullptr;
  std::FILE* file = std::fopen(path.c_str(), "a");
  if (file == nullptr) fatal(fmt::format("cannot open the launch log '{}'", path));
  return file;
}

void write_line(const nlohmann::ordered_json& line) {
  static std::FILE* file = open_log();  // never closed: lines are flushed as written
  if (file == nullptr) return;
  const std::string text = line.dump() + "\n";
  if (std::fwrite(text.data(), 1, text.size(), file) != text.size() || std::fflush(file) != 0) {
    fatal("cannot write the launch log");
  }
}

}  // namespace

void log_launch(const func::FunctionCode& kernel, const func::LaunchConfig& config,
                const func::LaunchResult& result) {
  write_line(launch_record(kernel, config, result));
}

void log_kernel_result(const func::FunctionCode& kernel, const func::LaunchConfig& config,
                       const KernelResult& result) {
  write_line(kernel_result_record(kernel, config, result));
}

void log_run(const nlohmann::ordered_json& run_stats) { write_line(run_record(run_stats)); }

}  // namespace warpsim::runtime
