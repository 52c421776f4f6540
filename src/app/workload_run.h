#pragma once

// `warpsim run --workload NAME[:SIZE]`: a built-in workload (src/workload) run in this process
// on the GPU the resolved config describes, with the same stats.json and stderr summary as a
// program run in the same mode.

#include <filesystem>
#include <map>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "func/dim3.h"
#include "sim/config_node.h"
#include "trace/trace_writer.h"

namespace warpsim::app {

struct WorkloadRunOptions {
  std::string spec;  // NAME[:SIZE]
  bool timing = true;
  bool progress = false;
  std::string write_trace;  // functional mode: write an Accel-Sim trace into this folder
  std::string write_trace_registers = "warpsim";  // or "accelsim" (trace::TraceWriter)
  // `--kernel-ptx FILE`: PTX the driver loads in place of the embedded PTX of every workload it
  // loads (workload::Host::set_workload_ptx with kAllWorkloads). Empty: the embedded PTX.
  std::string kernel_ptx;
  // `--block-divide KERNEL=X,Y,Z`: per kernel, the divisor of its launches' blocks
  // (workload::Host::set_block_divisor).
  std::map<std::string, func::Dim3> block_divide;
};

// `--write-trace-registers NAME`: the writer's register lists. Throws UsageError for a name it
// does not know.
trace::TraceWriter::Registers write_trace_registers(const std::string& name);

// `--block-divide KERNEL=X[,Y[,Z]]`: the kernel and its block divisor, missing dimensions 1.
// Throws UsageError quoting `value` for a missing kernel or '=', more than 3 numbers, or a
// number that is not a positive 32-bit integer.
std::pair<std::string, func::Dim3> parse_block_divide(const std::string& value);

// Runs the workload and returns stats.json. Throws UsageError for an unknown workload or size, a
// kernel_ptx that cannot be read, and, with kernel_ptx or block_divide set, for what they cause
// (PTX that does not parse: its "file:line:col: error: ..."; a kernel or parameter list the
// driver does not match; a block that does not divide) and for a block_divide kernel that never
// launched. The workload's source block in stats.json names the override: "kernel_ptx" {"path",
// "xxh3_128"} and "block_divide" {KERNEL: [x, y, z]}.
// A failed reference check throws WorkloadCheckFailed carrying the stats of the kernels that ran.
nlohmann::ordered_json run_workload(const WorkloadRunOptions& options, const ConfigNode& resolved);

// The reference check of a workload failed: what differs, and the stats.json of the run.
struct WorkloadCheckFailed {
  std::string message;
  nlohmann::ordered_json stats;
};

}  // namespace warpsim::app
