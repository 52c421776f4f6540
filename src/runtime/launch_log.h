#pragma once

// Appends to the launch log $WARPSIM_LAUNCH_LOG names, when it names one (launch_log.cc):
// a functional-mode launch, a kernel the timing model finished, and the whole run's figures.

#include <nlohmann/json.hpp>

#include "func/device.h"
#include "gpu/gpu_model.h"

namespace warpsim::runtime {

void log_launch(const func::FunctionCode& kernel, const func::LaunchConfig& config,
                const func::LaunchResult& result);
void log_kernel_result(const func::FunctionCode& kernel, const func::LaunchConfig& config,
                       const KernelResult& result);
// The whole run's figures (GpuModel::run_stats), once, when the program ends.
void log_run(const nlohmann::ordered_json& run_stats);

}  // namespace warpsim::runtime
