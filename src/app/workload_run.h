#pragma once

// `warpsim run --workload NAME[:SIZE]`: a built-in workload (src/workload) run in this process
// on the GPU the resolved config describes, with the same stats.json and stderr summary as a
// program run in the same mode.

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/config_node.h"
#include "trace/trace_writer.h"

namespace warpsim::app {

struct WorkloadRunOptions {
  std::string spec;  // NAME[:SIZE]
  bool timing = true;
  bool progress = false;
  std::string write_trace;  // functional mode: write an Accel-Sim trace into this folder
  std::string write_trace_registers = "warpsim";  // or "accelsim" (trace::TraceWriter)
};

// `--write-trace-registers NAME`: the writer's register lists. Throws UsageError for a name it
// does not know.
trace::TraceWriter::Registers write_trace_registers(const std::string& name);

// Runs the workload and returns stats.json. Throws UsageError for an unknown workload or size.
// A failed reference check throws WorkloadCheckFailed carrying the stats of the kernels that ran.
nlohmann::ordered_json run_workload(const WorkloadRunOptions& options, const ConfigNode& resolved);

// The reference check of a workload failed: what differs, and the stats.json of the run.
struct WorkloadCheckFailed {
  std::string message;
  nlohmann::ordered_json stats;
};

}  // namespace warpsim::app
