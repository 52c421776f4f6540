#include "func/decode.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "func/address_map.h"
#include "func/exec_error.h"
#include "func/handlers.h"
#include "ptx/analysis/dominators.h"
#include "ptx/analysis/register_liveness.h"
#include "ptx/cfg.h"

namespace warpsim::func {

using ptx::OperandKind;
using ptx::StateSpace;
using ptx::SymbolScope;

std::uint32_t variable_align(const ptx::Variable& var) { return var.alignment(); }

namespace {

[[noreturn]] void cannot_place(const ptx::Module& m, const ptx::Function& f,
                               const std::string& what) {
  throw LaunchError(fmt::format("{}:{}: function {}: {}", m.file_name, f.loc.line, f.name, what));
}

// Places `vars` one after another from `offset`; returns the end.
std::uint64_t place(const std::vector<ptx::Variable>& vars, std::uint64_t offset,
                    std::vector<std::uint32_t>& offsets, std::uint32_t& max_align) {
  offsets.assign(vars.size(), 0);
  for (std::size_t i = 0; i < vars.size(); ++i) {
    std::uint32_t align = variable_align(vars[i]);
    max_align = std::max(max_align, align);
    offset = align_up(offset, align);
    offsets[i] = static_cast<std::uint32_t>(offset);
    offset += vars[i].size_bytes();
  }
  return offset;
}

void layout_function(const ptx::Module& m, FunctionCode& code) {
  const ptx::Function& f = *code.ir;
  code.slot_of_reg.resize(f.regs.size());
  std::uint32_t slots = 0;
  for (std::size_t r = 0; r < f.regs.size(); ++r) {
    code.slot_of_reg[r] = slots;
    slots += std::max<std::uint32_t>(f.regs[r].vec, 1);
  }
  code.num_slots = std::max<std::uint32_t>(slots, 1);

  FrameLayout& frame = code.frame;
  std::uint32_t max_align = 16;
  std::uint64_t end = 0;
  frame.var_offsets.assign(f.vars.size(), 0);
  for (std::size_t i = 0; i < f.vars.size(); ++i) {
    const ptx::Variable& v = f.vars[i];
    if (v.space != StateSpace::kLocal && v.space != StateSpace::kParam) continue;
    std::uint32_t align = variable_align(v);
    max_align = std::max(max_align, align);
    end = align_up(end, align);
    frame.var_offsets[i] = static_cast<std::uint32_t>(end);
    end += v.size_bytes();
  }
  if (f.is_entry) {
    std::uint32_t param_align = 1;  // the buffer has no alignment of its own beyond its members'
    code.kernel_param_size =
        static_cast<std::uint32_t>(place(f.params, 0, code.kernel_param_offsets, param_align));
  } else {
    end = place(f.params, end, frame.param_offsets, max_align);
    end = place(f.rets, end, frame.ret_offsets, max_align);
  }
  if (end > 0xffff'ffffULL) cannot_place(m, f, "its local frame is larger than 4 GiB");
  frame.align = max_align;
  frame.size = static_cast<std::uint32_t>(align_up(end, 16));
}

}  // namespace

namespace {

struct Decoder {
  const LoadedModule& module;
  FunctionCode& code;
  const ptx::Module& m = *module.ir;
  const ptx::Function& f = *code.ir;

  [[noreturn]] void reject(const ptx::Instruction& inst, const std::string& what) const {
    throw LaunchError(fmt::format("{}:{}:{}: {}", m.file_name, inst.loc.line, inst.loc.col, what));
  }

