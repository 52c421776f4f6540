// One JSON line per completed kernel launch, appended to the file $WARPSIM_LAUNCH_LOG names.
// `warpsim run` sets it, and after the program exits turns the lines into stats.json: the log is
// written as launches complete (in timing mode, as the model finishes them at each sync point),
// so it survives a program that ends with _exit() or a crash.

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

void write_line(const nlohmann::ordered_json& line) {
  static std::FILE* file = open_log();  // never closed: lines are flushed as written
  if (file == nullptr) return;
  const std::string text = line.dump() + "\n";
  if (std::fwrite(text.data(), 1, text.size(), file) != text.size() || std::fflush(file) != 0) {
    Runtime::fatal("cannot write the launch log");
  }
}

nlohmann::ordered_json describe(const func::FunctionCode& kernel,
                                const func::LaunchConfig& config) {
  nlohmann::ordered_json line;
  line["name"] = kernel_cpp_name(kernel.name());
  line["mangled"] = std::string(kernel.name());
  line["grid"] = {config.grid.x, config.grid.y, config.grid.z};
  line["block"] = {config.block.x, config.block.y, config.block.z};
  line["dynamic_shared"] = config.dynamic_shared;
  return line;
}

}  // namespace

void log_launch(const func::FunctionCode& kernel, const func::LaunchConfig& config,
                const func::LaunchResult& result) {
  nlohmann::ordered_json line = describe(kernel, config);
  line["warp_insts"] = result.warp_insts;
  line["thread_insts"] = result.thread_insts;
  line["ctas"] = result.ctas;
  write_line(line);
}

// The model's own per-kernel figures follow the fixed ones; where it names one of them too, its
// value replaces the computed one in place.
void log_kernel_result(const func::FunctionCode& kernel, const func::LaunchConfig& config,
                       const KernelResult& result) {
  nlohmann::ordered_json line = describe(kernel, config);
  line["launch"] = result.launch_id;
  line["stream"] = result.stream;
  line["ctas"] = result.ctas;
  line["cycles"] = result.end_cycle - result.start_cycle;
  line["start_cycle"] = result.start_cycle;
  line["end_cycle"] = result.end_cycle;
  line["warp_insts"] = result.warp_insts;
  line["thread_insts"] = result.thread_insts;
  if (result.stats.is_object()) {
    for (const auto& [key, value] : result.stats.items()) line[key] = value;
  }
  write_line(line);
}

void log_run(const nlohmann::ordered_json& run_stats) { write_line({{"run", run_stats}}); }

}  // namespace warpsim::runtime
