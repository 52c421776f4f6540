// Warp-wide operations: shfl, vote, match, redux, activemask and elect. Sources are read from
// every lane of the warp, so a lane that sources an inactive lane sees that lane's current
// register value (the PTX ISA leaves it unpredictable). The participants of a .sync operation
// are the executing lanes named in the executing lane's membermask: in this lockstep model,
// named lanes that diverged elsewhere do not execute the instruction with the others.

#include <bit>

#include <fmt/format.h>

#include "func/handlers.h"
#include "func/ops/warp/warp_ops.h"

namespace warpsim::func {

namespace {

using ptx::DataType;
using ptx::Mod;
using ptx::ModCat;
using ptx::OperandKind;

// shfl{.sync}.mode.b32 d{|p}, a, b, c{, membermask}. c packs the clamp value (bits 0-4) and
// the segment mask (bits 8-12); nvcc writes ((32 - width) << 8) | clamp.
template <Mod kMode>
void exec_shfl(ExecContext& ctx, const DecodedInst& inst) {
  DataType type = inst.ir->type;
  LaneValues a = ctx.read(inst, 2, type);
  LaneValues b = ctx.read(inst, 3, DataType::kU32);
  LaneValues c = ctx.read(inst, 4, DataType::kU32);
  warp::check_members(ctx, inst, warp::members(ctx, inst, 5));
  LaneValues d;
  LaneValues p;
  for_each_lane(ctx.mask, [&](unsigned lane) {
    int bval = static_cast<int>(b.v[lane] & 0x1f);
    int cval = static_cast<int>(c.v[lane] & 0x1f);
    int segmask = static_cast<int>((c.v[lane] >> 8) & 0x1f);
    int self = static_cast<int>(lane);
    int max_lane = (self & segmask) | (cval & ~segmask);
    int min_lane = self & segmask;
    int j = 0;
    bool in_range = false;
    if constexpr (kMode == Mod::kUp) {
      j = self - bval;
      in_range = j >= max_lane;
    } else if constexpr (kMode == Mod::kDown) {
      j = self + bval;
      in_range = j <= max_lane;
    } else if constexpr (kMode == Mod::kBfly) {
      j = self ^ bval;
      in_range = j <= max_lane;
    } else {
      j = min_lane | (bval & ~segmask);
      in_range = j <= max_lane;
    }
    if (!in_range) j = self;
    d.v[lane] = a.v[static_cast<unsigned>(j)];
    p.v[lane] = in_range ? 1 : 0;
  });
  ctx.write(inst, 0, type, d);
  ctx.write(inst, 1, DataType::kPred, p);
}

// vote{.sync}.mode d, {!}a{, membermask}: .ballot gives a .b32 mask, the others a predicate.
template <Mod kMode>
void exec_vote(ExecContext& ctx, const DecodedInst& inst) {
  LaneValues a = ctx.read(inst, 1, DataType::kPred);
  LaneValues member = warp::members(ctx, inst, 2);
  warp::check_members(ctx, inst, member);
  LaneMask yes = 0;
  for_each_lane(ctx.mask, [&](unsigned lane) { yes |= static_cast<LaneMask>(a.v[lane]) << lane; });
  LaneValues d;
  for_each_lane(ctx.mask, [&](unsigned lane) {
    LaneMask group = ctx.mask & static_cast<LaneMask>(member.v[lane]);
    LaneMask votes = yes & group;
    if constexpr (kMode == Mod::kBallot) {
      d.v[lane] = votes;
    } else if constexpr (kMode == Mod::kAll) {
      d.v[lane] = votes == group ? 1 : 0;
    } else if constexpr (kMode == Mod::kAny) {
      d.v[lane] = votes != 0 ? 1 : 0;
    } else {
      d.v[lane] = (votes == 0 || votes == group) ? 1 : 0;
    }
  });
  ctx.write(inst, 0, kMode == Mod::kBallot ? DataType::kB32 : DataType::kPred, d);
}

// match.any.sync.type d, a, membermask: the participants holding the same value as this lane.
// match.all.sync.type d{|p}, a, membermask: membermask when every participant agrees, else 0.
template <bool kAll>
void exec_match(ExecContext& ctx, const DecodedInst& inst) {
  LaneValues a = ctx.read(inst, 2, inst.ir->type);
  LaneValues member = warp::members(ctx, inst, 3);
  warp::check_members(ctx, inst, member);
  LaneValues d;
  LaneValues p;
  for_each_lane(ctx.mask, [&](unsigned lane) {
    LaneMask group = ctx.mask & static_cast<LaneMask>(member.v[lane]);
    LaneMask same = 0;
    for_each_lane(group, [&](unsigned other) {
      if (a.v[other] == a.v[lane]) same |= LaneMask{1} << other;
    });
    bool all = same == group;
    if constexpr (kAll) {
      d.v[lane] = all ? member.v[lane] : 0;
    } else {
      d.v[lane] = same;
    }
    p.v[lane] = all ? 1 : 0;
  });
  ctx.write(inst, 0, DataType::kB32, d);
  if constexpr (kAll) ctx.write(inst, 1, DataType::kPred, p);
}

void exec_activemask(ExecContext& ctx, const DecodedInst& inst) {
  LaneValues d;
  d.v.fill(ctx.active);
  ctx.write(inst, 0, DataType::kB32, d);
}

// elect.sync d|p, membermask: the lowest participating lane leads; d gets its lane id.
void exec_elect(ExecContext& ctx, const DecodedInst& inst) {
  LaneValues member = warp::members(ctx, inst, 2);
  warp::check_members(ctx, inst, member);
  LaneValues d;
  LaneValues p;
  for_each_lane(ctx.mask, [&](unsigned lane) {
    LaneMask group = ctx.mask & static_cast<LaneMask>(member.v[lane]);
    auto leader = static_cast<unsigned>(std::countr_zero(group));
    d.v[lane] = leader;
    p.v[lane] = leader == lane ? 1 : 0;
  });
  ctx.write(inst, 0, DataType::kB32, d);
  ctx.write(inst, 1, DataType::kPred, p);
}

ExecFn select_shfl(const ptx::Instruction& inst) {
  if (ptx::type_size(inst.type) != 4) return nullptr;
  switch (inst.mod(ModCat::kShflMode)) {
    case Mod::kUp:
      return &exec_shfl<Mod::kUp>;
    case Mod::kDown:
      return &exec_shfl<Mod::kDown>;
    case Mod::kBfly:
      return &exec_shfl<Mod::kBfly>;
    case Mod::kIdx:
      return &exec_shfl<Mod::kIdx>;
    default:
      return nullptr;
  }
}

ExecFn select_vote(const ptx::Instruction& inst) {
  switch (inst.mod(ModCat::kVoteMode)) {
    case Mod::kAll:
      return &exec_vote<Mod::kAll>;
    case Mod::kAny:
      return &exec_vote<Mod::kAny>;
    case Mod::kUni:
      return &exec_vote<Mod::kUni>;
    case Mod::kBallot:
      return &exec_vote<Mod::kBallot>;
    default:
      return nullptr;
  }
}

ExecFn select_match(const ptx::Instruction& inst) {
  unsigned size = ptx::type_size(inst.type);
  if (size != 4 && size != 8) return nullptr;
  switch (inst.mod(ModCat::kMatchMode)) {
    case Mod::kAll:
      return &exec_match<true>;
    case Mod::kAny:
      return &exec_match<false>;
    default:
      return nullptr;
  }
}

}  // namespace

ExecFn select_warp(const ptx::Instruction& inst) {
  switch (inst.op) {
    case ptx::Opcode::kShfl:
      return select_shfl(inst);
    case ptx::Opcode::kVote:
      return select_vote(inst);
    case ptx::Opcode::kMatch:
      return select_match(inst);
    case ptx::Opcode::kRedux:
      return warp::select_redux(inst);
    case ptx::Opcode::kActivemask:
      return &exec_activemask;
    case ptx::Opcode::kElect:
      return &exec_elect;
    default:
      return nullptr;
  }
}

}  // namespace warpsim::func
