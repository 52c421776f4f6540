#pragma once

// The per-block and per-thread resources of a kernel, read from its decoded code, for
// cudaFuncGetAttributes and the occupancy calculation.

#include <cstdint>

#include "func/device.h"
#include "runtime/settings.h"

namespace warpsim::runtime {

// The module on `device` that holds `kernel`; nullptr when none does.
const func::LoadedModule* module_of(const func::Device& device, const func::FunctionCode& kernel);

// Static shared memory (the kernel's and its callees' variables, laid out as a launch lays them
// out), the module's constant bank, the kernel's frame, its launch bounds and the architecture
// its module targets.
KernelResources measure_kernel(const func::LoadedModule& module, const func::FunctionCode& kernel);

// 32-bit registers per thread: the most register storage live at any instruction of the kernel
// or of a function it calls (predicates excluded; a 64-bit register counts two, a vector each
// element), capped by .maxnreg and by the architectural 255. This is the PTX's own demand, an
// estimate of what ptxas allocates: register allocation, rematerialization and spilling are not
// modeled.
std::uint32_t estimate_registers(const func::LoadedModule& module,
                                 const func::FunctionCode& kernel);

}  // namespace warpsim::runtime
