#pragma once

// What `warpsim run` tells a CUDA program's runtime library, which runs in another process: the
// WARPSIM_* environment variables (docs/runtime.md, "The environment"). They are read here and
// nowhere else in the runtime, once per process.

#include <string>

namespace warpsim::runtime {

struct Environment {
  std::string config;                             // WARPSIM_CONFIG; empty: the default preset
  bool timing = false;                            // WARPSIM_MODE: timing, or functional (default)
  std::string launch_log;                         // WARPSIM_LAUNCH_LOG; empty: no log
  bool progress = false;                          // WARPSIM_PROGRESS=1
  std::string write_trace;                        // WARPSIM_WRITE_TRACE; empty: no trace
  std::string write_trace_registers = "warpsim";  // WARPSIM_WRITE_TRACE_REGISTERS
  std::string ptx;  // WARPSIM_PTX: a PTX file that replaces the program's own device code

  bool operator==(const Environment&) const = default;
};

// The process's environment. A value that means nothing (WARPSIM_MODE=fast) throws
// std::runtime_error naming the variable and what it may be; an unset or empty variable is the
// default.
Environment read_environment();

}  // namespace warpsim::runtime
