#pragma once

// Turns a loaded module's IR into FunctionCode (program.h). Globals must already be placed
// (LoadedModule::global_addresses, shared ids), because symbol operands are resolved here.

#include "func/loaded_module.h"

namespace warpsim::func {

// Register slots, frame layout and (for kernels) the parameter buffer layout of every
// function, then every instruction. Throws LaunchError for what cannot be placed.
void decode_module(LoadedModule& module);

// Natural alignment of a variable: its .align, else its element size (at least 1).
std::uint32_t variable_align(const ptx::Variable& var);

}  // namespace warpsim::func
