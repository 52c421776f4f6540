// Per-instruction checks: operand references, slot kinds, counts, calls, branches, widths.

#include <array>
#include <span>

#include "ptx/verifier.h"
#include "ptx/verifier_impl.h"

namespace warpsim::ptx::detail {
namespace {

std::string_view kind_name(OperandKind kind) {
  switch (kind) {
    case OperandKind::kNone:
      return "nothing";
    case OperandKind::kReg:
      return "a register";
    case OperandKind::kSreg:
      return "a special register";
    case OperandKind::kImm:
      return "an immediate";
    case OperandKind::kSymbol:
      return "a symbol";
    case OperandKind::kAddress:
      return "an address";
    case OperandKind::kVector:
      return "a vector";
    case OperandKind::kTuple:
      return "a texture/surface tuple";
    case OperandKind::kLabel:
      return "a label";
    case OperandKind::kSink:
      return "'_'";
    case OperandKind::kPrototype:
      return "a prototype";
  }
  return "an operand";
}

std::string_view slot_name(char slot) {
  switch (slot) {
    case 'd':
      return "a destination register";
    case 'p':
      return "a predicate";
    case 'a':
      return "an address";
    case 't':
      return "an address or texture tuple";
    case 'l':
      return "a label";
    default:
      return "a register, immediate or symbol";
  }
}

// Register-width rules for ALU instructions, one character per written operand (a pair
// destination's second register is skipped): T = the instruction type's width (a .pred
// register when the type is .pred), W = twice that, 3 = 32 bits, P = .pred, - = not checked.
struct WidthRule {
  Opcode op;
  std::string_view rule;
};

constexpr std::array kWidthRules{
    WidthRule{Opcode::kAdd, "TTT"},    WidthRule{Opcode::kSub, "TTT"},
    WidthRule{Opcode::kMul, "TTT"},    WidthRule{Opcode::kMad, "TTTT"},
    WidthRule{Opcode::kFma, "TTTT"},   WidthRule{Opcode::kMul24, "TTT"},
    WidthRule{Opcode::kMad24, "TTTT"}, WidthRule{Opcode::kSad, "TTTT"},
    WidthRule{Opcode::kDiv, "TTT"},    WidthRule{Opcode::kRem, "TTT"},
    WidthRule{Opcode::kAbs, "TT"},     WidthRule{Opcode::kNeg, "TT"},
    WidthRule{Opcode::kMin, "TTTT"},   WidthRule{Opcode::kMax, "TTTT"},
    WidthRule{Opcode::kAddc, "TTT"},   WidthRule{Opcode::kSubc, "TTT"},
    WidthRule{Opcode::kMadc, "TTTT"},  WidthRule{Opcode::kPopc, "3T"},
    WidthRule{Opcode::kClz, "3T"},     WidthRule{Opcode::kBfind, "3T"},
    WidthRule{Opcode::kBrev, "TT"},    WidthRule{Opcode::kBfe, "TT33"},
    WidthRule{Opcode::kBfi, "TTT33"},  WidthRule{Opcode::kRcp, "TT"},
    WidthRule{Opcode::kSqrt, "TT"},    WidthRule{Opcode::kRsqrt, "TT"},
    WidthRule{Opcode::kSin, "TT"},     WidthRule{Opcode::kCos, "TT"},
    WidthRule{Opcode::kLg2, "TT"},     WidthRule{Opcode::kEx2, "TT"},
    WidthRule{Opcode::kTanh, "TT"},    WidthRule{Opcode::kCopysign, "TTT"},
    WidthRule{Opcode::kTestp, "PT"},   WidthRule{Opcode::kSetp, "PTTP"},
    WidthRule{Opcode::kSelp, "TTTP"},  WidthRule{Opcode::kAnd, "TTT"},
    WidthRule{Opcode::kOr, "TTT"},     WidthRule{Opcode::kXor, "TTT"},
    WidthRule{Opcode::kNot, "TT"},     WidthRule{Opcode::kCnot, "TT"},
    WidthRule{Opcode::kShl, "TT3"},    WidthRule{Opcode::kShr, "TT3"},
    WidthRule{Opcode::kShf, "TTT3"},   WidthRule{Opcode::kPrmt, "TTTT"},
    WidthRule{Opcode::kMov, "TT"},     WidthRule{Opcode::kVote, "3P3"},
    WidthRule{Opcode::kShfl, "TT33T"}, WidthRule{Opcode::kActivemask, "T"},
};

std::string_view width_rule(const Instruction& inst) {
  bool wide = inst.mod(ModCat::kMulMode) == Mod::kWide;
  if (inst.op == Opcode::kMul && wide) return "WTT";
  if (inst.op == Opcode::kMad && wide) return "WTTW";
  if (inst.op == Opcode::kVote && inst.mod(ModCat::kVoteMode) != Mod::kBallot) return "PP3";
  for (const WidthRule& rule : kWidthRules) {
    if (rule.op == inst.op) return rule.rule;
  }
  return {};
}

}  // namespace

std::string Verifier::reg_text(std::uint32_t index) const {
  return quote_token(fn_->reg_name(index));
}

bool Verifier::is_pred_reg(const Operand& op) const {
  return op.kind == OperandKind::kReg && reg(op.reg).type == DataType::kPred;
}

void Verifier::check_instruction(const Instruction& inst) {
  inst_ = &inst;
  if (inst.op == Opcode::kInvalid || inst.op >= Opcode::kCount) fail("invalid opcode");
  if (inst.guard != kNoIndex) {
    if (inst.guard >= fn_->regs.size()) fail("guard is an undeclared register");
    if (reg(inst.guard).type != DataType::kPred) {
      fail("guard " + reg_text(inst.guard) + " is not a .pred register");
    }
  }
  check_debug(inst.debug);
  check_operand_indices(inst);
  if (inst.is_call()) return check_call(inst);
  check_counts(inst);
  check_slots(inst);
  if (inst.op == Opcode::kBra) check_branch(inst);
  check_widths(inst);
  check_vector_width(inst);
  inst_ = nullptr;
}

void Verifier::check_operand_ref(const Operand& op) const {
  switch (op.kind) {
    case OperandKind::kReg:
      if (op.reg >= fn_->regs.size()) fail("operand is an undeclared register");
      if (op.component != 0 && reg(op.reg).vec == 1) {
        fail("component of non-vector register " + reg_text(op.reg));
      }
      break;
    case OperandKind::kSreg:
      if (op.sreg > SpecialReg::kLast) fail("invalid special register");
      if (special_reg_is_vector(op.sreg) != (op.component != 0)) {
        fail(special_reg_is_vector(op.sreg)
                 ? "special register " + special_reg_name(op.sreg) + " needs .x, .y or .z"
                 : "special register " + special_reg_name(op.sreg) + " has no components");
      }
      break;
    case OperandKind::kSymbol:
      check_symbol(op.symbol, fn_);
      break;
    case OperandKind::kAddress:
      if (op.reg != kNoIndex && op.reg >= fn_->regs.size()) fail("address base is undeclared");
      if (op.reg == kNoIndex && op.symbol.scope != SymbolScope::kNone) check_symbol(op.symbol, fn_);
      break;
    case OperandKind::kLabel:
      if (op.index >= fn_->labels.size()) fail("reference to an undeclared label");
      break;
    case OperandKind::kPrototype:
      if (op.index >= fn_->prototypes.size()) fail("reference to an undeclared prototype");
      break;
    default:
      break;
  }
}

void Verifier::check_operand_indices(const Instruction& inst) const {
  if (inst.num_operands > inst.operands.size()) fail("operand count exceeds the operand list");
  for (std::size_t i = 0; i < inst.operands.size(); ++i) {
    const Operand& op = inst.operands[i];
    if (op.kind == OperandKind::kVector || op.kind == OperandKind::kTuple) {
      if (i >= inst.num_operands && op.kind == OperandKind::kTuple) fail("nested tuple");
      if (op.index < inst.num_operands || op.index > inst.operands.size() ||
          op.count > inst.operands.size() - op.index) {
        fail("aggregate operand elements out of range");
      }
    }
    check_operand_ref(op);
  }
}

void Verifier::check_counts(const Instruction& inst) const {
  const OpcodeInfo& info = inst.info();
  unsigned written = inst.num_operands - (info.pair_dest() && inst.num_operands > 1 ? 1 : 0);
  if (written < info.min_operands() || written > info.max_operands()) {
    fail("'" + std::string(info.name) + "' has " + std::to_string(written) + " operands");
  }
  bool hint = inst.has(ModCat::kCacheHint);
  unsigned expected = 0;
  switch (inst.op) {
    case Opcode::kSetp:
    case Opcode::kSet:
      expected = inst.has(ModCat::kBoolOp) ? 4 : 3;
      break;
    case Opcode::kAtom:
      expected = (inst.mod(ModCat::kAtomOp) == Mod::kCas ? 4 : 3) + (hint ? 1 : 0);
      break;
    case Opcode::kRed:
    case Opcode::kLd:
    case Opcode::kSt:
      expected = 2 + (hint ? 1 : 0);
      break;
    case Opcode::kBar:
    case Opcode::kBarrier:
      if (inst.mod(ModCat::kBarMode) == Mod::kRed) {
        if (!inst.has(ModCat::kBarRedOp) || written < 3)
          fail("bar.red needs an operation and a predicate");
      } else if (inst.has(ModCat::kBarRedOp) || inst.type != DataType::kNone || written > 2) {
        fail("only bar.red takes a reduction");
      }
      return;
    default:
      return;
  }
  if (written != expected) {
    fail("'" + std::string(info.name) + "' with these modifiers expects " +
         std::to_string(expected) + " operands, found " + std::to_string(written));
  }
}

void Verifier::check_slot(const Instruction& inst, const Operand& op, char slot,
                          unsigned index) const {
  bool ok = true;
  switch (slot) {
    case 'd':
      ok = op.kind == OperandKind::kReg || op.kind == OperandKind::kSink ||
           op.kind == OperandKind::kVector;
      for (const Operand& e : inst.elements(op)) {
        ok = ok && (e.kind == OperandKind::kReg || e.kind == OperandKind::kSink);
      }
      break;
    case 's':
      ok = op.kind == OperandKind::kReg || op.kind == OperandKind::kImm ||
           op.kind == OperandKind::kSreg || op.kind == OperandKind::kSymbol ||
           op.kind == OperandKind::kVector;
      break;
    case 'p':
      ok = is_pred_reg(op) || op.kind == OperandKind::kImm;
      break;
    case 'a':
      ok = op.kind == OperandKind::kAddress;
      break;
    case 't':
      ok = op.kind == OperandKind::kAddress || op.kind == OperandKind::kTuple;
      break;
    case 'l':
      ok = op.kind == OperandKind::kLabel;
      break;
    default:
      ok = op.kind != OperandKind::kNone && op.kind != OperandKind::kLabel;
      break;
  }
  if (op.negated && slot != 'p' && slot != 'x') ok = false;
  if (!ok) {
    fail("operand " + std::to_string(index + 1) + " of '" + std::string(inst.info().name) +
         "' must be " + std::string(slot_name(slot)) + ", found " +
         std::string(kind_name(op.kind)));
  }
}

void Verifier::check_slots(const Instruction& inst) const {
  const OpcodeInfo& info = inst.info();
  unsigned slot_index = 0;
  for (unsigned i = 0; i < inst.num_operands; ++i) {
    const Operand& op = inst.operands[i];
    if (info.pair_dest() && i == 1) {
      if (op.kind != OperandKind::kNone && !is_pred_reg(op)) {
        fail("second destination of '" + std::string(info.name) + "' must be a .pred register");
      }
      continue;
    }
    check_slot(inst, op, info.slot(slot_index), slot_index);
    ++slot_index;
  }
}

void Verifier::check_branch(const Instruction& inst) const {
  std::uint32_t label = inst.operands[0].index;
  if (fn_->labels[label].inst > fn_->insts.size()) {
    fail("branch to undefined label " + quote_token(fn_->labels[label].name));
  }
}

void Verifier::check_call(const Instruction& inst) const {
  if (inst.num_operands < 3 || inst.operands[0].kind != OperandKind::kVector ||
      inst.operands[2].kind != OperandKind::kVector) {
    fail("malformed call operands");
  }
  const Operand& callee = inst.operands[1];
  std::size_t rets = 0;
  std::size_t params = 0;
  std::string name;
  if (callee.kind == OperandKind::kSymbol && callee.symbol.scope == SymbolScope::kFunction) {
    const Function& target = module_.functions[callee.symbol.index];
    if (target.is_entry) fail("call to kernel " + quote_token(target.name));
    rets = target.rets.size();
    params = target.params.size();
    name = target.name;
  } else if (callee.kind == OperandKind::kReg) {
    if (inst.num_operands < 4 || inst.operands[3].kind != OperandKind::kPrototype) {
      fail("indirect call through " + reg_text(callee.reg) + " needs a .callprototype");
    }
    const Prototype& proto = fn_->prototypes[inst.operands[3].index];
    rets = proto.rets.size();
    params = proto.params.size();
    name = proto.name;
  } else {
    fail("call target must be a function or a register");
  }
  if (inst.operands[0].count != rets || inst.operands[2].count != params) {
    fail("call to " + quote_token(name) + " passes " + std::to_string(inst.operands[2].count) +
         " arguments and " + std::to_string(inst.operands[0].count) + " return values; it takes " +
         std::to_string(params) + " and " + std::to_string(rets));
  }
}

void Verifier::check_register_width(const Instruction& inst, const Operand& op, char rule) const {
  if (op.kind != OperandKind::kReg || rule == '-') return;
  const Register& r = reg(op.reg);
  bool want_pred = rule == 'P' || (rule == 'T' && inst.type == DataType::kPred);
  if (want_pred != (r.type == DataType::kPred)) {
    fail(reg_text(op.reg) + (want_pred ? " is not a .pred register" : " is a .pred register") +
         " in '" + std::string(inst.info().name) + "'");
  }
  if (want_pred || r.vec != 1) return;
  unsigned bytes = rule == '3' ? 4 : type_size(inst.type) * (rule == 'W' ? 2 : 1);
  if (bytes != 0 && type_size(r.type) != bytes) {
    fail("register " + reg_text(op.reg) + " (." + std::string(type_name(r.type)) +
         ") does not match the " + std::to_string(bytes * 8) + "-bit operand of '" +
         std::string(inst.info().name) + "'");
  }
}

void Verifier::check_widths(const Instruction& inst) const {
  std::string_view rule = width_rule(inst);
  if (rule.empty()) return;
  bool pair = inst.info().pair_dest();
  unsigned slot = 0;
  for (unsigned i = 0; i < inst.num_operands && slot < rule.size(); ++i) {
    if (pair && i == 1) continue;
    check_register_width(inst, inst.operands[i], rule[slot++]);
  }
}

// ld/st/atom/red with .vN move N registers: the data operand is a vector of that size.
void Verifier::check_vector_width(const Instruction& inst) const {
  int data = -1;
  if (inst.op == Opcode::kLd || inst.op == Opcode::kLdu || inst.op == Opcode::kAtom) data = 0;
  if (inst.op == Opcode::kSt || inst.op == Opcode::kRed) data = 1;
  if (data < 0) return;
  const Operand& op = inst.operands[static_cast<unsigned>(data)];
  unsigned count = op.kind == OperandKind::kVector ? op.count : 1;
  if (count != inst.vec) {
    fail("'" + std::string(inst.info().name) + "' with " +
         (inst.vec > 1 ? ".v" + std::to_string(inst.vec) : std::string("no vector width")) +
         " needs " + std::to_string(inst.vec) + " data registers, found " + std::to_string(count));
  }
}

}  // namespace warpsim::ptx::detail
