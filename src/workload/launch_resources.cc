#include "workload/launch_resources.h"

#include <algorithm>

#include "ptx/ptxas.h"
#include "runtime/kernel_resources.h"

namespace warpsim::workload {

KernelResourceInfo measure_kernel_resources(const GpuDescription& gpu,
                                            const func::LoadedModule& module,
                                            std::string_view ptx_text,
                                            const func::FunctionCode& kernel) {
  if (gpu.kernel_registers != 0) {
    return KernelResourceInfo{gpu.kernel_registers, gpu.kernel_local_bytes, "config"};
  }
  if (const auto report = ptx::ptxas_resources(ptx_text, gpu.compute_capability(), nullptr)) {
    auto it = report->find(kernel.name());
    if (it != report->end()) {
      return KernelResourceInfo{it->second.registers, it->second.stack_frame, "ptxas"};
    }
  }
  // ptxas never allocates more than the architecture's registers per thread (it spills), so
  // neither does the estimate.
  std::uint32_t registers = runtime::estimate_registers(module, kernel);
  if (gpu.max_registers_per_thread != 0) {
    registers = std::min(registers, gpu.max_registers_per_thread);
  }
  return KernelResourceInfo{registers, kernel.frame.size, "estimate"};
}

}  // namespace warpsim::workload
