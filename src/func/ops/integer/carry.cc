// Extended-precision arithmetic through each lane's carry flag (WarpState::carry): add.cc,
// sub.cc, mad.cc write it; addc, subc, madc read it (and write it with .cc).
//
// After sub.cc/subc.cc the flag holds the borrow, so that subc computes a - (b + CF) exactly as
// PTX defines it and sub.cc / subc.cc / subc chains subtract multi-word integers.

#include "func/ops/integer/integer_ops.h"

namespace warpsim::func::integer {

namespace {

using ptx::DataType;
using ptx::Mod;
using ptx::ModCat;
using ptx::Opcode;

enum class CarryOp : std::uint8_t { kAdd, kSub, kMadLo, kMadHi };

// Sets the carry flag of the executing lanes; the others keep theirs.
void update_carry(ExecContext& ctx, const LaneValues& carry_out) {
  LaneValues& flag = ctx.warp.carry;
  for (unsigned l = 0; l < kWarpSize; ++l) {
    std::uint64_t on = ((ctx.mask >> l) & 1U) != 0 ? ~std::uint64_t{0} : 0;
    flag.v[l] = (carry_out.v[l] & on) | (flag.v[l] & ~on);
  }
}

struct SumAndCarry {
  std::uint64_t sum;
  std::uint64_t carry;
};

// x + y + carry_in (or x - y - borrow_in for kSub) on kWidth-bit patterns. Plain 64-bit
// arithmetic on purpose: GCC 12 miscompiles the vectorized sign test of an __int128 difference.
template <unsigned kWidth, CarryOp kOp>
SumAndCarry add_with_carry(std::uint64_t x, std::uint64_t y, std::uint64_t carry_in) {
  if constexpr (kOp == CarryOp::kSub) {
    bool borrow = x < y || x - y < carry_in;
    return {x - y - carry_in, borrow ? 1U : 0U};
  } else if constexpr (kWidth == 64) {
    std::uint64_t partial = x + y;
    std::uint64_t sum = partial + carry_in;
    return {sum, (partial < x || sum < partial) ? 1U : 0U};
  } else {
    std::uint64_t sum = x + y + carry_in;  // no overflow: both below 2^32
    return {sum, (sum >> kWidth) & 1U};
  }
}

template <typename I, CarryOp kOp, bool kCarryIn, bool kCarryOut>
void exec_carry(ExecContext& ctx, const DecodedInst& inst) {
  constexpr bool kMad = kOp == CarryOp::kMadLo || kOp == CarryOp::kMadHi;
  DataType t = inst.ir->type;
  const std::uint64_t m = width_mask(I::kWidth);
  LaneValues a;
  LaneValues b;
  LaneValues c;
  LaneValues d;
  LaneValues carry_out;
  ctx.read(inst, 1, t, a);
  ctx.read(inst, 2, t, b);
  if constexpr (kMad) ctx.read(inst, 3, t, c);
  const LaneValues& flag = ctx.warp.carry;
  for (unsigned l = 0; l < kWarpSize; ++l) {
    std::uint64_t x = a.v[l] & m;
    std::uint64_t y = b.v[l] & m;
    if constexpr (kOp == CarryOp::kMadLo) {
      x = (a.v[l] * b.v[l]) & m;
      y = c.v[l] & m;
    } else if constexpr (kOp == CarryOp::kMadHi) {
      x = mul_hi<I>(a.v[l], b.v[l]) & m;
      y = c.v[l] & m;
    }
    std::uint64_t carry_in = kCarryIn ? flag.v[l] & 1U : 0;
    constexpr CarryOp kSumOp = kOp == CarryOp::kSub ? CarryOp::kSub : CarryOp::kAdd;
    SumAndCarry r = add_with_carry<I::kWidth, kSumOp>(x, y, carry_in);
    d.v[l] = I::narrow(r.sum);
    carry_out.v[l] = r.carry;
  }
  ctx.write(inst, 0, t, d);
  if constexpr (kCarryOut) update_carry(ctx, carry_out);
}

template <CarryOp kOp, bool kCarryIn, bool kCarryOut>
ExecFn pick(DataType t) {
  switch (t) {
    case DataType::kU32:
      return &exec_carry<U32, kOp, kCarryIn, kCarryOut>;
    case DataType::kS32:
      return &exec_carry<S32, kOp, kCarryIn, kCarryOut>;
    case DataType::kU64:
      return &exec_carry<U64, kOp, kCarryIn, kCarryOut>;
    case DataType::kS64:
      return &exec_carry<S64, kOp, kCarryIn, kCarryOut>;
    default:
      return nullptr;  // the carry forms take only 32- and 64-bit integers
  }
}

template <CarryOp kOp, bool kCarryIn>
ExecFn pick(const ptx::Instruction& inst) {
  return inst.has(ModCat::kCarry) ? pick<kOp, kCarryIn, true>(inst.type)
                                  : pick<kOp, kCarryIn, false>(inst.type);
}

template <bool kCarryIn>
ExecFn pick_mad(const ptx::Instruction& inst) {
  switch (inst.mod(ModCat::kMulMode)) {
    case Mod::kHi:
      return pick<CarryOp::kMadHi, kCarryIn>(inst);
    case Mod::kWide:
      return nullptr;
    default:
      return pick<CarryOp::kMadLo, kCarryIn>(inst);
  }
}

}  // namespace

ExecFn select_carry(const ptx::Instruction& inst) {
  bool cc = inst.has(ModCat::kCarry);
  if (inst.has(ModCat::kSat)) return nullptr;
  switch (inst.op) {
    case Opcode::kAdd:
      return cc ? pick<CarryOp::kAdd, false>(inst) : nullptr;
    case Opcode::kSub:
      return cc ? pick<CarryOp::kSub, false>(inst) : nullptr;
    case Opcode::kMad:
      return cc ? pick_mad<false>(inst) : nullptr;
    case Opcode::kAddc:
      return pick<CarryOp::kAdd, true>(inst);
    case Opcode::kSubc:
      return pick<CarryOp::kSub, true>(inst);
    case Opcode::kMadc:
      return pick_mad<true>(inst);
    default:
      return nullptr;
  }
}

}  // namespace warpsim::func::integer
