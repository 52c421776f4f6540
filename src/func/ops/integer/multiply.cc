// Integer mul and mad (.lo, .hi, .wide, mad.hi.sat.s32) and mul24/mad24. The carry-out and
// carry-in forms (mad.cc, madc) live in carry.cc.

#include <algorithm>

#include "func/ops/integer/integer_ops.h"

namespace warpsim::func::integer {

namespace {

using ptx::DataType;
using ptx::Mod;
using ptx::ModCat;
using ptx::Opcode;

// The twice-as-wide operand of .wide forms.
template <typename I>
using Wide = Int<I::kWidth * 2, I::kIsSigned>;

DataType wide_type(DataType t) {
  switch (t) {
    case DataType::kU16:
      return DataType::kU32;
    case DataType::kS16:
      return DataType::kS32;
    case DataType::kU32:
      return DataType::kU64;
    case DataType::kS32:
      return DataType::kS64;
    default:
      return DataType::kNone;  // .wide takes only 16- and 32-bit integers
  }
}

// The exact product of 16- or 32-bit operands, canonical for the twice-as-wide type.
template <typename I>
std::uint64_t mul_wide(std::uint64_t a, std::uint64_t b) {
  static_assert(I::kWidth <= 32);
  if constexpr (I::kIsSigned) {
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(a) * static_cast<std::int64_t>(b));
  } else {
    return a * b;
  }
}

template <typename I, Mod kMode>
void exec_mul(ExecContext& ctx, const DecodedInst& inst) {
  DataType t = inst.ir->type;
  binary_lanes(ctx, inst, t, t, [](std::uint64_t a, std::uint64_t b) {
    if constexpr (kMode == Mod::kHi) {
      return mul_hi<I>(a, b);
    } else if constexpr (kMode == Mod::kWide) {
      return mul_wide<I>(a, b);
    } else {
      return I::narrow(a * b);
    }
  });
}

template <typename I, Mod kMode>
void exec_mad(ExecContext& ctx, const DecodedInst& inst) {
  DataType t = inst.ir->type;
  DataType c_type = kMode == Mod::kWide ? wide_type(t) : t;
  ternary_lanes(ctx, inst, t, c_type, c_type,
                [](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
                  if constexpr (kMode == Mod::kHi) {
                    return I::narrow(mul_hi<I>(a, b) + c);
                  } else if constexpr (kMode == Mod::kWide) {
                    return Wide<I>::narrow(mul_wide<I>(a, b) + c);
                  } else {
                    return I::narrow(a * b + c);
                  }
                });
}

// mad.hi.sat.s32: the high word plus c, clamped to the s32 range.
void exec_mad_hi_sat_s32(ExecContext& ctx, const DecodedInst& inst) {
  ternary_lanes(ctx, inst, DataType::kS32, DataType::kS32, DataType::kS32,
                [](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
                  std::int64_t sum =
                      static_cast<std::int64_t>(mul_hi<S32>(a, b)) + static_cast<std::int64_t>(c);
                  return static_cast<std::uint64_t>(std::clamp(sum, kS32Min, kS32Max));
                });
}

// The 48-bit product of the low 24 bits of a and b (sign-extended for .s32); .lo keeps bits
// 0..31 and .hi bits 16..47.
template <bool kSigned, bool kHi>
std::uint64_t mul24(std::uint64_t a, std::uint64_t b) {
  std::int64_t x = kSigned ? static_cast<std::int64_t>(sign_extend(a, 24))
                           : static_cast<std::int64_t>(a & 0xffffffU);
  std::int64_t y = kSigned ? static_cast<std::int64_t>(sign_extend(b, 24))
                           : static_cast<std::int64_t>(b & 0xffffffU);
  std::int64_t p = x * y;
  return Int<32, kSigned>::narrow(static_cast<std::uint64_t>(kHi ? p >> 16 : p));
}

template <bool kSigned, bool kHi, bool kMad, bool kSat>
void exec_mul24(ExecContext& ctx, const DecodedInst& inst) {
  DataType t = inst.ir->type;
  auto fn = [](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
    std::uint64_t p = mul24<kSigned, kHi>(a, b);
    if constexpr (kSat) {
      std::int64_t sum = static_cast<std::int64_t>(p) + static_cast<std::int64_t>(c);
      return static_cast<std::uint64_t>(std::clamp(sum, kS32Min, kS32Max));
    } else {
      return Int<32, kSigned>::narrow(p + c);
    }
  };
  if constexpr (kMad) {
    ternary_lanes(ctx, inst, t, t, t, fn);
  } else {
    binary_lanes(ctx, inst, t, t, [fn](std::uint64_t a, std::uint64_t b) { return fn(a, b, 0); });
  }
}

template <bool kMad>
ExecFn select_mul_mad(const ptx::Instruction& inst) {
  Mod mode = inst.mod(ModCat::kMulMode);
  DataType t = inst.type;
  if (!is_int_type(t) || inst.has(ModCat::kCarry)) return nullptr;
  if (inst.has(ModCat::kSat)) {
    return kMad && mode == Mod::kHi && t == DataType::kS32 ? &exec_mad_hi_sat_s32 : nullptr;
  }
  if (mode == Mod::kWide) {
    if (wide_type(t) == DataType::kNone) return nullptr;
    return by_int_type(t, []<typename I>() -> ExecFn {
      if constexpr (I::kWidth <= 32) {
        return kMad ? &exec_mad<I, Mod::kWide> : &exec_mul<I, Mod::kWide>;
      } else {
        return nullptr;
      }
    });
  }
  if (mode == Mod::kHi) {
    return by_int_type(t, []<typename I>() -> ExecFn {
      return kMad ? &exec_mad<I, Mod::kHi> : &exec_mul<I, Mod::kHi>;
    });
  }
  return by_int_type(t, []<typename I>() -> ExecFn {
    return kMad ? &exec_mad<I, Mod::kLo> : &exec_mul<I, Mod::kLo>;
  });
}

template <bool kSigned, bool kMad>
ExecFn select_mul24_signed(bool hi, bool sat) {
  if (sat) return kSigned && kMad && hi ? &exec_mul24<true, true, true, true> : nullptr;
  return hi ? &exec_mul24<kSigned, true, kMad, false> : &exec_mul24<kSigned, false, kMad, false>;
}

ExecFn select_mul24(const ptx::Instruction& inst) {
  bool mad = inst.op == Opcode::kMad24;
  bool hi = inst.mod(ModCat::kMulMode) == Mod::kHi;
  bool sat = inst.has(ModCat::kSat);
  if (inst.mod(ModCat::kMulMode) == Mod::kWide) return nullptr;
  switch (inst.type) {
    case DataType::kU32:
      return mad ? select_mul24_signed<false, true>(hi, sat)
                 : select_mul24_signed<false, false>(hi, sat);
    case DataType::kS32:
      return mad ? select_mul24_signed<true, true>(hi, sat)
                 : select_mul24_signed<true, false>(hi, sat);
    default:
      return nullptr;
  }
}

}  // namespace

ExecFn select_multiply(const ptx::Instruction& inst) {
  switch (inst.op) {
    case Opcode::kMul:
      return select_mul_mad<false>(inst);
    case Opcode::kMad:
      return select_mul_mad<true>(inst);
    case Opcode::kMul24:
    case Opcode::kMad24:
      return select_mul24(inst);
    default:
      return nullptr;
  }
}

}  // namespace warpsim::func::integer
