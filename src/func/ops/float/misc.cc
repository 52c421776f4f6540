// min, max, abs, neg, copysign and testp on f32/f64.
//
// min/max (PTX ISA): a NaN operand is ignored unless both are NaN (then the canonical NaN), or
// .NaN is given (then any NaN operand gives the canonical NaN); -0.0 counts as less than +0.0.
// .xorsign.abs compares magnitudes and gives the result the XOR of the operands' signs. abs and
// neg only touch the sign bit (a NaN keeps its payload).

#include "func/ops/float/float_ops.h"

namespace warpsim::func {

namespace {

using ptx::DataType;
using ptx::ModCat;

struct MinMaxMode {
  bool nan = false;
  bool xorsign = false;
  bool abs = false;
};

template <typename T, bool kMax>
std::uint64_t min_max(std::uint64_t a, std::uint64_t b, MinMaxMode mode) {
  using B = FloatBits<T>;
  std::uint64_t sign = (a ^ b) & B::kSign;
  if (mode.abs) {
    a &= ~B::kSign;
    b &= ~B::kSign;
  }
  T x = B::get(a);
  T y = B::get(b);
  bool xnan = std::isnan(x);
  bool ynan = std::isnan(y);
  if ((xnan && ynan) || (mode.nan && (xnan || ynan))) return B::kNaN;
  std::uint64_t r;
  if (xnan) {
    r = b;
  } else if (ynan) {
    r = a;
  } else if (x == y) {  // equal values, or zeros of either sign: -0.0 < +0.0
    bool a_neg = (a & B::kSign) != 0;
    r = (a_neg != kMax) ? a : b;
  } else {
    r = ((x < y) != kMax) ? a : b;
  }
  if (mode.xorsign) r = (r & ~B::kSign) | sign;
  return r;
}

template <typename T, bool kMax>
void exec_min_max(ExecContext& ctx, const DecodedInst& inst) {
  using B = FloatBits<T>;
  const ptx::Instruction& ir = *inst.ir;
  bool ftz = B::kType == DataType::kF32 && ir.has(ModCat::kFtz);
  MinMaxMode mode{ir.has(ModCat::kNaN), ir.has(ModCat::kXorsign), ir.has(ModCat::kAbs)};
  bool three = ir.num_operands > 3 && inst.ops[3].kind != ptx::OperandKind::kNone;
  LaneValues a = ctx.read(inst, 1, B::kType);
  LaneValues b = ctx.read(inst, 2, B::kType);
  LaneValues c;
  if (three) ctx.read(inst, 3, B::kType, c);
  if (ftz) {
    flush_lanes_f32(a);
    flush_lanes_f32(b);
    flush_lanes_f32(c);
  }
  LaneValues d;
  for (unsigned l = 0; l < kWarpSize; ++l) {
    std::uint64_t r = min_max<T, kMax>(a.v[l], b.v[l], mode);
    if (three) r = min_max<T, kMax>(r, c.v[l], mode);
    d.v[l] = r;
  }
  finish_lanes<T>(d, ftz, false);
  ctx.write(inst, 0, B::kType, d);
}

template <typename T, bool kNeg>
void exec_sign_op(ExecContext& ctx, const DecodedInst& inst) {
  using B = FloatBits<T>;
  bool ftz = B::kType == DataType::kF32 && inst.ir->has(ModCat::kFtz);
  LaneValues a = ctx.read(inst, 1, B::kType);
  if (ftz) flush_lanes_f32(a);
  for (unsigned l = 0; l < kWarpSize; ++l) {
    a.v[l] = kNeg ? a.v[l] ^ B::kSign : a.v[l] & ~B::kSign;
  }
  ctx.write(inst, 0, B::kType, a);
}

// copysign d, a, b: b's magnitude with a's sign.
template <typename T>
void exec_copysign(ExecContext& ctx, const DecodedInst& inst) {
  using B = FloatBits<T>;
  LaneValues a = ctx.read(inst, 1, B::kType);
  LaneValues b = ctx.read(inst, 2, B::kType);
  LaneValues d;
  for (unsigned l = 0; l < kWarpSize; ++l) {
    d.v[l] = (b.v[l] & ~B::kSign) | (a.v[l] & B::kSign);
  }
  ctx.write(inst, 0, B::kType, d);
}

template <typename T>
bool test_class(ptx::Mod cls, T v) {
  switch (cls) {
    case ptx::Mod::kFinite:
      return std::isfinite(v);
    case ptx::Mod::kInfinite:
      return std::isinf(v);
    case ptx::Mod::kNumber:
      return !std::isnan(v);
    case ptx::Mod::kNotanumber:
      return std::isnan(v);
    case ptx::Mod::kNormal:
      return std::isnormal(v);
    case ptx::Mod::kSubnormal:
      return std::fpclassify(v) == FP_SUBNORMAL;
    default:
      return false;
  }
}

template <typename T>
void exec_testp(ExecContext& ctx, const DecodedInst& inst) {
  using B = FloatBits<T>;
  ptx::Mod cls = inst.ir->mod(ModCat::kTestpClass);
  LaneValues a = ctx.read(inst, 1, B::kType);
  LaneValues d;
  for (unsigned l = 0; l < kWarpSize; ++l) d.v[l] = test_class<T>(cls, B::get(a.v[l])) ? 1 : 0;
  ctx.write(inst, 0, DataType::kPred, d);
}

template <typename T>
ExecFn select_for(const ptx::Instruction& inst) {
  switch (inst.op) {
    case ptx::Opcode::kMin:
      return &exec_min_max<T, false>;
    case ptx::Opcode::kMax:
      return &exec_min_max<T, true>;
    case ptx::Opcode::kAbs:
      return &exec_sign_op<T, false>;
    case ptx::Opcode::kNeg:
      return &exec_sign_op<T, true>;
    case ptx::Opcode::kCopysign:
      return &exec_copysign<T>;
    case ptx::Opcode::kTestp:
      return &exec_testp<T>;
    default:
      return nullptr;
  }
}

}  // namespace

ExecFn select_misc(const ptx::Instruction& inst) {
  if (inst.type == DataType::kF32) return select_for<float>(inst);
  if (inst.type == DataType::kF64) return select_for<double>(inst);
  return nullptr;
}

}  // namespace warpsim::func
