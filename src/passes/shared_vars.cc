#include "passes/shared_vars.h"

#include <algorithm>
#include <map>
#include <utility>

namespace warpsim::passes {

using ptx::Opcode;
using ptx::OperandKind;
using ptx::StateSpace;
using ptx::SymbolScope;

namespace {

bool is_shared(StateSpace space) {
  return space == StateSpace::kShared || space == StateSpace::kSharedCta ||
         space == StateSpace::kSharedCluster;
}

std::uint64_t align_up(std::uint64_t value, std::uint64_t align) {
  return align <= 1 ? value : (value + align - 1) / align * align;
}

bool accesses_memory(Opcode op) {
  return op == Opcode::kLd || op == Opcode::kLdu || op == Opcode::kSt || op == Opcode::kAtom ||
         op == Opcode::kRed || op == Opcode::kCpAsync;
}

// Loads write values read from memory: their destinations derive from no address.
bool writes_loaded_value(Opcode op) {
  return op == Opcode::kLd || op == Opcode::kLdu || op == Opcode::kAtom;
}

}  // namespace

bool calls_functions(const ptx::Function& function) {
  return std::any_of(function.insts.begin(), function.insts.end(),
                     [](const ptx::Instruction& inst) { return inst.is_call(); });
}

std::uint64_t all_vars_mask(std::size_t count) {
  return count >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1;
}

void assign_offsets(std::vector<SharedVar>& vars) {
  std::uint64_t offset = 0;
  std::uint32_t dynamic_align = 16;
  for (SharedVar& v : vars) {
    if (v.dynamic) {
      dynamic_align = std::max(dynamic_align, v.align);
      continue;
    }
    offset = align_up(offset, v.align);
    v.offset = offset;
    offset += v.size;
  }
  offset = align_up(offset, dynamic_align);
  for (SharedVar& v : vars) {
    if (v.dynamic) v.offset = offset;
  }
}

std::uint64_t static_shared_bytes(const std::vector<SharedVar>& vars) {
  std::uint64_t end = 0;
  for (const SharedVar& v : vars) {
    if (!v.dynamic) end = std::max(end, v.offset + v.size);
  }
  return end;
}

std::vector<SharedVar> kernel_shared_vars(const ptx::Module& module, std::uint32_t function) {
  const ptx::Function& fn = module.functions.at(function);
  std::vector<bool> globals(module.globals.size(), false);
  std::vector<bool> locals(fn.vars.size(), false);
  for (const ptx::Instruction& inst : fn.insts) {
    for (const ptx::Operand& op : inst.operands) {
      if (op.kind != OperandKind::kSymbol && op.kind != OperandKind::kAddress) continue;
      if (op.symbol.scope == SymbolScope::kGlobal &&
          is_shared(module.globals[op.symbol.index].space)) {
        globals[op.symbol.index] = true;
      } else if (op.symbol.scope == SymbolScope::kLocal &&
                 is_shared(fn.vars[op.symbol.index].space)) {
        locals[op.symbol.index] = true;
      }
    }
  }
  std::vector<SharedVar> vars;
  const auto add = [&](const ptx::Variable& v, ptx::SymbolRef ref) {
    vars.push_back({ref, v.name, v.size_bytes(), v.alignment(), 0, v.size_bytes() == 0});
  };
  for (std::uint32_t i = 0; i < globals.size(); ++i) {
    if (globals[i]) add(module.globals[i], {SymbolScope::kGlobal, i});
  }
  for (std::uint32_t i = 0; i < locals.size(); ++i) {
    if (locals[i]) add(fn.vars[i], {SymbolScope::kLocal, i});
  }
  assign_offsets(vars);
  return vars;
}

std::vector<std::uint64_t> shared_accesses(const ptx::Function& fn,
                                           const std::vector<SharedVar>& vars) {
  const std::uint64_t all = all_vars_mask(vars.size());
  using Key = std::pair<SymbolScope, std::uint32_t>;
  std::map<Key, std::uint64_t> bit_of;
  for (std::size_t i = 0; i < vars.size(); ++i) {
    bit_of[{vars[i].ref.scope, vars[i].ref.index}] = vars.size() > 64 ? all : std::uint64_t{1} << i;
  }
  const auto symbol_bits = [&](const ptx::SymbolRef& ref) -> std::uint64_t {
    auto it = bit_of.find({ref.scope, ref.index});
    return it == bit_of.end() ? 0 : it->second;
  };

  // Which shared variables each register's value may be derived from, to a fixed point.
  std::vector<std::uint64_t> derived(fn.regs.size(), 0);
  for (bool changed = true; changed;) {
    changed = false;
    for (const ptx::Instruction& inst : fn.insts) {
      if (inst.num_operands == 0 || inst.info().slot(0) != 'd') continue;
      const ptx::Operand& dest = inst.operands[0];
      if (dest.kind != OperandKind::kReg || writes_loaded_value(inst.op)) continue;
      std::uint64_t from = 0;
      for (std::size_t k = 1; k < inst.operands.size(); ++k) {
        const ptx::Operand& op = inst.operands[k];
        if (op.kind == OperandKind::kReg ||
            (op.kind == OperandKind::kAddress && op.reg != ptx::kNoIndex)) {
          from |= derived[op.reg];
        }
        if (op.kind == OperandKind::kSymbol || op.kind == OperandKind::kAddress) {
          from |= symbol_bits(op.symbol);
        }
      }
      if ((derived[dest.reg] | from) != derived[dest.reg]) {
        derived[dest.reg] |= from;
        changed = true;
      }
    }
  }

  std::vector<std::uint64_t> out(fn.insts.size(), 0);
  for (std::size_t i = 0; i < fn.insts.size(); ++i) {
    const ptx::Instruction& inst = fn.insts[i];
    if (inst.is_call()) {
      out[i] = all;
      continue;
    }
    if (!accesses_memory(inst.op)) continue;
    std::uint64_t mask = 0;
    unsigned address_index = 0;
    for (const ptx::Operand& op : inst.args()) {
      if (op.kind != OperandKind::kAddress) continue;
      StateSpace space = inst.space;
      if (inst.op == Opcode::kCpAsync && address_index == 1) space = inst.space2;
      ++address_index;
      std::uint64_t from = symbol_bits(op.symbol);
      if (op.reg != ptx::kNoIndex) from |= derived[op.reg];
      if (is_shared(space)) {
        mask |= from != 0 ? from : all;  // an address derived from no variable: any of them
      } else if (space == StateSpace::kGeneric) {
        mask |= from;
      }
    }
    out[i] = mask;
  }
  return out;
}

}  // namespace warpsim::passes
