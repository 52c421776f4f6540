#include "runtime/environment.h"

#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

#include "trace/trace_writer.h"

namespace warpsim::runtime {

namespace {

std::string variable(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr ? value : "";
}

}  // namespace

Environment read_environment() {
  Environment env;
  env.config = variable("WARPSIM_CONFIG");
  const std::string mode = variable("WARPSIM_MODE");
  if (mode == "timing") {
    env.timing = true;
  } else if (!mode.empty() && mode != "functional") {
    throw std::runtime_error(
        fmt::format("WARPSIM_MODE is '{}'; expected 'timing' or 'functional'", mode));
  }
  env.launch_log = variable("WARPSIM_LAUNCH_LOG");
  env.progress = variable("WARPSIM_PROGRESS") == "1";
  env.write_trace = variable("WARPSIM_WRITE_TRACE");
  if (const std::string registers = variable("WARPSIM_WRITE_TRACE_REGISTERS"); !registers.empty()) {
    if (!trace::TraceWriter::registers_named(registers)) {
      throw std::runtime_error(fmt::format(
          "WARPSIM_WRITE_TRACE_REGISTERS is '{}'; expected warpsim or accelsim", registers));
    }
    env.write_trace_registers = registers;
  }
  env.ptx = variable("WARPSIM_PTX");
  return env;
}

}  // namespace warpsim::runtime
