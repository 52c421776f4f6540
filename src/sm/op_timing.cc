#include "sm/op_timing.h"

#include "func/program.h"
#include "ptx/ir.h"

namespace warpsim {

namespace {

bool is_float(ptx::DataType t) {
  using ptx::DataType;
  return t == DataType::kF32 || t == DataType::kF64 || t == DataType::kF16 ||
         t == DataType::kF16x2 || t == DataType::kBf16 || t == DataType::kBf16x2;
}

// Arithmetic by its data type: divisions and remainders, multiplies, the rest.
OpTiming arithmetic(const ptx::Instruction& inst, OpTiming plain, OpTiming division) {
  switch (inst.op) {
    case ptx::Opcode::kDiv:
    case ptx::Opcode::kRem:
      return division;
    default:
      return plain;
  }
}

OpTiming integer(const ptx::Instruction& inst) {
  switch (inst.op) {
    case ptx::Opcode::kMul:
    case ptx::Opcode::kMad:
    case ptx::Opcode::kMul24:
    case ptx::Opcode::kMad24:
    case ptx::Opcode::kMadc:
    case ptx::Opcode::kSad:
      return OpTiming::kIntMul;
    case ptx::Opcode::kDiv:
    case ptx::Opcode::kRem:
      return OpTiming::kIntDiv;
    default:
      return OpTiming::kInt;
  }
}

}  // namespace

bool goes_to_ldst(const func::DecodedInst& inst, OpTiming timing) {
  return timing == OpTiming::kMemory &&
         !(inst.ir != nullptr && inst.ir->space == ptx::StateSpace::kParam);
}

OpTiming effective_timing(const func::DecodedInst& inst) {
  const OpTiming t = op_timing_of(inst);
  return t == OpTiming::kMemory && !goes_to_ldst(inst, t) ? OpTiming::kMove : t;
}

bool reads_only_path(const func::DecodedInst& inst) {
  return inst.ir == nullptr ? inst.read_only : inst.ir->mod(ptx::ModCat::kNc) != ptx::Mod::kNone;
}

bool skips_l1(const func::DecodedInst& inst) {
  if (inst.ir == nullptr) return inst.l1_bypass;
  // prefetch.L2 (and .L2::evict_*) fills the L2 only.
  if (inst.ir->op == ptx::Opcode::kPrefetch) {
    return inst.ir->mod(ptx::ModCat::kLevel) == ptx::Mod::kL2;
  }
  const ptx::Mod cache = inst.ir->mod(ptx::ModCat::kCache);
  return cache == ptx::Mod::kCg || cache == ptx::Mod::kCv ||
         inst.ir->mod(ptx::ModCat::kSem) == ptx::Mod::kVolatile;
}

bool loads_global_memory(const func::DecodedInst& inst) {
  if (inst.op_class != func::OpClass::kLoad) return false;
  if (inst.ir == nullptr) return inst.global_memory;
  const ptx::StateSpace space = inst.ir->space;
  return space == ptx::StateSpace::kGlobal || space == ptx::StateSpace::kLocal ||
         space == ptx::StateSpace::kGeneric;
}

OpTiming op_timing_of(const func::DecodedInst& inst) {
  using func::OpClass;
  if (inst.timing != func::DecodedInst::kNoTiming) return static_cast<OpTiming>(inst.timing);
  switch (inst.op_class) {
    case OpClass::kInt:
      // Float compares and selects are classified as integer-like by the functional model when
      // their result is a predicate; their type says which pipeline runs them.
      if (inst.ir != nullptr && is_float(inst.ir->type)) {
        return inst.ir->type == ptx::DataType::kF64 ? OpTiming::kFp64 : OpTiming::kFp32;
      }
      return inst.ir != nullptr ? integer(*inst.ir) : OpTiming::kInt;
    case OpClass::kFp32:
      return inst.ir != nullptr ? arithmetic(*inst.ir, OpTiming::kFp32, OpTiming::kFp32Div)
                                : OpTiming::kFp32;
    case OpClass::kFp64:
      return inst.ir != nullptr ? arithmetic(*inst.ir, OpTiming::kFp64, OpTiming::kFp64Div)
                                : OpTiming::kFp64;
    case OpClass::kFp16:
      return OpTiming::kFp16;
    case OpClass::kSfu:
      return OpTiming::kSfu;
    case OpClass::kConvert:
      return OpTiming::kConvert;
    case OpClass::kMove:
      return OpTiming::kMove;
    case OpClass::kWarpOp:
      return OpTiming::kWarp;
    case OpClass::kLoad:
    case OpClass::kStore:
    case OpClass::kAtomic:
    case OpClass::kTexture:
    case OpClass::kSurface:
      return OpTiming::kMemory;
    case OpClass::kBranch:
    case OpClass::kCall:
    case OpClass::kReturn:
    case OpClass::kExit:
    case OpClass::kBarrier:
    case OpClass::kFence:
    case OpClass::kNop:
      return OpTiming::kControl;
  }
  return OpTiming::kInt;
}

}  // namespace warpsim