  void resolve_symbol(const ptx::Instruction& inst, const ptx::SymbolRef& ref, Operand& out) {
    switch (ref.scope) {
      case SymbolScope::kGlobal: {
        const ptx::Variable& v = m.globals.at(ref.index);
        if (v.space == StateSpace::kShared) {
          out.base = SymbolBase::kShared;
          out.index = module.shared_id_of_global.at(ref.index);
        } else if (module.global_addresses.at(ref.index) != 0) {
          out.base = SymbolBase::kAbsolute;
          out.value = module.global_addresses[ref.index];
        } else {
          reject(inst, fmt::format("variable '{}' has no storage (an undefined .extern, or a "
                                   "{} variable at module scope)",
                                   v.name, ptx::space_name(v.space)));
        }
        return;
      }
      case SymbolScope::kLocal: {
        const ptx::Variable& v = f.vars.at(ref.index);
        if (v.space == StateSpace::kShared) {
          out.base = SymbolBase::kShared;
          out.index = module.shared_id_of_local(code.index, ref.index);
        } else if (v.space == StateSpace::kLocal || v.space == StateSpace::kParam) {
          out.base = SymbolBase::kFrame;
          out.value = code.frame.var_offsets.at(ref.index);
        } else {
          reject(inst, fmt::format("function-scope {} variable '{}' is not supported",
                                   ptx::space_name(v.space), v.name));
        }
        return;
      }
      case SymbolScope::kParam:
        if (f.is_entry) {
          out.base = SymbolBase::kAbsolute;
          out.value = kKernelParamTag + code.kernel_param_offsets.at(ref.index);
        } else {
          out.base = SymbolBase::kFrame;
          out.value = code.frame.param_offsets.at(ref.index);
        }
        return;
      case SymbolScope::kRet:
        out.base = SymbolBase::kFrame;
        out.value = code.frame.ret_offsets.at(ref.index);
        return;
      case SymbolScope::kFunction:
        out.base = SymbolBase::kAbsolute;
        out.value = kFunctionBase + ref.index;
        return;
      case SymbolScope::kNone:
        return;
    }
  }

  Operand decode_operand(const ptx::Instruction& inst, const ptx::Operand& in) {
    Operand out;
    out.kind = in.kind;
    out.ir = &in;
    out.negated = in.negated;
    out.sreg = in.sreg;
    out.component = in.component;
    out.index = in.index;
    out.count = in.count;
    out.offset = in.offset;
    switch (in.kind) {
      case OperandKind::kReg:
        out.slot = code.slot_of_reg.at(in.reg);
        break;
      case OperandKind::kSymbol:
        resolve_symbol(inst, in.symbol, out);
        break;
      case OperandKind::kAddress:
        if (in.reg != ptx::kNoIndex) out.slot = code.slot_of_reg.at(in.reg);
        if (in.symbol.scope != SymbolScope::kNone) resolve_symbol(inst, in.symbol, out);
        break;
      case OperandKind::kLabel:
        out.index = f.labels.at(in.index).inst;
        break;
      default:
        break;
    }
    return out;
  }

  void decode_instructions() {
    ptx::Cfg cfg = ptx::build_cfg(f);
    ptx::PostDominatorTree pdt(cfg.graph, cfg.entry, cfg.exit);
    code.insts.resize(f.insts.size());
    for (std::uint32_t pc = 0; pc < f.insts.size(); ++pc) {
      const ptx::Instruction& inst = f.insts[pc];
      DecodedInst& d = code.insts[pc];
      d.ir = &inst;
      d.pc = pc;
      d.ops.reserve(inst.operands.size());
      for (const ptx::Operand& op : inst.operands) d.ops.push_back(decode_operand(inst, op));
      if (inst.guard != ptx::kNoIndex) {
        d.guard_slot = code.slot_of_reg.at(inst.guard);
        d.guard_negated = inst.guard_negated;
      }
      d.op_class = classify(inst);
      d.fn = select_handler(inst);
      if (inst.op == ptx::Opcode::kBra) d.target = f.branch_target(inst);
      if (inst.op == ptx::Opcode::kBra || inst.op == ptx::Opcode::kRet ||
          inst.op == ptx::Opcode::kCall) {
        d.reconverge = reconvergence(cfg, pdt, pc);
      }
      if (inst.op == ptx::Opcode::kCall && inst.arg(1).kind == OperandKind::kSymbol) {
        code.callees.push_back(inst.arg(1).symbol.index);
      }
      ptx::InstructionRegs regs = ptx::instruction_registers(inst);
      for (std::uint32_t r : regs.uses) d.reads.push_back(code.slot_of_reg.at(r));
      // A guarded instruction's destinations count too: the timing model waits for them.
      for (std::uint32_t r : ptx::instruction_writes(inst)) {
        d.writes.push_back(code.slot_of_reg.at(r));
      }
    }
    std::sort(code.callees.begin(), code.callees.end());
    code.callees.erase(std::unique(code.callees.begin(), code.callees.end()), code.callees.end());
  }

