#pragma once

#include <vector>

#include "ptx/analysis/liveness.h"
#include "ptx/cfg.h"
#include "ptx/ir.h"

namespace warpsim::ptx {

// The registers one PTX instruction reads and always writes, from the opcode table's operand
// shape: destination slots ('d', both halves of a `d|p` pair, the return vector of a call)
// are writes; every other register, address base, vector element and the guard predicate
// are reads.
//
// Contract: a guarded instruction (`@p`) may not write, so its writes are left out of `defs`
// (liveness must not end at a write that may not happen). Registers are Function::regs
// indices; `_` sinks, immediates, symbols and special registers are not registers.
InstructionRegs instruction_registers(const Instruction& inst);
// The registers an instruction may write: its destinations, guarded or not. What a scoreboard
// or a scheduler must wait for, where liveness wants instruction_registers' `defs`.
std::vector<std::uint32_t> instruction_writes(const Instruction& inst);

// Liveness of every register of `function` over `cfg` (built from it): live_in/live_out per
// CFG node, indexed like cfg.blocks, each a BitSet of size function.regs.size(). Nothing is
// live at the exit.
LivenessInfo function_liveness(const Function& function, const Cfg& cfg);

// Per-instruction register use/def lists of a block, in program order.
std::vector<InstructionRegs> block_registers(const Function& function, const BasicBlock& block);

}  // namespace warpsim::ptx
