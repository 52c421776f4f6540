// Instructions and operands.

#include <cinttypes>
#include <cstdio>

#include "ptx/printer.h"
#include "ptx/printer_impl.h"

namespace warpsim::ptx::detail {
namespace {

const char* component_suffix(std::uint8_t component) {
  static constexpr const char* kSuffixes[] = {"", ".x", ".y", ".z", ".w"};
  return component < 5 ? kSuffixes[component] : "";
}

}  // namespace

void Printer::instruction(const Function& fn, const Instruction& inst) {
  out_ += "\t";
  if (comment_extensions_ && inst.op == Opcode::kRelssp) out_ += "// ";
  if (inst.guard != kNoIndex) {
    out_ += inst.guard_negated ? "@!" : "@";
    out_ += fn.reg_name(inst.guard) + " ";
  }
  opcode(inst);
  if (inst.is_call()) {
    call_operands(fn, inst);
  } else {
    operands(fn, inst);
  }
  out_ += ";\n";
}

// Suffixes in the order of the opcode's category list, which follows the PTX ISA syntax.
void Printer::opcode(const Instruction& inst) {
  const OpcodeInfo& info = inst.info();
  out_ += info.name;
  for (ModCat cat : info.cats.list()) {
    switch (cat) {
      case ModCat::kType:
        for (DataType type : {inst.type, inst.type2, inst.type3}) {
          if (type != DataType::kNone) out_ += "." + std::string(type_name(type));
        }
        break;
      case ModCat::kSpace:
        if (inst.space != StateSpace::kGeneric) out_ += "." + std::string(space_name(inst.space));
        break;
      case ModCat::kSpace2:
        if (inst.space2 != StateSpace::kGeneric) {
          out_ += "." + std::string(space_name(inst.space2));
        }
        break;
      case ModCat::kVec:
        if (inst.vec > 1) out_ += ".v" + std::to_string(inst.vec);
        break;
      default:
        if (inst.has(cat)) out_ += "." + std::string(mod_name(inst.mod(cat)));
        break;
    }
  }
}

void Printer::operands(const Function& fn, const Instruction& inst) {
  bool pair = inst.info().pair_dest();
  for (std::size_t i = 0; i < inst.num_operands; ++i) {
    if (pair && i == 1) {
      if (inst.operands[1].kind != OperandKind::kNone) {
        out_ += "|";
        operand(fn, inst, inst.operands[1]);
      }
      continue;
    }
    out_ += i == 0 ? "\t" : ", ";
    operand(fn, inst, inst.operands[i]);
  }
}

void Printer::call_operands(const Function& fn, const Instruction& inst) {
  if (inst.num_operands < 3) return;
  const Operand& rets = inst.operands[0];
  const Operand& args = inst.operands[2];
  bool has_proto = inst.num_operands > 3 && inst.operands[3].kind == OperandKind::kPrototype;
  out_ += "\t";
  if (rets.count > 0) {
    list(fn, inst, rets, '(', ')');
    out_ += ", ";
  }
  operand(fn, inst, inst.operands[1]);
  if (args.count > 0 || has_proto) {
    out_ += ", ";
    list(fn, inst, args, '(', ')');
  }
  if (has_proto) {
    out_ += ", ";
    operand(fn, inst, inst.operands[3]);
  }
}

void Printer::list(const Function& fn, const Instruction& inst, const Operand& agg, char open,
                   char close) {
  out_ += open;
  std::span<const Operand> elements = inst.elements(agg);
  for (std::size_t i = 0; i < elements.size(); ++i) {
    if (i) out_ += ", ";
    operand(fn, inst, elements[i]);
  }
  out_ += close;
}

void Printer::operand(const Function& fn, const Instruction& inst, const Operand& op) {
  switch (op.kind) {
    case OperandKind::kNone:
      break;
    case OperandKind::kReg:
      if (op.negated) out_ += "!";
      out_ += fn.reg_name(op.reg);
      out_ += component_suffix(op.component);
      break;
    case OperandKind::kSreg:
      out_ += special_reg_name(op.sreg);
      out_ += component_suffix(op.component);
      break;
    case OperandKind::kImm:
      immediate(op.imm, op.imm_kind);
      break;
    case OperandKind::kSymbol:
      symbol(&fn, op.symbol);
      offset(op.offset, false);
      break;
    case OperandKind::kAddress:
      out_ += "[";
      if (op.reg != kNoIndex) {
        out_ += fn.reg_name(op.reg);
        offset(op.offset, true);
      } else if (op.symbol.scope != SymbolScope::kNone) {
        symbol(&fn, op.symbol);
        offset(op.offset, true);
      } else {
        out_ += std::to_string(static_cast<std::uint64_t>(op.offset));
      }
      out_ += "]";
      break;
    case OperandKind::kVector:
      list(fn, inst, op, '{', '}');
      break;
    case OperandKind::kTuple:
      list(fn, inst, op, '[', ']');
      break;
    case OperandKind::kLabel:
      out_ += op.index < fn.labels.size() ? fn.labels[op.index].name : "<invalid-label>";
      break;
    case OperandKind::kSink:
      out_ += "_";
      break;
    case OperandKind::kPrototype:
      out_ += op.index < fn.prototypes.size() ? fn.prototypes[op.index].name : "<invalid-proto>";
      break;
  }
}

void Printer::immediate(std::uint64_t bits, ImmKind kind) {
  char buf[32];
  switch (kind) {
    case ImmKind::kInt:
      out_ += std::to_string(static_cast<std::int64_t>(bits));
      return;
    case ImmKind::kUnsigned:
      out_ += std::to_string(bits) + "U";
      return;
    case ImmKind::kF32:
      std::snprintf(buf, sizeof buf, "0f%08" PRIX32, static_cast<std::uint32_t>(bits));
      break;
    case ImmKind::kF64:
      std::snprintf(buf, sizeof buf, "0d%016" PRIX64, bits);
      break;
  }
  out_ += buf;
}

void Printer::symbol(const Function* fn, SymbolRef ref) {
  auto name_in = [&](const auto& table) -> const std::string* {
    return ref.index < table.size() ? &table[ref.index].name : nullptr;
  };
  const std::string* name = nullptr;
  switch (ref.scope) {
    case SymbolScope::kGlobal:
      name = name_in(module_.globals);
      break;
    case SymbolScope::kFunction:
      name = name_in(module_.functions);
      break;
    case SymbolScope::kLocal:
      name = fn ? name_in(fn->vars) : nullptr;
      break;
    case SymbolScope::kParam:
      name = fn ? name_in(fn->params) : nullptr;
      break;
    case SymbolScope::kRet:
      name = fn ? name_in(fn->rets) : nullptr;
      break;
    case SymbolScope::kNone:
      break;
  }
  out_ += name ? *name : std::string("<invalid-symbol>");
}

void Printer::offset(std::int64_t value, bool in_address) {
  if (value > 0) out_ += "+" + std::to_string(value);
  if (value < 0) out_ += (in_address ? "+" : "") + std::to_string(value);
}

std::string Printer::instruction_text(const Function& fn, const Instruction& inst) {
  instruction(fn, inst);
  // Drop the "\t" prefix and ";\n" suffix the body printer uses.
  std::string text = out_.substr(1, out_.size() - 3);
  out_.clear();
  return text;
}

}  // namespace warpsim::ptx::detail
