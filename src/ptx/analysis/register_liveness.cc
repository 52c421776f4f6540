#include "ptx/analysis/register_liveness.h"

namespace warpsim::ptx {

namespace {

// Adds the registers `operand` names (for an aggregate, its elements') to `out`.
void collect(const Instruction& inst, const Operand& operand, std::vector<std::uint32_t>& out) {
  switch (operand.kind) {
    case OperandKind::kReg:
      out.push_back(operand.reg);
      break;
    case OperandKind::kAddress:
      if (operand.reg != kNoIndex) out.push_back(operand.reg);
      break;
    case OperandKind::kVector:
    case OperandKind::kTuple:
      for (const Operand& element : inst.elements(operand)) collect(inst, element, out);
      break;
    default:
      break;
  }
}

// Written operand `i` is a destination: call's return vector, a pair destination's two
// halves, or a 'd' slot of the operand shape (slots count a pair as one).
bool is_destination(const Instruction& inst, unsigned i) {
  if (inst.op == Opcode::kCall) return i == 0;
  const OpcodeInfo& info = inst.info();
  if (info.pair_dest()) {
    if (i <= 1) return true;
    return info.slot(i - 1) == 'd';
  }
  return info.slot(i) == 'd';
}

// Reads into `uses` (guard excluded), destinations into `written`.
void operand_registers(const Instruction& inst, std::vector<std::uint32_t>& uses,
                       std::vector<std::uint32_t>& written) {
  const auto args = inst.args();
  for (unsigned i = 0; i < args.size(); ++i) {
    const Operand& operand = args[i];
    // An address operand reads its base register even in a destination position.
    if (is_destination(inst, i) && operand.kind != OperandKind::kAddress) {
      collect(inst, operand, written);
    } else {
      collect(inst, operand, uses);
    }
  }
}

}  // namespace

std::vector<std::uint32_t> instruction_writes(const Instruction& inst) {
  std::vector<std::uint32_t> uses;
  std::vector<std::uint32_t> written;
  operand_registers(inst, uses, written);
  return written;
}

InstructionRegs instruction_registers(const Instruction& inst) {
  InstructionRegs regs;
  std::vector<std::uint32_t> written;
  operand_registers(inst, regs.uses, written);
  if (inst.guard != kNoIndex) {
    regs.uses.push_back(inst.guard);
  } else {
    regs.defs = std::move(written);
  }
  return regs;
}

std::vector<InstructionRegs> block_registers(const Function& function, const BasicBlock& block) {
  std::vector<InstructionRegs> out;
  out.reserve(block.end - block.first);
  for (std::uint32_t i = block.first; i < block.end; ++i) {
    out.push_back(instruction_registers(function.insts[i]));
  }
  return out;
}

LivenessInfo function_liveness(const Function& function, const Cfg& cfg) {
  const std::size_t reg_count = function.regs.size();
  std::vector<BitSet> use;
  std::vector<BitSet> def;
  use.reserve(cfg.blocks.size());
  def.reserve(cfg.blocks.size());
  for (const BasicBlock& block : cfg.blocks) {
    const BlockUseDef summary = summarize_block(block_registers(function, block), reg_count);
    use.push_back(summary.use);
    def.push_back(summary.def);
  }
  return compute_liveness(cfg.graph, cfg.entry, cfg.exit, use, def);
}

}  // namespace warpsim::ptx
