#pragma once

// Internals of the integer family: the per-file selectors select_integer() chains, the
// compile-time integer shapes handlers are instantiated for, and lane-loop helpers.
//
// Operand reads yield canonical values (lanes.h): a signed value is its 64-bit two's complement
// and an unsigned one is zero-extended. Comparisons, min/max and shift-rights therefore work on
// the 64-bit value whatever the width; only results that can leave the type's range need
// narrowing back to canonical form, which every handler does before writing.

#include <cstdint>

#include "func/handlers.h"

namespace warpsim::func::integer {

ExecFn select_arithmetic(const ptx::Instruction& inst);  // arithmetic.cc
ExecFn select_multiply(const ptx::Instruction& inst);    // multiply.cc
ExecFn select_carry(const ptx::Instruction& inst);       // carry.cc
ExecFn select_bits(const ptx::Instruction& inst);        // bits.cc
ExecFn select_logic(const ptx::Instruction& inst);       // logic.cc
ExecFn select_compare(const ptx::Instruction& inst);     // compare.cc
ExecFn select_video(const ptx::Instruction& inst);       // video.cc

__extension__ using Int128 = __int128;
__extension__ using Uint128 = unsigned __int128;

// An integer of kBits bits (16, 32 or 64), signed or not.
template <unsigned kBits, bool kSigned>
struct Int {
  static constexpr unsigned kWidth = kBits;
  static constexpr bool kIsSigned = kSigned;

  // The canonical form of the low kBits of v.
  static std::uint64_t narrow(std::uint64_t v) {
    if constexpr (kBits >= 64) {
      return v;
    } else if constexpr (kSigned) {
      return sign_extend(v, kBits);
    } else {
      return v & width_mask(kBits);
    }
  }
};

using U16 = Int<16, false>;
using S16 = Int<16, true>;
using U32 = Int<32, false>;
using S32 = Int<32, true>;
using U64 = Int<64, false>;
using S64 = Int<64, true>;

inline constexpr std::int64_t kS32Min = INT32_MIN;
inline constexpr std::int64_t kS32Max = INT32_MAX;

// pick.template operator()<I>() for the Int shape of a 16/32/64-bit integer or bit type;
// nullptr for anything else. Bit types count as unsigned.
template <typename Pick>
ExecFn by_int_type(ptx::DataType type, Pick&& pick) {
  using ptx::DataType;
  switch (type) {
    case DataType::kU16:
    case DataType::kB16:
      return pick.template operator()<U16>();
    case DataType::kS16:
      return pick.template operator()<S16>();
    case DataType::kU32:
    case DataType::kB32:
      return pick.template operator()<U32>();
    case DataType::kS32:
      return pick.template operator()<S32>();
    case DataType::kU64:
    case DataType::kB64:
      return pick.template operator()<U64>();
    case DataType::kS64:
      return pick.template operator()<S64>();
    default:
      return nullptr;
  }
}

// The high kWidth bits of the 2*kWidth-bit product.
template <typename I>
inline std::uint64_t mul_hi(std::uint64_t a, std::uint64_t b) {
  if constexpr (I::kWidth == 64) {
    if constexpr (I::kIsSigned) {
      Int128 p = Int128{static_cast<std::int64_t>(a)} * static_cast<std::int64_t>(b);
      return static_cast<std::uint64_t>(p >> 64);
    } else {
      return static_cast<std::uint64_t>((Uint128{a} * b) >> 64);
    }
  } else if constexpr (I::kIsSigned) {
    // Narrower products are exact in 64 bits.
    std::int64_t p = static_cast<std::int64_t>(a) * static_cast<std::int64_t>(b);
    return I::narrow(static_cast<std::uint64_t>(p >> I::kWidth));
  } else {
    return (a * b) >> I::kWidth;
  }
}

// Element i of the `bits`-bit elements packed in v, sign-extended when is_signed.
inline std::int64_t packed_element(std::uint64_t v, unsigned bits, unsigned i, bool is_signed) {
  std::uint64_t e = (v >> (bits * i)) & width_mask(bits);
  return static_cast<std::int64_t>(is_signed ? sign_extend(e, bits) : e);
}

// 16/32/64-bit integer and bit types: those by_int_type() accepts.
inline bool is_int_type(ptx::DataType type) {
  using ptx::DataType;
  switch (type) {
    case DataType::kU16:
    case DataType::kB16:
    case DataType::kS16:
    case DataType::kU32:
    case DataType::kB32:
    case DataType::kS32:
    case DataType::kU64:
    case DataType::kB64:
    case DataType::kS64:
      return true;
    default:
      return false;
  }
}

// d = fn(a) for operand 1 read as `src`, written to operand 0 as `dst`.
template <typename Fn>
inline void unary_lanes(ExecContext& ctx, const DecodedInst& inst, ptx::DataType src,
                        ptx::DataType dst, Fn fn) {
  LaneValues a;
  LaneValues d;
  ctx.read(inst, 1, src, a);
  for (unsigned l = 0; l < kWarpSize; ++l) d.v[l] = fn(a.v[l]);
  ctx.write(inst, 0, dst, d);
}

// d = fn(a, b) for operands 1 and 2.
template <typename Fn>
inline void binary_lanes(ExecContext& ctx, const DecodedInst& inst, ptx::DataType src,
                         ptx::DataType dst, Fn fn) {
  LaneValues a;
  LaneValues b;
  LaneValues d;
  ctx.read(inst, 1, src, a);
  ctx.read(inst, 2, src, b);
  for (unsigned l = 0; l < kWarpSize; ++l) d.v[l] = fn(a.v[l], b.v[l]);
  ctx.write(inst, 0, dst, d);
}

// d = fn(a, b, c) for operands 1, 2 and 3, read as src, src and c_type.
template <typename Fn>
inline void ternary_lanes(ExecContext& ctx, const DecodedInst& inst, ptx::DataType src,
                          ptx::DataType c_type, ptx::DataType dst, Fn fn) {
  LaneValues a;
  LaneValues b;
  LaneValues c;
  LaneValues d;
  ctx.read(inst, 1, src, a);
  ctx.read(inst, 2, src, b);
  ctx.read(inst, 3, c_type, c);
  for (unsigned l = 0; l < kWarpSize; ++l) d.v[l] = fn(a.v[l], b.v[l], c.v[l]);
  ctx.write(inst, 0, dst, d);
}

// t = BoolOp(t, c) per lane for setp/set/lop3's `.and/.or/.xor` with predicate c (0 or 1).
void combine_predicate(ptx::Mod bool_op, LaneValues& t, const LaneValues& c);

}  // namespace warpsim::func::integer
