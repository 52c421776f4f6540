#pragma once

#include <memory>

#include "func/device_memory.h"
#include "func/loaded_module.h"
#include "ptx/ir.h"

namespace warpsim::func {

// Allocates and initializes the module's .global/.const variables in `memory`, numbers its
// shared variables, and decodes every function. Throws LaunchError for what cannot be placed.
std::unique_ptr<LoadedModule> place_module(ptx::Module ir, DeviceMemory& memory);

}  // namespace warpsim::func
