// redux.sync, and the membermask helpers every .sync warp operation uses.

#include <bit>
#include <cmath>

#include <fmt/format.h>

#include "func/ops/warp/warp_ops.h"

namespace warpsim::func::warp {

namespace {

using ptx::DataType;
using ptx::Mod;
using ptx::ModCat;

constexpr std::uint32_t kCanonicalNanF32 = 0x7fffffffU;

template <Mod kOp, bool kSigned>
std::uint64_t reduce_int(const LaneValues& a, LaneMask group) {
  std::uint64_t acc = 0;
  bool first = true;
  for_each_lane(group, [&](unsigned lane) {
    std::uint64_t x = a.v[lane];
    if (first) {
      acc = x;
    } else if constexpr (kOp == Mod::kAdd) {
      acc += x;
    } else if constexpr (kOp == Mod::kAnd) {
      acc &= x;
    } else if constexpr (kOp == Mod::kOr) {
      acc |= x;
    } else if constexpr (kOp == Mod::kXor) {
      acc ^= x;
    } else {
      bool less = kSigned ? static_cast<std::int64_t>(x) < static_cast<std::int64_t>(acc) : x < acc;
      if (less == (kOp == Mod::kMin) && x != acc) acc = x;
    }
    first = false;
  });
  acc &= 0xffffffffU;  // .add wraps to 32 bits
  return kSigned ? sign_extend(acc, 32) : acc;
}

// +0 orders above -0; NaNs are skipped, or (kNaN) make the result NaN.
template <bool kMin, bool kAbs, bool kNaN>
std::uint64_t reduce_f32(const LaneValues& a, LaneMask group) {
  bool have = false;
  bool saw_nan = false;
  float acc = 0;
  for_each_lane(group, [&](unsigned lane) {
    float x = as_f32(a.v[lane]);
    if (kAbs) x = std::fabs(x);
    if (std::isnan(x)) {
      saw_nan = true;
      return;
    }
    bool better = kMin ? (x < acc || (x == acc && std::signbit(x) && !std::signbit(acc)))
                       : (x > acc || (x == acc && !std::signbit(x) && std::signbit(acc)));
    if (!have || better) acc = x;
    have = true;
  });
  if (!have || (kNaN && saw_nan)) return kCanonicalNanF32;
  return f32_bits(acc);
}

using Reduce = std::uint64_t (*)(const LaneValues& a, LaneMask group);

// redux.sync.op.type d, a, membermask.
template <DataType kType, Reduce kReduce>
void exec_redux(ExecContext& ctx, const DecodedInst& inst) {
  LaneValues a = ctx.read(inst, 1, kType);
  LaneValues member = members(ctx, inst, 2);
  check_members(ctx, inst, member);
  LaneValues d;
  LaneMask last_group = 0;
  std::uint64_t last = 0;
  bool cached = false;
  for_each_lane(ctx.mask, [&](unsigned lane) {
    LaneMask group = ctx.mask & static_cast<LaneMask>(member.v[lane]);
    if (!cached || group != last_group) last = kReduce(a, group);
    last_group = group;
    cached = true;
    d.v[lane] = last;
  });
  ctx.write(inst, 0, kType, d);
}

template <Mod kOp>
ExecFn integer_redux(DataType type) {
  switch (type) {
    case DataType::kU32:
    case DataType::kB32:
      return &exec_redux<DataType::kU32, reduce_int<kOp, false>>;
    case DataType::kS32:
      return &exec_redux<DataType::kS32, reduce_int<kOp, true>>;
    default:
      return nullptr;
  }
}

template <bool kMin>
ExecFn float_redux(const ptx::Instruction& inst) {
  bool abs = inst.has(ModCat::kAbs);
  bool nan = inst.has(ModCat::kNaN);
  if (abs) {
    return nan ? &exec_redux<DataType::kF32, reduce_f32<kMin, true, true>>
               : &exec_redux<DataType::kF32, reduce_f32<kMin, true, false>>;
  }
  return nan ? &exec_redux<DataType::kF32, reduce_f32<kMin, false, true>>
             : &exec_redux<DataType::kF32, reduce_f32<kMin, false, false>>;
}

}  // namespace

LaneValues members(const ExecContext& ctx, const DecodedInst& inst, unsigned i) {
  if (i >= inst.ops.size() || i >= inst.ir->num_operands ||
      inst.ops[i].kind == ptx::OperandKind::kNone) {
    LaneValues all;
    all.v.fill(kFullMask);
    return all;
  }
  return ctx.read(inst, i, DataType::kB32);
}

void check_members(const ExecContext& ctx, const DecodedInst& inst, const LaneValues& member) {
  for_each_lane(ctx.mask, [&](unsigned lane) {
    if (!lane_active(static_cast<LaneMask>(member.v[lane]), lane)) {
      ctx.fail(inst, lane,
               fmt::format("lane {} executes a .sync warp operation whose membermask 0x{:08x} "
                           "does not include it",
                           lane, member.v[lane]));
    }
  });
}

ExecFn select_redux(const ptx::Instruction& inst) {
  bool is_float = inst.type == DataType::kF32;
  switch (inst.mod(ModCat::kReduxOp)) {
    case Mod::kAdd:
      return integer_redux<Mod::kAdd>(inst.type);
    case Mod::kMin:
      return is_float ? float_redux<true>(inst) : integer_redux<Mod::kMin>(inst.type);
    case Mod::kMax:
      return is_float ? float_redux<false>(inst) : integer_redux<Mod::kMax>(inst.type);
    case Mod::kAnd:
      return integer_redux<Mod::kAnd>(inst.type);
    case Mod::kOr:
      return integer_redux<Mod::kOr>(inst.type);
    case Mod::kXor:
      return integer_redux<Mod::kXor>(inst.type);
    default:
      return nullptr;
  }
}

}  // namespace warpsim::func::warp
