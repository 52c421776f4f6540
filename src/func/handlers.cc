#include "func/handlers.h"

#include <fmt/format.h>

#include "ptx/printer.h"

namespace warpsim::func {

using ptx::DataType;
using ptx::Opcode;

namespace {

bool is_float_arith_type(DataType t) {
  switch (t) {
    case DataType::kF16:
    case DataType::kF16x2:
    case DataType::kBf16:
    case DataType::kBf16x2:
    case DataType::kF32:
    case DataType::kF64:
      return true;
    default:
      return false;
  }
}

// Opcodes shared by integer and floating-point types: the type picks the family.
bool typed_arithmetic(Opcode op) {
  switch (op) {
    case Opcode::kAdd:
    case Opcode::kSub:
    case Opcode::kMul:
    case Opcode::kMad:
    case Opcode::kDiv:
    case Opcode::kAbs:
    case Opcode::kNeg:
    case Opcode::kMin:
    case Opcode::kMax:
      return true;
    default:
      return false;
  }
}

void unsupported(ExecContext& ctx, const DecodedInst& inst) {
  ctx.fail_warp(
      inst, fmt::format("unsupported instruction '{}'",
                        ptx::print_instruction(*ctx.launch.module->ir, *ctx.code->ir, *inst.ir)));
}

}  // namespace

ExecFn unsupported_handler() { return &unsupported; }

ExecFn select_handler(const ptx::Instruction& inst) {
  ExecFn fn = nullptr;
  Opcode op = inst.op;
  if (typed_arithmetic(op)) {
    fn = is_float_arith_type(inst.type) ? select_float(inst) : select_integer(inst);
  } else {
    switch (classify(inst)) {
      case OpClass::kLoad:
      case OpClass::kStore:
      case OpClass::kMove:
        fn = select_memory(inst);
        break;
      case OpClass::kAtomic:
        fn = select_atomic(inst);
        break;
      case OpClass::kWarpOp:
        fn = select_warp(inst);
        break;
      case OpClass::kTexture:
      case OpClass::kSurface:
        fn = select_texture(inst);
        break;
      case OpClass::kBranch:
      case OpClass::kCall:
      case OpClass::kReturn:
      case OpClass::kExit:
      case OpClass::kBarrier:
      case OpClass::kFence:
      case OpClass::kNop:
        fn = select_control(inst);
        break;
      case OpClass::kFp32:
      case OpClass::kFp64:
      case OpClass::kFp16:
      case OpClass::kSfu:
      case OpClass::kConvert:
        fn = select_float(inst);
        break;
      case OpClass::kInt:
        fn = select_integer(inst);
        break;
    }
  }
  return fn != nullptr ? fn : &unsupported;
}

namespace {

OpClass float_class(DataType t) {
  switch (t) {
    case DataType::kF64:
      return OpClass::kFp64;
    case DataType::kF16:
    case DataType::kF16x2:
    case DataType::kBf16:
    case DataType::kBf16x2:
      return OpClass::kFp16;
    default:
      return OpClass::kFp32;
  }
}

}  // namespace

OpClass classify(const ptx::Instruction& inst) {
  switch (inst.op) {
    case Opcode::kLd:
    case Opcode::kLdu:
    case Opcode::kPrefetch:
    case Opcode::kPrefetchu:
    case Opcode::kCpAsync:
      return OpClass::kLoad;
    case Opcode::kSt:
      return OpClass::kStore;
    case Opcode::kMov:
    case Opcode::kCvta:
    case Opcode::kIsspacep:
    case Opcode::kCpAsyncCommitGroup:
    case Opcode::kCpAsyncWaitGroup:
    case Opcode::kCpAsyncWaitAll:
    case Opcode::kMapa:
    case Opcode::kGetctarank:
      return OpClass::kMove;
    case Opcode::kAtom:
    case Opcode::kRed:
      return OpClass::kAtomic;
    case Opcode::kShfl:
    case Opcode::kVote:
    case Opcode::kMatch:
    case Opcode::kRedux:
    case Opcode::kActivemask:
    case Opcode::kElect:
      return OpClass::kWarpOp;
    case Opcode::kTex:
    case Opcode::kTld4:
    case Opcode::kTxq:
      return OpClass::kTexture;
    case Opcode::kSuld:
    case Opcode::kSust:
    case Opcode::kSured:
    case Opcode::kSuq:
      return OpClass::kSurface;
    case Opcode::kBra:
      return OpClass::kBranch;
    case Opcode::kCall:
      return OpClass::kCall;
    case Opcode::kRet:
      return OpClass::kReturn;
    case Opcode::kExit:
    case Opcode::kTrap:
      return OpClass::kExit;
    case Opcode::kBar:
    case Opcode::kBarrier:
    case Opcode::kBarWarpSync:
    case Opcode::kBarrierCluster:
      return OpClass::kBarrier;
    case Opcode::kMembar:
    case Opcode::kFence:
    case Opcode::kFenceProxy:
      return OpClass::kFence;
    case Opcode::kBrkpt:
    case Opcode::kNanosleep:
    case Opcode::kPmevent:
    case Opcode::kRelssp:  // the timing model acts on it (sm/scratchpad_sharing)
    case Opcode::kGriddepcontrolLaunchDependents:
    case Opcode::kGriddepcontrolWait:
    case Opcode::kStacksave:
    case Opcode::kStackrestore:
    case Opcode::kAlloca:
      return OpClass::kNop;
    case Opcode::kRcp:
    case Opcode::kSqrt:
    case Opcode::kRsqrt:
    case Opcode::kSin:
    case Opcode::kCos:
    case Opcode::kLg2:
    case Opcode::kEx2:
    case Opcode::kTanh:
      // Full-precision f64 versions run on the FP64 units; the rest on the SFU.
      if (inst.type == DataType::kF64 && inst.mod(ptx::ModCat::kPrecision) != ptx::Mod::kApprox) {
        return OpClass::kFp64;
      }
      return OpClass::kSfu;
    case Opcode::kCvt:
    case Opcode::kCvtPack:
      return OpClass::kConvert;
    case Opcode::kFma:
    case Opcode::kTestp:
    case Opcode::kCopysign:
      return float_class(inst.type);
    default:
      break;
  }
  if (is_float_arith_type(inst.type) && typed_arithmetic(inst.op)) return float_class(inst.type);
  return OpClass::kInt;
}

const char* op_class_name(OpClass op_class) {
  switch (op_class) {
    case OpClass::kInt:
      return "int";
    case OpClass::kFp32:
      return "fp32";
    case OpClass::kFp64:
      return "fp64";
    case OpClass::kFp16:
      return "fp16";
    case OpClass::kSfu:
      return "sfu";
    case OpClass::kConvert:
      return "convert";
    case OpClass::kMove:
      return "move";
    case OpClass::kLoad:
      return "load";
    case OpClass::kStore:
      return "store";
    case OpClass::kAtomic:
      return "atomic";
    case OpClass::kBranch:
      return "branch";
    case OpClass::kCall:
      return "call";
    case OpClass::kReturn:
      return "return";
    case OpClass::kExit:
      return "exit";
    case OpClass::kBarrier:
      return "barrier";
    case OpClass::kFence:
      return "fence";
    case OpClass::kWarpOp:
      return "warp";
    case OpClass::kTexture:
      return "texture";
    case OpClass::kSurface:
      return "surface";
    case OpClass::kNop:
      return "nop";
  }
  return "?";
}

BuiltinFn find_builtin(std::string_view name) {
  if (name == "vprintf") return &builtin_vprintf;
  return nullptr;
}

}  // namespace warpsim::func
