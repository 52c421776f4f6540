#pragma once

// A kernel's shared-memory variables as the functional model lays them out, and which of them
// each instruction may touch: what the scratchpad-sharing passes need to know about a kernel.

#include <cstdint>
#include <string>
#include <vector>

#include "ptx/ir.h"

namespace warpsim::passes {

struct SharedVar {
  ptx::SymbolRef ref;  // kGlobal (module scope) or kLocal (the kernel's own)
  std::string name;
  std::uint64_t size = 0;  // 0 for the dynamic (extern, unsized) array
  std::uint32_t align = 1;
  std::uint64_t offset = 0;  // where func::Device places it; dynamic arrays after the static
  bool dynamic = false;
};

// The shared variables the kernel's own instructions name, in the functional model's order
// (module-scope ones in module order, then the kernel's in declaration order), each at the
// offset the functional model gives it (static ones aligned one after another, the dynamic
// array after them). Contract: `function` is a kernel with a body.
std::vector<SharedVar> kernel_shared_vars(const ptx::Module& module, std::uint32_t function);

// Bytes of the static variables with their alignment padding.
std::uint64_t static_shared_bytes(const std::vector<SharedVar>& vars);

// Offsets `vars` would get in this order (the same rule as kernel_shared_vars).
void assign_offsets(std::vector<SharedVar>& vars);

// Per instruction of the function: bit i set when it may access vars[i] (at most 64
// variables; a kernel with more, like any access whose target is unknown, gets every bit).
// A shared-space access through a register touches the variables the register is derived
// from (a flow-insensitive may-analysis over mov/add/cvta/...; loaded values derive from
// nothing), or all of them when it derives from none; a generic access touches the shared
// variables its address derives from; a call may touch all of them.
std::vector<std::uint64_t> shared_accesses(const ptx::Function& function,
                                           const std::vector<SharedVar>& vars);

// Whether the function calls any function (whose shared variables then join the layout).
bool calls_functions(const ptx::Function& function);

// The mask of every variable in `vars`.
std::uint64_t all_vars_mask(std::size_t count);

}  // namespace warpsim::passes
