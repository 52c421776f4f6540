#pragma once

// `warpsim run --trace DIR/kernelslist.g`: an Accel-Sim trace (src/trace) replayed on the
// timing model of the resolved config, with the same stats.json and stderr summary as any
// other timing run. The list's commands run in order; kernels one at a time, as Accel-Sim runs
// them by default (the header's stream id is kept in stats.json's source). MemcpyHtoD lines
// are counted; the copied data is not in the trace and nothing is warmed with it.

#include <string>

#include <nlohmann/json.hpp>

#include "sim/config_node.h"

namespace warpsim::app {

struct TraceRunOptions {
  std::string kernels_list;
  bool progress = false;
};

// Runs the trace and returns stats.json. A trace that cannot be read or is malformed throws
// UsageError with FILE:LINE; opcodes the traced SM's table lacks are named on stderr, once each.
nlohmann::ordered_json run_trace(const TraceRunOptions& options, const ConfigNode& resolved);

}  // namespace warpsim::app
