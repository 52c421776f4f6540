#pragma once

#include <string>

#include "ptx/ir.h"

namespace warpsim::ptx {

// Canonical PTX text for a module.
//
// Contract: for any Module m produced by parse_ptx(), parse_ptx(print_ptx(m)) == m, and the text
// is valid PTX for ptxas (modifiers in the PTX ISA's order, declarations in their original
// scopes, every `.loc` where it was).
std::string print_ptx(const Module& module);

// What print_ptx writes for warpsim's extension instructions (`relssp`), which are not PTX:
// kAsIs writes them (for warpsim to read back), kPtxasCompatible writes each as a comment
// (`// relssp;`), so ptxas accepts the text and sees every other instruction unchanged.
enum class ExtensionForm : bool { kAsIs, kPtxasCompatible };
std::string print_ptx(const Module& module, ExtensionForm extensions);

// One instruction as PTX without the trailing ';' (e.g. "@%p1 bra $L__BB0_2"), for messages.
std::string print_instruction(const Module& module, const Function& function,
                              const Instruction& inst);

}  // namespace warpsim::ptx
