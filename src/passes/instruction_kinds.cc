#include "passes/instruction_kinds.h"

namespace warpsim::passes {
namespace {

using ptx::Opcode;
using ptx::StateSpace;

bool reads_timer(const ptx::Instruction& inst) {
  for (const ptx::Operand& op : inst.operands) {
    if (op.kind != ptx::OperandKind::kSreg) continue;
    const auto r = static_cast<unsigned>(op.sreg);
    if (r >= static_cast<unsigned>(ptx::SpecialReg::kClock) &&
        r <= static_cast<unsigned>(ptx::SpecialReg::kGlobaltimerHi)) {
      return true;
    }
    if (r >= static_cast<unsigned>(ptx::SpecialReg::kEnvreg0)) return true;
  }
  return false;
}

bool plain_semantics(const ptx::Instruction& inst) {
  if (inst.has(ptx::ModCat::kMmio)) return false;
  const ptx::Mod sem = inst.mod(ptx::ModCat::kSem);
  return sem == ptx::Mod::kNone || sem == ptx::Mod::kWeak;
}

// Spaces that name disjoint memories; 0 for those that may overlap anything.
int space_class(StateSpace space) {
  switch (space) {
    case StateSpace::kGlobal:
      return 1;
    case StateSpace::kLocal:
      return 2;
    case StateSpace::kShared:
    case StateSpace::kSharedCta:
      return 3;
    case StateSpace::kConst:
      return 4;
    case StateSpace::kParam:
    case StateSpace::kParamEntry:
    case StateSpace::kParamFunc:
      return 5;
    default:
      return 0;
  }
}

}  // namespace

bool is_pure_arithmetic(const ptx::Instruction& inst) {
  switch (inst.op) {
    case Opcode::kInvalid:
    case Opcode::kLd:
    case Opcode::kLdu:
    case Opcode::kSt:
    case Opcode::kPrefetch:
    case Opcode::kPrefetchu:
    case Opcode::kCpAsync:
    case Opcode::kCpAsyncCommitGroup:
    case Opcode::kCpAsyncWaitGroup:
    case Opcode::kCpAsyncWaitAll:
    case Opcode::kTex:
    case Opcode::kTld4:
    case Opcode::kTxq:
    case Opcode::kSuld:
    case Opcode::kSust:
    case Opcode::kSured:
    case Opcode::kSuq:
    case Opcode::kBra:
    case Opcode::kCall:
    case Opcode::kRet:
    case Opcode::kExit:
    case Opcode::kTrap:
    case Opcode::kBrkpt:
    case Opcode::kBar:
    case Opcode::kBarrier:
    case Opcode::kBarWarpSync:
    case Opcode::kBarrierCluster:
    case Opcode::kMembar:
    case Opcode::kFence:
    case Opcode::kFenceProxy:
    case Opcode::kAtom:
    case Opcode::kRed:
    case Opcode::kVote:
    case Opcode::kMatch:
    case Opcode::kShfl:
    case Opcode::kRedux:
    case Opcode::kActivemask:
    case Opcode::kElect:
    case Opcode::kNanosleep:
    case Opcode::kPmevent:
    case Opcode::kGetctarank:
    case Opcode::kMapa:
    case Opcode::kStacksave:
    case Opcode::kStackrestore:
    case Opcode::kAlloca:
    case Opcode::kGriddepcontrolLaunchDependents:
    case Opcode::kGriddepcontrolWait:
    case Opcode::kRelssp:
      return false;
    default:
      return !reads_timer(inst);
  }
}

bool is_plain_load(const ptx::Instruction& inst) {
  return inst.op == Opcode::kLd && space_class(inst.space) != 0 && plain_semantics(inst);
}

bool is_plain_store(const ptx::Instruction& inst) {
  return inst.op == Opcode::kSt && plain_semantics(inst);
}

bool spaces_may_alias(StateSpace a, StateSpace b) {
  const int ca = space_class(a);
  const int cb = space_class(b);
  return ca == 0 || cb == 0 || ca == cb;
}

}  // namespace warpsim::passes
