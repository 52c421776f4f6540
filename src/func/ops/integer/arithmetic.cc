// Integer add, sub (without carry), div, rem, abs, neg, min, max and sad, including the packed
// .u16x2/.s16x2 forms of add, sub, min and max.

#include <algorithm>

#include "func/ops/integer/integer_ops.h"

namespace warpsim::func::integer {

namespace {

using ptx::DataType;
using ptx::Mod;
using ptx::ModCat;
using ptx::Opcode;

template <typename I, bool kSub>
void exec_add(ExecContext& ctx, const DecodedInst& inst) {
  DataType t = inst.ir->type;
  binary_lanes(ctx, inst, t, t,
               [](std::uint64_t a, std::uint64_t b) { return I::narrow(kSub ? a - b : a + b); });
}

// add.sat.s32 / sub.sat.s32: the exact 33-bit result clamped to the s32 range.
template <bool kSub>
void exec_add_sat_s32(ExecContext& ctx, const DecodedInst& inst) {
  binary_lanes(ctx, inst, DataType::kS32, DataType::kS32, [](std::uint64_t a, std::uint64_t b) {
    auto x = static_cast<std::int64_t>(a);
    auto y = static_cast<std::int64_t>(b);
    std::int64_t r = std::clamp<std::int64_t>(kSub ? x - y : x + y, kS32Min, kS32Max);
    return static_cast<std::uint64_t>(r);
  });
}

// Applies fn to the two 16-bit halves of a and b (sign-extended when kSigned), keeping the low
// 16 bits of each result.
template <bool kSigned, typename Fn>
std::uint64_t per_half(std::uint64_t a, std::uint64_t b, Fn fn) {
  std::uint64_t out = 0;
  for (unsigned h = 0; h < 2; ++h) {
    std::uint64_t x = (a >> (16 * h)) & 0xffffU;
    std::uint64_t y = (b >> (16 * h)) & 0xffffU;
    if constexpr (kSigned) {
      x = sign_extend(x, 16);
      y = sign_extend(y, 16);
    }
    out |= (fn(x, y) & 0xffffU) << (16 * h);
  }
  return out;
}

template <bool kSub>
void exec_add_x2(ExecContext& ctx, const DecodedInst& inst) {
  DataType t = inst.ir->type;
  binary_lanes(ctx, inst, DataType::kB32, t, [t](std::uint64_t a, std::uint64_t b) {
    std::uint64_t r = per_half<false>(
        a, b, [](std::uint64_t x, std::uint64_t y) { return kSub ? x - y : x + y; });
    return canonical(r, t);
  });
}

template <bool kMax, bool kSigned>
std::uint64_t min_max(std::uint64_t a, std::uint64_t b) {
  bool take_a = false;
  if constexpr (kSigned) {
    auto x = static_cast<std::int64_t>(a);
    auto y = static_cast<std::int64_t>(b);
    take_a = kMax ? x > y : x < y;
  } else {
    take_a = kMax ? a > b : a < b;
  }
  return take_a ? a : b;
}

// min/max of two or three sources; .relu clamps negative results to 0; packed types work per
// half.
template <bool kMax, bool kSigned, bool kPacked, bool kRelu>
void exec_min_max(ExecContext& ctx, const DecodedInst& inst) {
  DataType t = inst.ir->type;
  DataType src = kPacked ? DataType::kB32 : t;
  auto op = [](std::uint64_t a, std::uint64_t b) {
    if constexpr (kPacked) {
      return per_half<kSigned>(a, b, [](std::uint64_t x, std::uint64_t y) {
        std::uint64_t r = min_max<kMax, kSigned>(x, y);
        return kRelu && static_cast<std::int64_t>(r) < 0 ? 0 : r;
      });
    } else {
      std::uint64_t r = min_max<kMax, kSigned>(a, b);
      return kRelu && static_cast<std::int64_t>(r) < 0 ? 0 : r;
    }
  };
  LaneValues a;
  LaneValues b;
  LaneValues d;
  ctx.read(inst, 1, src, a);
  ctx.read(inst, 2, src, b);
  for (unsigned l = 0; l < kWarpSize; ++l) d.v[l] = op(a.v[l], b.v[l]);
  if (inst.ir->num_operands > 3) {
    ctx.read(inst, 3, src, b);
    for (unsigned l = 0; l < kWarpSize; ++l) d.v[l] = op(d.v[l], b.v[l]);
  }
  if constexpr (kPacked) {
    for (unsigned l = 0; l < kWarpSize; ++l) d.v[l] = canonical(d.v[l], t);
  }
  ctx.write(inst, 0, t, d);
}

// Division by zero is unspecified in PTX; this returns what the hardware's unsigned-magnitude
// sequence gives: all ones for unsigned, -1 (or 1 for a negative dividend) for signed. The
// overflowing MIN / -1 wraps to MIN.
template <typename I>
std::uint64_t divide(std::uint64_t a, std::uint64_t b) {
  if constexpr (I::kIsSigned) {
    auto x = static_cast<std::int64_t>(a);
    auto y = static_cast<std::int64_t>(b);
    if (y == 0) return I::narrow(x < 0 ? 1 : ~std::uint64_t{0});
    if (y == -1) return I::narrow(0 - a);
    return I::narrow(static_cast<std::uint64_t>(x / y));
  } else {
    return b == 0 ? I::narrow(~std::uint64_t{0}) : a / b;
  }
}

// The remainder by zero is the dividend (so that a == q * b + r still holds for b == 0).
template <typename I>
std::uint64_t remainder(std::uint64_t a, std::uint64_t b) {
  if constexpr (I::kIsSigned) {
    auto x = static_cast<std::int64_t>(a);
    auto y = static_cast<std::int64_t>(b);
    if (y == 0) return a;
    if (y == -1) return 0;
    return I::narrow(static_cast<std::uint64_t>(x % y));
  } else {
    return b == 0 ? a : a % b;
  }
}

template <typename I, bool kRem>
void exec_div(ExecContext& ctx, const DecodedInst& inst) {
  DataType t = inst.ir->type;
  binary_lanes(ctx, inst, t, t, [](std::uint64_t a, std::uint64_t b) {
    return kRem ? remainder<I>(a, b) : divide<I>(a, b);
  });
}

// abs and neg wrap: abs(MIN) == neg(MIN) == MIN.
template <typename I, bool kNeg>
void exec_abs_neg(ExecContext& ctx, const DecodedInst& inst) {
  DataType t = inst.ir->type;
  unary_lanes(ctx, inst, t, t, [](std::uint64_t a) {
    bool flip = kNeg || static_cast<std::int64_t>(a) < 0;
    return I::narrow(flip ? 0 - a : a);
  });
}

// sad: c + |a - b|.
template <typename I>
void exec_sad(ExecContext& ctx, const DecodedInst& inst) {
  DataType t = inst.ir->type;
  ternary_lanes(ctx, inst, t, t, t, [](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
    bool a_larger =
        I::kIsSigned ? static_cast<std::int64_t>(a) > static_cast<std::int64_t>(b) : a > b;
    return I::narrow(c + (a_larger ? a - b : b - a));
  });
}

bool is_packed(DataType t) { return t == DataType::kU16x2 || t == DataType::kS16x2; }

ExecFn select_add_sub(const ptx::Instruction& inst) {
  bool sub = inst.op == Opcode::kSub;
  DataType t = inst.type;
  if (inst.has(ModCat::kCarry)) return nullptr;
  if (inst.has(ModCat::kSat)) {
    if (t != DataType::kS32) return nullptr;
    return sub ? &exec_add_sat_s32<true> : &exec_add_sat_s32<false>;
  }
  if (is_packed(t)) return sub ? &exec_add_x2<true> : &exec_add_x2<false>;
  return by_int_type(
      t, [sub]<typename I>() -> ExecFn { return sub ? &exec_add<I, true> : &exec_add<I, false>; });
}

template <bool kMax>
ExecFn select_min_max(const ptx::Instruction& inst) {
  DataType t = inst.type;
  bool relu = inst.has(ModCat::kRelu);
  if (relu && t != DataType::kS32 && t != DataType::kS16x2) return nullptr;
  if (t == DataType::kU16x2) return &exec_min_max<kMax, false, true, false>;
  if (t == DataType::kS16x2) {
    return relu ? &exec_min_max<kMax, true, true, true> : &exec_min_max<kMax, true, true, false>;
  }
  if (!is_int_type(t)) return nullptr;
  if (!ptx::is_signed_type(t)) return &exec_min_max<kMax, false, false, false>;
  return relu ? &exec_min_max<kMax, true, false, true> : &exec_min_max<kMax, true, false, false>;
}

}  // namespace

ExecFn select_arithmetic(const ptx::Instruction& inst) {
  DataType t = inst.type;
  switch (inst.op) {
    case Opcode::kAdd:
    case Opcode::kSub:
      return select_add_sub(inst);
    case Opcode::kDiv:
      return by_int_type(t, []<typename I>() -> ExecFn { return &exec_div<I, false>; });
    case Opcode::kRem:
      return by_int_type(t, []<typename I>() -> ExecFn { return &exec_div<I, true>; });
    case Opcode::kAbs:
      if (!ptx::is_signed_type(t)) return nullptr;
      return by_int_type(t, []<typename I>() -> ExecFn { return &exec_abs_neg<I, false>; });
    case Opcode::kNeg:
      if (!ptx::is_signed_type(t)) return nullptr;
      return by_int_type(t, []<typename I>() -> ExecFn { return &exec_abs_neg<I, true>; });
    case Opcode::kMin:
      return select_min_max<false>(inst);
    case Opcode::kMax:
      return select_min_max<true>(inst);
    case Opcode::kSad:
      return by_int_type(t, []<typename I>() -> ExecFn { return &exec_sad<I>; });
    default:
      return nullptr;
  }
}

}  // namespace warpsim::func::integer
