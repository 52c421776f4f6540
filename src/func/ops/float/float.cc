// select_float: routes an instruction of the floating-point family to its handler.

#include "func/ops/float/float_ops.h"

namespace warpsim::func {

namespace {

bool is_approx(const ptx::Instruction& inst) {
  ptx::Mod precision = inst.mod(ptx::ModCat::kPrecision);
  return precision == ptx::Mod::kApprox || precision == ptx::Mod::kFull;
}

}  // namespace

ExecFn select_float(const ptx::Instruction& inst) {
  using ptx::Opcode;
  switch (inst.op) {
    case Opcode::kCvt:
      return select_convert(inst);
    case Opcode::kCvtPack:
      return select_cvt_pack(inst);
    default:
      break;
  }
  if (is_half_type(inst.type)) return select_half(inst);
  switch (inst.op) {
    case Opcode::kAdd:
    case Opcode::kSub:
    case Opcode::kMul:
    case Opcode::kMad:
    case Opcode::kFma:
      return select_ieee(inst);
    case Opcode::kDiv:
    case Opcode::kRcp:
    case Opcode::kSqrt:
      return is_approx(inst) ? select_approx(inst) : select_ieee(inst);
    case Opcode::kRsqrt:
    case Opcode::kSin:
    case Opcode::kCos:
    case Opcode::kLg2:
    case Opcode::kEx2:
    case Opcode::kTanh:
      return select_approx(inst);
    case Opcode::kMin:
    case Opcode::kMax:
    case Opcode::kAbs:
    case Opcode::kNeg:
    case Opcode::kCopysign:
    case Opcode::kTestp:
      return select_misc(inst);
    default:
      return nullptr;
  }
}

}  // namespace warpsim::func
