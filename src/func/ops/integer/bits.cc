// Bit manipulation: popc, clz, bfind, brev, bfe, bfi, bmsk, szext, prmt, and the byte/half
// dot products dp4a and dp2a.

#include <algorithm>
#include <array>
#include <bit>

#include "func/ops/integer/integer_ops.h"

namespace warpsim::func::integer {

namespace {

using ptx::DataType;
using ptx::Mod;
using ptx::ModCat;
using ptx::Opcode;

constexpr std::uint64_t kNotFound = 0xffffffffU;

void exec_popc(ExecContext& ctx, const DecodedInst& inst) {
  unary_lanes(ctx, inst, inst.ir->type, DataType::kU32,
              [](std::uint64_t a) { return static_cast<std::uint64_t>(std::popcount(a)); });
}

void exec_clz(ExecContext& ctx, const DecodedInst& inst) {
  unsigned unused_high = 64 - type_bits(inst.ir->type);
  unary_lanes(ctx, inst, inst.ir->type, DataType::kU32, [unused_high](std::uint64_t a) {
    return static_cast<std::uint64_t>(std::countl_zero(a)) - unused_high;
  });
}

// The position of the most significant bit that differs from the sign (signed types) or is set
// (unsigned types); .shiftamt gives the left shift that moves it to the top instead.
template <bool kSigned, bool kShiftAmount>
void exec_bfind(ExecContext& ctx, const DecodedInst& inst) {
  unsigned msb = type_bits(inst.ir->type) - 1;
  unary_lanes(ctx, inst, inst.ir->type, DataType::kU32, [msb](std::uint64_t a) {
    std::uint64_t x = kSigned && static_cast<std::int64_t>(a) < 0 ? ~a : a;
    if (x == 0) return kNotFound;
    auto pos = static_cast<std::uint64_t>(63 - std::countl_zero(x));
    return kShiftAmount ? msb - pos : pos;
  });
}

std::uint64_t reverse_bits(std::uint64_t v) {
  v = ((v >> 1) & 0x5555555555555555ULL) | ((v & 0x5555555555555555ULL) << 1);
  v = ((v >> 2) & 0x3333333333333333ULL) | ((v & 0x3333333333333333ULL) << 2);
  v = ((v >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((v & 0x0f0f0f0f0f0f0f0fULL) << 4);
  v = ((v >> 8) & 0x00ff00ff00ff00ffULL) | ((v & 0x00ff00ff00ff00ffULL) << 8);
  v = ((v >> 16) & 0x0000ffff0000ffffULL) | ((v & 0x0000ffff0000ffffULL) << 16);
  return (v >> 32) | (v << 32);
}

void exec_brev(ExecContext& ctx, const DecodedInst& inst) {
  unsigned unused_high = 64 - type_bits(inst.ir->type);
  unary_lanes(ctx, inst, inst.ir->type, inst.ir->type,
              [unused_high](std::uint64_t a) { return reverse_bits(a) >> unused_high; });
}

// bfe d, a, pos, len: the len-bit field of a at pos (only the low 8 bits of pos and len count),
// zero-extended, or for signed types sign-extended from the field's top bit (clamped to the
// msb). Bits beyond the msb of a read as that fill.
template <typename I>
std::uint64_t extract_field(std::uint64_t a, std::uint64_t pos_operand, std::uint64_t len_operand) {
  constexpr unsigned kW = I::kWidth;
  unsigned pos = static_cast<unsigned>(pos_operand & 0xffU);
  unsigned len = static_cast<unsigned>(len_operand & 0xffU);
  unsigned available = pos >= kW ? 0 : kW - pos;
  unsigned n = std::min(len, available);
  std::uint64_t field = pos >= kW ? 0 : ((a & width_mask(kW)) >> pos) & width_mask(n);
  bool fill = false;
  if constexpr (I::kIsSigned) {
    unsigned top = std::min(pos + len - 1, kW - 1);
    fill = len != 0 && ((a >> top) & 1U) != 0;
  }
  if (fill) field |= ~width_mask(n);
  return I::narrow(field);
}

template <typename I>
void exec_bfe(ExecContext& ctx, const DecodedInst& inst) {
  DataType t = inst.ir->type;
  LaneValues a;
  LaneValues pos;
  LaneValues len;
  LaneValues d;
  ctx.read(inst, 1, t, a);
  ctx.read(inst, 2, DataType::kU32, pos);
  ctx.read(inst, 3, DataType::kU32, len);
  for (unsigned l = 0; l < kWarpSize; ++l) d.v[l] = extract_field<I>(a.v[l], pos.v[l], len.v[l]);
  ctx.write(inst, 0, t, d);
}

// bfi f, a, b, pos, len: b with its len-bit field at pos replaced by the low bits of a.
void exec_bfi(ExecContext& ctx, const DecodedInst& inst) {
  DataType t = inst.ir->type;
  unsigned w = type_bits(t);
  LaneValues a;
  LaneValues b;
  LaneValues pos;
  LaneValues len;
  LaneValues f;
  ctx.read(inst, 1, t, a);
  ctx.read(inst, 2, t, b);
  ctx.read(inst, 3, DataType::kU32, pos);
  ctx.read(inst, 4, DataType::kU32, len);
  for (unsigned l = 0; l < kWarpSize; ++l) {
    unsigned p = static_cast<unsigned>(pos.v[l] & 0xffU);
    unsigned n = p >= w ? 0 : std::min(static_cast<unsigned>(len.v[l] & 0xffU), w - p);
    std::uint64_t field = n == 0 ? 0 : width_mask(n) << p;
    f.v[l] = (b.v[l] & ~field) | ((a.v[l] << (p & 63U)) & field);
  }
  ctx.write(inst, 0, t, f);
}

// bmsk d, a, b: a mask of b ones starting at bit a (.wrap: both taken mod 32; .clamp: a >= 32
// gives 0 and b >= 32 or a + b >= 32 runs to bit 31).
template <bool kClamp>
void exec_bmsk(ExecContext& ctx, const DecodedInst& inst) {
  binary_lanes(ctx, inst, DataType::kU32, DataType::kU32, [](std::uint64_t a, std::uint64_t b) {
    std::uint64_t start = a & 31U;
    std::uint64_t width = b & 31U;
    if (kClamp && a >= 32) return std::uint64_t{0};
    bool to_top = start + width >= 32 || (kClamp && b >= 32);
    const std::uint64_t all = 0xffffffffU;
    std::uint64_t from = (all << start) & all;
    if (to_top) return from;
    if (width == 0) return std::uint64_t{0};
    return from & ~(all << (start + width));
  });
}

// szext d, a, n: the low n bits of a, zero- or sign-extended (.wrap: n mod 32; .clamp: n >= 32
// keeps a). n == 0 gives 0.
template <bool kSigned, bool kClamp>
void exec_szext(ExecContext& ctx, const DecodedInst& inst) {
  DataType t = inst.ir->type;
  binary_lanes(ctx, inst, DataType::kU32, t, [](std::uint64_t a, std::uint64_t b) {
    if (kClamp && b >= 32) return Int<32, kSigned>::narrow(a);
    auto n = static_cast<unsigned>(b & 31U);
    if (n == 0) return std::uint64_t{0};
    std::uint64_t low = a & width_mask(n);
    return kSigned ? Int<32, true>::narrow(sign_extend(low, n)) : low;
  });
}

// prmt byte selectors of the special modes, indexed [mode][c & 3][result byte].
using Selectors = std::array<std::array<std::uint8_t, 4>, 4>;
constexpr Selectors kF4e{{{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}}};
constexpr Selectors kB4e{{{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}}};
constexpr Selectors kRc8{{{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}}};
constexpr Selectors kEcl{{{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}}};
constexpr Selectors kEcr{{{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}}};
constexpr Selectors kRc16{{{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}}};

// Generic prmt: each nibble of c picks one of the 8 bytes of {b, a}; its bit 3 replicates the
// picked byte's sign instead.
void exec_prmt(ExecContext& ctx, const DecodedInst& inst) {
  ternary_lanes(ctx, inst, DataType::kB32, DataType::kB32, DataType::kB32,
                [](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
                  std::uint64_t bytes = (b << 32) | a;
                  std::uint64_t d = 0;
                  for (unsigned i = 0; i < 4; ++i) {
                    unsigned sel = static_cast<unsigned>(c >> (4 * i)) & 0xfU;
                    std::uint64_t v = (bytes >> (8 * (sel & 7U))) & 0xffU;
                    if ((sel & 8U) != 0) v = (v & 0x80U) != 0 ? 0xffU : 0;
                    d |= v << (8 * i);
                  }
                  return d;
                });
}

template <const Selectors& kTable>
void exec_prmt_mode(ExecContext& ctx, const DecodedInst& inst) {
  ternary_lanes(ctx, inst, DataType::kB32, DataType::kB32, DataType::kB32,
                [](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
                  std::uint64_t bytes = (b << 32) | a;
                  const std::array<std::uint8_t, 4>& sel = kTable[c & 3U];
                  std::uint64_t d = 0;
                  for (unsigned i = 0; i < 4; ++i)
                    d |= ((bytes >> (8 * sel[i])) & 0xffU) << (8 * i);
                  return d;
                });
}

ExecFn select_prmt(const ptx::Instruction& inst) {
  switch (inst.mod(ModCat::kPrmtMode)) {
    case Mod::kNone:
      return &exec_prmt;
    case Mod::kF4e:
      return &exec_prmt_mode<kF4e>;
    case Mod::kB4e:
      return &exec_prmt_mode<kB4e>;
    case Mod::kRc8:
      return &exec_prmt_mode<kRc8>;
    case Mod::kEcl:
      return &exec_prmt_mode<kEcl>;
    case Mod::kEcr:
      return &exec_prmt_mode<kEcr>;
    case Mod::kRc16:
      return &exec_prmt_mode<kRc16>;
    default:
      return nullptr;
  }
}

// dp4a: c + the dot product of the four bytes of a and b; dp2a: c + the dot product of the two
// halves of a and two bytes of b (bytes 0-1 for .lo, 2-3 for .hi). The result is s32 when
// either source type is signed.
template <bool kFourBytes, bool kSignedA, bool kSignedB, bool kHi>
void exec_dot(ExecContext& ctx, const DecodedInst& inst) {
  using Result = Int<32, kSignedA || kSignedB>;
  DataType result = Result::kIsSigned ? DataType::kS32 : DataType::kU32;
  ternary_lanes(ctx, inst, DataType::kB32, result, result,
                [](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
                  std::int64_t sum = static_cast<std::int64_t>(c);
                  for (unsigned i = 0; i < (kFourBytes ? 4U : 2U); ++i) {
                    std::int64_t x = packed_element(a, kFourBytes ? 8 : 16, i, kSignedA);
                    std::int64_t y = packed_element(b, 8, i + (kHi ? 2 : 0), kSignedB);
                    sum += x * y;
                  }
                  return Result::narrow(static_cast<std::uint64_t>(sum));
                });
}

template <bool kFourBytes, bool kHi>
ExecFn select_dot_types(const ptx::Instruction& inst) {
  auto is_s32 = [](DataType t) { return t == DataType::kS32; };
  auto ok = [](DataType t) { return t == DataType::kS32 || t == DataType::kU32; };
  if (!ok(inst.type) || !ok(inst.type2)) return nullptr;
  if (is_s32(inst.type)) {
    return is_s32(inst.type2) ? &exec_dot<kFourBytes, true, true, kHi>
                              : &exec_dot<kFourBytes, true, false, kHi>;
  }
  return is_s32(inst.type2) ? &exec_dot<kFourBytes, false, true, kHi>
                            : &exec_dot<kFourBytes, false, false, kHi>;
}

ExecFn select_dot(const ptx::Instruction& inst) {
  if (inst.op == Opcode::kDp4a) return select_dot_types<true, false>(inst);
  switch (inst.mod(ModCat::kMulMode)) {
    case Mod::kLo:
      return select_dot_types<false, false>(inst);
    case Mod::kHi:
      return select_dot_types<false, true>(inst);
    default:
      return nullptr;
  }
}

ExecFn select_bfind(const ptx::Instruction& inst) {
  bool shift = inst.has(ModCat::kShiftamt);
  switch (inst.type) {
    case DataType::kU32:
    case DataType::kU64:
      return shift ? &exec_bfind<false, true> : &exec_bfind<false, false>;
    case DataType::kS32:
    case DataType::kS64:
      return shift ? &exec_bfind<true, true> : &exec_bfind<true, false>;
    default:
      return nullptr;
  }
}

ExecFn select_extend(const ptx::Instruction& inst) {
  bool clamp = inst.mod(ModCat::kWrapMode) == Mod::kClamp;
  if (inst.op == Opcode::kBmsk) {
    if (inst.type != DataType::kB32) return nullptr;
    return clamp ? &exec_bmsk<true> : &exec_bmsk<false>;
  }
  switch (inst.type) {
    case DataType::kU32:
      return clamp ? &exec_szext<false, true> : &exec_szext<false, false>;
    case DataType::kS32:
      return clamp ? &exec_szext<true, true> : &exec_szext<true, false>;
    default:
      return nullptr;
  }
}

bool is_b32_or_b64(DataType t) { return t == DataType::kB32 || t == DataType::kB64; }

}  // namespace

ExecFn select_bits(const ptx::Instruction& inst) {
  DataType t = inst.type;
  switch (inst.op) {
    case Opcode::kPopc:
      return is_b32_or_b64(t) ? &exec_popc : nullptr;
    case Opcode::kClz:
      return is_b32_or_b64(t) ? &exec_clz : nullptr;
    case Opcode::kBrev:
      return is_b32_or_b64(t) ? &exec_brev : nullptr;
    case Opcode::kBfind:
      return select_bfind(inst);
    case Opcode::kBfe:
      if (t != DataType::kU32 && t != DataType::kS32 && t != DataType::kU64 &&
          t != DataType::kS64) {
        return nullptr;
      }
      return by_int_type(t, []<typename I>() -> ExecFn { return &exec_bfe<I>; });
    case Opcode::kBfi:
      return is_b32_or_b64(t) ? &exec_bfi : nullptr;
    case Opcode::kBmsk:
    case Opcode::kSzext:
      return select_extend(inst);
    case Opcode::kPrmt:
      return t == DataType::kB32 ? select_prmt(inst) : nullptr;
    case Opcode::kDp4a:
    case Opcode::kDp2a:
      return select_dot(inst);
    default:
      return nullptr;
  }
}

}  // namespace warpsim::func::integer