  std::uint32_t reconvergence(const ptx::Cfg& cfg, const ptx::PostDominatorTree& pdt,
                              std::uint32_t pc) const {
    ptx::NodeId block = cfg.block_of(pc);
    if (!pdt.in_scope(block)) return code.exit_pc();
    ptx::NodeId ipdom = pdt.immediate_post_dominator(block);
    while (ipdom != ptx::kNoNode && ipdom != cfg.exit && cfg.blocks[ipdom].empty()) {
      ipdom = pdt.immediate_post_dominator(ipdom);
    }
    if (ipdom == ptx::kNoNode || ipdom == cfg.exit) return code.exit_pc();
    return cfg.blocks[ipdom].first;
  }
};

// Shared-variable ids a function uses directly.
void collect_shared(FunctionCode& code) {
  std::set<std::uint32_t> ids;
  for (const DecodedInst& d : code.insts) {
    for (const Operand& op : d.ops) {
      if (op.base == SymbolBase::kShared) ids.insert(op.index);
    }
  }
  code.shared_ids.assign(ids.begin(), ids.end());
}

bool makes_indirect_calls(const FunctionCode& code) {
  return std::any_of(code.insts.begin(), code.insts.end(), [](const DecodedInst& d) {
    return d.ir->op == ptx::Opcode::kCall && d.ir->arg(1).kind == OperandKind::kReg;
  });
}

// Kernels get the shared variables of everything they can call (all functions, when an
// indirect call makes the callee unknown).
void close_shared_over_calls(LoadedModule& module) {
  std::vector<std::vector<std::uint32_t>> direct(module.functions.size());
  for (std::size_t i = 0; i < module.functions.size(); ++i)
    direct[i] = module.functions[i].shared_ids;
  for (FunctionCode& kernel : module.functions) {
    if (!kernel.ir->is_entry || !kernel.ir->has_body) continue;
    std::set<std::uint32_t> ids;
    std::vector<bool> seen(module.functions.size(), false);
    std::vector<std::uint32_t> work{kernel.index};
    while (!work.empty()) {
      std::uint32_t fn = work.back();
      work.pop_back();
      if (seen[fn]) continue;
      seen[fn] = true;
      const FunctionCode& code = module.functions[fn];
      ids.insert(direct[fn].begin(), direct[fn].end());
      if (makes_indirect_calls(code)) {
        for (std::uint32_t j = 0; j < module.functions.size(); ++j) work.push_back(j);
      }
      for (std::uint32_t callee : code.callees) work.push_back(callee);
    }
    kernel.shared_ids.assign(ids.begin(), ids.end());
  }
}

}  // namespace

void decode_module(LoadedModule& module) {
  const ptx::Module& m = *module.ir;
  module.functions.resize(m.functions.size());
  for (std::uint32_t i = 0; i < m.functions.size(); ++i) {
    module.functions[i].ir = &m.functions[i];
    module.functions[i].index = i;
    layout_function(m, module.functions[i]);
  }
  for (FunctionCode& code : module.functions) {
    if (!code.ir->has_body) continue;
    Decoder{module, code}.decode_instructions();
    collect_shared(code);
  }
  close_shared_over_calls(module);
}

}  // namespace warpsim::func
