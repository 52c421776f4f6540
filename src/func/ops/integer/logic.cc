// Logic and shifts: and, or, xor, not, cnot (bit types and .pred), lop3 (with its predicate
// output form), shl, shr and the funnel shift shf.

#include <algorithm>

#include "func/ops/integer/integer_ops.h"

namespace warpsim::func::integer {

namespace {

using ptx::DataType;
using ptx::Mod;
using ptx::ModCat;
using ptx::Opcode;
using ptx::OperandKind;

enum class BitOp : std::uint8_t { kAnd, kOr, kXor };

// Canonical values stay canonical under and/or/xor, whatever the type (predicates are 0 or 1).
template <BitOp kOp>
void exec_bitwise(ExecContext& ctx, const DecodedInst& inst) {
  DataType t = inst.ir->type;
  binary_lanes(ctx, inst, t, t, [](std::uint64_t a, std::uint64_t b) {
    if constexpr (kOp == BitOp::kAnd) {
      return a & b;
    } else if constexpr (kOp == BitOp::kOr) {
      return a | b;
    } else {
      return a ^ b;
    }
  });
}

void exec_not(ExecContext& ctx, const DecodedInst& inst) {
  DataType t = inst.ir->type;
  std::uint64_t m = ptx::is_signed_type(t) ? ~std::uint64_t{0} : width_mask(type_bits(t));
  unary_lanes(ctx, inst, t, t, [m](std::uint64_t a) { return ~a & m; });
}

void exec_cnot(ExecContext& ctx, const DecodedInst& inst) {
  DataType t = inst.ir->type;
  unary_lanes(ctx, inst, t, t, [](std::uint64_t a) { return std::uint64_t{a == 0 ? 1U : 0U}; });
}

// lop3: bit i of the result is bit (a_i << 2 | b_i << 1 | c_i) of the lookup table, i.e. the
// function whose results on a = 0xF0, b = 0xCC, c = 0xAA form the table. The sum-of-minterms
// form keeps the lane loop branch-free even when the table is not known at decode time.
std::uint64_t lop3(std::uint64_t a, std::uint64_t b, std::uint64_t c, std::uint64_t lut) {
  std::uint64_t r = 0;
  for (unsigned i = 0; i < 8; ++i) {
    std::uint64_t term =
        ((i & 4U) != 0 ? a : ~a) & ((i & 2U) != 0 ? b : ~b) & ((i & 1U) != 0 ? c : ~c);
    r |= term & (0 - ((lut >> i) & 1U));
  }
  return r & 0xffffffffU;
}

// Operands: d, p (or none), a, b, c, lut, then q for `lop3.op.b32 d|p, a, b, c, lut, q`, where
// p = (d != 0) op q.
void exec_lop3(ExecContext& ctx, const DecodedInst& inst) {
  LaneValues a;
  LaneValues b;
  LaneValues c;
  LaneValues lut;
  LaneValues d;
  ctx.read(inst, 2, DataType::kB32, a);
  ctx.read(inst, 3, DataType::kB32, b);
  ctx.read(inst, 4, DataType::kB32, c);
  ctx.read(inst, 5, DataType::kB32, lut);
  for (unsigned l = 0; l < kWarpSize; ++l) d.v[l] = lop3(a.v[l], b.v[l], c.v[l], lut.v[l]);
  ctx.write(inst, 0, DataType::kB32, d);
  if (inst.ops[1].kind != OperandKind::kReg) return;
  LaneValues p;
  for (unsigned l = 0; l < kWarpSize; ++l) p.v[l] = d.v[l] != 0 ? 1U : 0U;
  Mod bool_op = inst.ir->mod(ModCat::kBoolOp);
  if (bool_op != Mod::kNone && inst.ir->num_operands > 6) {
    ctx.read(inst, 6, DataType::kPred, c);
    combine_predicate(bool_op, p, c);
  }
  ctx.write(inst, 1, DataType::kPred, p);
}

// Shift amounts are unsigned 32-bit; amounts of the width or more shift everything out
// (shr of a signed type then fills with the sign).
void exec_shl(ExecContext& ctx, const DecodedInst& inst) {
  DataType t = inst.ir->type;
  std::uint64_t m = width_mask(type_bits(t));
  LaneValues a;
  LaneValues n;
  LaneValues d;
  ctx.read(inst, 1, t, a);
  ctx.read(inst, 2, DataType::kU32, n);
  for (unsigned l = 0; l < kWarpSize; ++l) d.v[l] = n.v[l] >= 64 ? 0 : (a.v[l] << n.v[l]) & m;
  if (ptx::is_signed_type(t)) {
    for (unsigned l = 0; l < kWarpSize; ++l) d.v[l] = canonical(d.v[l], t);
  }
  ctx.write(inst, 0, t, d);
}

// A canonical signed value shifted arithmetically by up to 63 is already canonical; an unsigned
// one (zero-extended) shifted logically likewise.
template <bool kSigned>
void exec_shr(ExecContext& ctx, const DecodedInst& inst) {
  DataType t = inst.ir->type;
  LaneValues a;
  LaneValues n;
  LaneValues d;
  ctx.read(inst, 1, t, a);
  ctx.read(inst, 2, DataType::kU32, n);
  for (unsigned l = 0; l < kWarpSize; ++l) {
    if constexpr (kSigned) {
      std::uint64_t s = std::min<std::uint64_t>(n.v[l], 63);
      d.v[l] = static_cast<std::uint64_t>(static_cast<std::int64_t>(a.v[l]) >> s);
    } else {
      d.v[l] = n.v[l] >= 64 ? 0 : a.v[l] >> n.v[l];
    }
  }
  ctx.write(inst, 0, t, d);
}

// shf.{l,r}.{wrap,clamp}.b32 d, a, b, n: shifts the 64-bit value {b, a} by n (.wrap: n mod 32;
// .clamp: at most 32) and keeps the high (.l) or low (.r) word.
template <bool kLeft, bool kClamp>
void exec_shf(ExecContext& ctx, const DecodedInst& inst) {
  LaneValues a;
  LaneValues b;
  LaneValues n;
  LaneValues d;
  ctx.read(inst, 1, DataType::kB32, a);
  ctx.read(inst, 2, DataType::kB32, b);
  ctx.read(inst, 3, DataType::kU32, n);
  for (unsigned l = 0; l < kWarpSize; ++l) {
    std::uint64_t s = kClamp ? std::min<std::uint64_t>(n.v[l], 32) : n.v[l] & 31U;
    std::uint64_t both = (b.v[l] << 32) | a.v[l];
    d.v[l] = (kLeft ? (both << s) >> 32 : both >> s) & 0xffffffffU;
  }
  ctx.write(inst, 0, DataType::kB32, d);
}

ExecFn select_shf(const ptx::Instruction& inst) {
  bool left = inst.mod(ModCat::kShfDir) == Mod::kL;
  bool clamp = inst.mod(ModCat::kWrapMode) == Mod::kClamp;
  if (inst.type != DataType::kB32) return nullptr;
  if (left) return clamp ? &exec_shf<true, true> : &exec_shf<true, false>;
  return clamp ? &exec_shf<false, true> : &exec_shf<false, false>;
}

bool is_logic_type(DataType t) { return t == DataType::kPred || is_int_type(t); }

}  // namespace

ExecFn select_logic(const ptx::Instruction& inst) {
  DataType t = inst.type;
  switch (inst.op) {
    case Opcode::kAnd:
      return is_logic_type(t) ? &exec_bitwise<BitOp::kAnd> : nullptr;
    case Opcode::kOr:
      return is_logic_type(t) ? &exec_bitwise<BitOp::kOr> : nullptr;
    case Opcode::kXor:
      return is_logic_type(t) ? &exec_bitwise<BitOp::kXor> : nullptr;
    case Opcode::kNot:
      return is_logic_type(t) ? &exec_not : nullptr;
    case Opcode::kCnot:
      return is_int_type(t) ? &exec_cnot : nullptr;
    case Opcode::kLop3:
      return t == DataType::kB32 ? &exec_lop3 : nullptr;
    case Opcode::kShl:
      return is_int_type(t) ? &exec_shl : nullptr;
    case Opcode::kShr:
      if (!is_int_type(t)) return nullptr;
      return ptx::is_signed_type(t) ? &exec_shr<true> : &exec_shr<false>;
    case Opcode::kShf:
      return select_shf(inst);
    default:
      return nullptr;
  }
}

}  // namespace warpsim::func::integer
