// Registers and local memory per thread: what ptxas allocates when it can assemble the kernel for
// the simulated GPU (as GPGPU-Sim takes them from ptxas), else the estimate from PTX liveness.
// ptxas runs once per module and process (and its reports are cached per machine, ptx/ptxas.h);
// it fails for architectures its release dropped (CUDA 13's ptxas stops at sm_75, so the gtx480
// and v100 presets use the estimate) and for PTX that targets a newer GPU than the simulated one.

#include <algorithm>

#include "runtime/kernel_resources.h"
#include "runtime/runtime.h"

namespace warpsim::runtime {
namespace {

MeasuredResources measure(Runtime& rt, const func::FunctionCode& kernel) {
  MeasuredResources measured;
  const func::LoadedModule* module = module_of(rt.device(), kernel);
  if (module == nullptr) return measured;
  if (const auto* report = rt.code().ptxas_report(*module, rt.gpu().compute_capability())) {
    auto it = report->find(kernel.name());
    if (it != report->end()) {
      measured.registers = it->second.registers;
      measured.local_bytes = it->second.stack_frame;
      measured.from_ptxas = true;
      return measured;
    }
  }
  // ptxas never allocates more than the architecture's registers per thread (it spills), so
  // neither does the estimate.
  measured.registers = estimate_registers(*module, kernel);
  if (const std::uint32_t most = rt.gpu().max_registers_per_thread; most != 0) {
    measured.registers = std::min(measured.registers, most);
  }
  measured.local_bytes = kernel.frame.size;
  return measured;
}

}  // namespace

const MeasuredResources& measured_resources(Runtime& rt, const func::FunctionCode& kernel) {
  FunctionSettings& settings = rt.function_settings(kernel);
  if (!settings.measured) settings.measured = measure(rt, kernel);
  return *settings.measured;
}

}  // namespace warpsim::runtime
