#pragma once

// The registers and local memory per thread the timing model books for a workload's kernel,
// found as the CUDA runtime replacement finds them for a program's (runtime/timing_mode.cc,
// runtime/measured_resources.cc): gpu.kernel_registers when the config sets it, else what
// ptxas allocates for the simulated GPU, else the estimate from PTX liveness.

#include <string_view>

#include "func/device.h"
#include "gpu/gpu_description.h"
#include "gpu/gpu_model.h"

namespace warpsim::workload {

// The kernel's own numbers, before any block size is known. `ptx_text` is its module's PTX.
KernelResourceInfo measure_kernel_resources(const GpuDescription& gpu,
                                            const func::LoadedModule& module,
                                            std::string_view ptx_text,
                                            const func::FunctionCode& kernel);

}  // namespace warpsim::workload
