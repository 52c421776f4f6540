// Comparisons and selects of every type: setp (including the p|q pair and the packed half
// types), set, selp and slct.
//
// Integer operands compare as their canonical 64-bit values (as int64 for signed types, uint64
// for unsigned and bit types and for the unsigned operators lo/ls/hi/hs). Float operands are
// widened exactly to double first (after .ftz flushing), which preserves every ordering and NaN,
// so one comparison kernel serves f16, bf16, f32 and f64.

#include <bit>
#include <cmath>
#include <type_traits>

#include "func/ops/integer/integer_ops.h"

namespace warpsim::func::integer {

void combine_predicate(ptx::Mod bool_op, LaneValues& t, const LaneValues& c) {
  switch (bool_op) {
    case ptx::Mod::kAnd:
      for (unsigned l = 0; l < kWarpSize; ++l) t.v[l] &= c.v[l];
      break;
    case ptx::Mod::kOr:
      for (unsigned l = 0; l < kWarpSize; ++l) t.v[l] |= c.v[l];
      break;
    case ptx::Mod::kXor:
      for (unsigned l = 0; l < kWarpSize; ++l) t.v[l] ^= c.v[l];
      break;
    default:
      break;
  }
}

namespace {

using ptx::DataType;
using ptx::Mod;
using ptx::ModCat;
using ptx::Opcode;
using ptx::OperandKind;

// Ordered relations: false when either operand is NaN (ne included).
struct Eq {
  template <typename T>
  static bool apply(T a, T b) {
    return a == b;
  }
};
struct Ne {
  template <typename T>
  static bool apply(T a, T b) {
    return a < b || b < a;
  }
};
struct Lt {
  template <typename T>
  static bool apply(T a, T b) {
    return a < b;
  }
};
struct Le {
  template <typename T>
  static bool apply(T a, T b) {
    return a <= b;
  }
};
struct Gt {
  template <typename T>
  static bool apply(T a, T b) {
    return a > b;
  }
};
struct Ge {
  template <typename T>
  static bool apply(T a, T b) {
    return a >= b;
  }
};
// Unordered relations: true when either operand is NaN.
struct Equ {
  static bool apply(double a, double b) { return !(a < b || b < a); }
};
struct Neu {
  static bool apply(double a, double b) { return a != b; }
};
struct Ltu {
  static bool apply(double a, double b) { return !(a >= b); }
};
struct Leu {
  static bool apply(double a, double b) { return !(a > b); }
};
struct Gtu {
  static bool apply(double a, double b) { return !(a <= b); }
};
struct Geu {
  static bool apply(double a, double b) { return !(a < b); }
};
struct Num {
  static bool apply(double a, double b) { return !std::isnan(a) && !std::isnan(b); }
};
struct Nan {
  static bool apply(double a, double b) { return std::isnan(a) || std::isnan(b); }
};

bool is_packed_float(DataType t) { return t == DataType::kF16x2 || t == DataType::kBf16x2; }

bool is_compare_float(DataType t) {
  switch (t) {
    case DataType::kF16:
    case DataType::kBf16:
    case DataType::kF16x2:
    case DataType::kBf16x2:
    case DataType::kF32:
    case DataType::kF64:
      return true;
    default:
      return false;
  }
}

double half_to_double(std::uint64_t h) {
  std::uint64_t exponent = (h >> 10) & 0x1fU;
  auto fraction = static_cast<double>(h & 0x3ffU);
  double magnitude = 0;
  if (exponent == 0) {
    magnitude = std::ldexp(fraction, -24);
  } else if (exponent == 0x1f) {
    magnitude = (h & 0x3ffU) != 0 ? std::nan("") : INFINITY;
  } else {
    magnitude = std::ldexp(fraction + 1024, static_cast<int>(exponent) - 25);
  }
  return (h & 0x8000U) != 0 ? -magnitude : magnitude;
}

// A 16-bit float (f16 or bf16) as the bits of the equal double; .ftz flushes subnormals to a
// zero of the same sign.
std::uint64_t widen_16(std::uint64_t h, bool bf16, bool ftz) {
  unsigned exponent_shift = bf16 ? 7 : 10;
  std::uint64_t exponent_mask = bf16 ? 0xffU : 0x1fU;
  if (ftz && ((h >> exponent_shift) & exponent_mask) == 0) h &= 0x8000U;
  double d = bf16 ? static_cast<double>(as_f32(h << 16)) : half_to_double(h);
  return f64_bits(d);
}

// Operand i of a float comparison as double bit patterns; `half` picks the element of a
// packed type.
void load_float(ExecContext& ctx, const DecodedInst& inst, unsigned i, DataType type, unsigned half,
                LaneValues& out) {
  bool ftz = inst.ir->has(ModCat::kFtz);
  switch (type) {
    case DataType::kF64:
      ctx.read(inst, i, type, out);
      return;
    case DataType::kF32:
      ctx.read(inst, i, type, out);
      for (unsigned l = 0; l < kWarpSize; ++l) {
        std::uint64_t bits = out.v[l];
        if (ftz && (bits & 0x7f800000U) == 0) bits &= 0x80000000U;
        out.v[l] = f64_bits(static_cast<double>(as_f32(bits)));
      }
      return;
    default: {
      bool bf16 = type == DataType::kBf16 || type == DataType::kBf16x2;
      ctx.read(inst, i, is_packed_float(type) ? DataType::kB32 : DataType::kB16, out);
      for (unsigned l = 0; l < kWarpSize; ++l) {
        out.v[l] = widen_16((out.v[l] >> (16 * half)) & 0xffffU, bf16, ftz);
      }
      return;
    }
  }
}

// t (and t_high, the upper halves of packed types) = operands src, src + 1 compared, 0 or 1.
template <typename T, typename Cmp>
void compare(ExecContext& ctx, const DecodedInst& inst, unsigned src, DataType type, LaneValues& t,
             LaneValues& t_high) {
  LaneValues a;
  LaneValues b;
  unsigned halves = is_packed_float(type) ? 2 : 1;
  for (unsigned h = 0; h < halves; ++h) {
    if constexpr (std::is_floating_point_v<T>) {
      load_float(ctx, inst, src, type, h, a);
      load_float(ctx, inst, src + 1, type, h, b);
    } else {
      ctx.read(inst, src, type, a);
      ctx.read(inst, src + 1, type, b);
    }
    LaneValues& out = h == 0 ? t : t_high;
    for (unsigned l = 0; l < kWarpSize; ++l) {
      out.v[l] = Cmp::apply(std::bit_cast<T>(a.v[l]), std::bit_cast<T>(b.v[l])) ? 1U : 0U;
    }
  }
}

// setp p[|q], a, b[, c]: p = cmp op c, q = !cmp op c (for packed types p and q get the low and
// high halves' results instead).
template <typename T, typename Cmp>
void exec_setp(ExecContext& ctx, const DecodedInst& inst) {
  const ptx::Instruction& ir = *inst.ir;
  LaneValues p;
  LaneValues q;
  compare<T, Cmp>(ctx, inst, 2, ir.type, p, q);
  bool want_q = inst.ops[1].kind == OperandKind::kReg;
  if (want_q && !is_packed_float(ir.type)) {
    for (unsigned l = 0; l < kWarpSize; ++l) q.v[l] = p.v[l] ^ 1U;
  }
  Mod bool_op = ir.mod(ModCat::kBoolOp);
  if (bool_op != Mod::kNone) {
    LaneValues c;
    ctx.read(inst, 4, DataType::kPred, c);
    combine_predicate(bool_op, p, c);
    combine_predicate(bool_op, q, c);
  }
  ctx.write(inst, 0, DataType::kPred, p);
  if (want_q) ctx.write(inst, 1, DataType::kPred, q);
}

// What set writes for true: 1.0 for float destinations, all ones for integer ones.
std::uint64_t true_value(DataType dst) {
  switch (dst) {
    case DataType::kF32:
      return 0x3f800000U;
    case DataType::kF16:
    case DataType::kF16x2:
      return 0x3c00U;
    case DataType::kBf16:
    case DataType::kBf16x2:
      return 0x3f80U;
    default:
      return width_mask(type_bits(dst));
  }
}

// set.dtype.stype d, a, b[, c]: true_value or 0 per comparison (per half for packed sources).
template <typename T, typename Cmp>
void exec_set(ExecContext& ctx, const DecodedInst& inst) {
  const ptx::Instruction& ir = *inst.ir;
  LaneValues t;
  LaneValues t_high;
  compare<T, Cmp>(ctx, inst, 1, ir.type2, t, t_high);
  Mod bool_op = ir.mod(ModCat::kBoolOp);
  if (bool_op != Mod::kNone) {
    LaneValues c;
    ctx.read(inst, 3, DataType::kPred, c);
    combine_predicate(bool_op, t, c);
    combine_predicate(bool_op, t_high, c);
  }
  LaneValues d;
  if (is_packed_float(ir.type2)) {
    std::uint64_t one = is_packed_float(ir.type) ? true_value(ir.type) : 0xffffU;
    for (unsigned l = 0; l < kWarpSize; ++l) {
      d.v[l] = (t.v[l] != 0 ? one : 0) | (t_high.v[l] != 0 ? one << 16 : 0);
    }
  } else {
    std::uint64_t one = canonical(true_value(ir.type), ir.type);
    for (unsigned l = 0; l < kWarpSize; ++l) d.v[l] = t.v[l] != 0 ? one : 0;
  }
  ctx.write(inst, 0, ir.type, d);
}

template <bool kSet, typename T, typename Cmp>
ExecFn handler() {
  return kSet ? &exec_set<T, Cmp> : &exec_setp<T, Cmp>;
}

template <bool kSet, typename T>
ExecFn select_relation(Mod cmp) {
  switch (cmp) {
    case Mod::kEq:
      return handler<kSet, T, Eq>();
    case Mod::kNe:
      return handler<kSet, T, Ne>();
    case Mod::kLt:
      return handler<kSet, T, Lt>();
    case Mod::kLe:
      return handler<kSet, T, Le>();
    case Mod::kGt:
      return handler<kSet, T, Gt>();
    case Mod::kGe:
      return handler<kSet, T, Ge>();
    default:
      return nullptr;
  }
}

template <bool kSet>
ExecFn select_float_compare(Mod cmp) {
  switch (cmp) {
    case Mod::kEqu:
      return handler<kSet, double, Equ>();
    case Mod::kNeu:
      return handler<kSet, double, Neu>();
    case Mod::kLtu:
      return handler<kSet, double, Ltu>();
    case Mod::kLeu:
      return handler<kSet, double, Leu>();
    case Mod::kGtu:
      return handler<kSet, double, Gtu>();
    case Mod::kGeu:
      return handler<kSet, double, Geu>();
    case Mod::kNum:
      return handler<kSet, double, Num>();
    case Mod::kNan:
      return handler<kSet, double, Nan>();
    default:
      return select_relation<kSet, double>(cmp);
  }
}

template <bool kSet>
ExecFn select_compare_of(const ptx::Instruction& inst, DataType src) {
  Mod cmp = inst.mod(ModCat::kCmp);
  if (is_compare_float(src)) return select_float_compare<kSet>(cmp);
  if (!is_int_type(src)) return nullptr;
  switch (cmp) {
    case Mod::kLo:
      return handler<kSet, std::uint64_t, Lt>();
    case Mod::kLs:
      return handler<kSet, std::uint64_t, Le>();
    case Mod::kHi:
      return handler<kSet, std::uint64_t, Gt>();
    case Mod::kHs:
      return handler<kSet, std::uint64_t, Ge>();
    default:
      return ptx::is_signed_type(src) ? select_relation<kSet, std::int64_t>(cmp)
                                      : select_relation<kSet, std::uint64_t>(cmp);
  }
}

bool is_set_destination(DataType dst, DataType src) {
  if (is_packed_float(dst)) return dst == src;
  switch (dst) {
    case DataType::kU16:
    case DataType::kS16:
    case DataType::kU32:
    case DataType::kS32:
    case DataType::kF32:
    case DataType::kF16:
    case DataType::kBf16:
      return !is_packed_float(src) || dst == DataType::kU32 || dst == DataType::kS32;
    default:
      return false;
  }
}

// selp d, a, b, c: c ? a : b.
void exec_selp(ExecContext& ctx, const DecodedInst& inst) {
  DataType t = inst.ir->type;
  LaneValues a;
  LaneValues b;
  LaneValues c;
  LaneValues d;
  ctx.read(inst, 1, t, a);
  ctx.read(inst, 2, t, b);
  ctx.read(inst, 3, DataType::kPred, c);
  for (unsigned l = 0; l < kWarpSize; ++l) d.v[l] = b.v[l] ^ ((a.v[l] ^ b.v[l]) & (0 - c.v[l]));
  ctx.write(inst, 0, t, d);
}

// slct d, a, b, c: c >= 0 ? a : b, with c s32 or f32 (-0.0 counts as >= 0, NaN does not).
template <bool kFloat>
void exec_slct(ExecContext& ctx, const DecodedInst& inst) {
  DataType t = inst.ir->type;
  bool ftz = inst.ir->has(ModCat::kFtz);
  LaneValues a;
  LaneValues b;
  LaneValues c;
  LaneValues d;
  ctx.read(inst, 1, t, a);
  ctx.read(inst, 2, t, b);
  ctx.read(inst, 3, kFloat ? DataType::kF32 : DataType::kS32, c);
  for (unsigned l = 0; l < kWarpSize; ++l) {
    bool take_a = false;
    if constexpr (kFloat) {
      std::uint64_t bits = c.v[l];
      if (ftz && (bits & 0x7f800000U) == 0) bits &= 0x80000000U;
      take_a = as_f32(bits) >= 0.0F;
    } else {
      take_a = static_cast<std::int64_t>(c.v[l]) >= 0;
    }
    d.v[l] = take_a ? a.v[l] : b.v[l];
  }
  ctx.write(inst, 0, t, d);
}

}  // namespace

ExecFn select_compare(const ptx::Instruction& inst) {
  switch (inst.op) {
    case Opcode::kSetp:
      return select_compare_of<false>(inst, inst.type);
    case Opcode::kSet:
      if (!is_set_destination(inst.type, inst.type2)) return nullptr;
      return select_compare_of<true>(inst, inst.type2);
    case Opcode::kSelp:
      return inst.type != DataType::kPred && type_bits(inst.type) >= 16 ? &exec_selp : nullptr;
    case Opcode::kSlct:
      if (inst.type2 == DataType::kS32) return &exec_slct<false>;
      return inst.type2 == DataType::kF32 ? &exec_slct<true> : nullptr;
    default:
      return nullptr;
  }
}

}  // namespace warpsim::func::integer
