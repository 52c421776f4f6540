#pragma once

// The records of the launch log (launch_log.cc), one JSON object per kernel launch: what
// `warpsim run` turns into stats.json (stats_document.h). Built here, apart from the file
// they go to, so that built-in workloads (src/workload), which run in warpsim's own process,
// produce exactly the records a program's runtime library writes.

#include <nlohmann/json.hpp>

#include "func/device.h"
#include "gpu/gpu_model.h"

namespace warpsim::runtime {

// A launch functional mode ran: name, mangled name, grid, block, dynamic shared memory, warp
// and thread instructions, CTAs.
nlohmann::ordered_json launch_record(const func::FunctionCode& kernel,
                                     const func::LaunchConfig& config,
                                     const func::LaunchResult& result);

// A kernel the timing model finished: the same fixed keys plus launch, stream and its cycle
// span, then the model's own per-kernel figures (a key among the fixed ones replaces it in
// place).
nlohmann::ordered_json kernel_result_record(const func::FunctionCode& kernel,
                                            const func::LaunchConfig& config,
                                            const KernelResult& result);
// The same for a kernel known by its (mangled) name only: a trace's.
nlohmann::ordered_json kernel_result_record(const std::string& name,
                                            const func::LaunchConfig& config,
                                            const KernelResult& result);

// The whole run's figures (GpuModel::run_stats), for stats.json's `total`.
nlohmann::ordered_json run_record(const nlohmann::ordered_json& run_stats);

}  // namespace warpsim::runtime
