// mov (values, symbol addresses, vector pack/unpack), cvta and isspacep.

#include <bit>

#include <fmt/format.h>

#include "func/address_map.h"
#include "func/ops/memory/memory_ops.h"

namespace warpsim::func {

namespace {

using ptx::DataType;
using ptx::OperandKind;

DataType bits_type(unsigned bits) {
  switch (bits) {
    case 8:
      return DataType::kB8;
    case 16:
      return DataType::kB16;
    case 32:
      return DataType::kB32;
    default:
      return DataType::kB64;
  }
}

void exec_mov(ExecContext& ctx, const DecodedInst& inst) {
  DataType type = inst.ir->type;
  const Operand& dst = inst.ops[0];
  const Operand& src = inst.ops[1];
  if (src.kind == OperandKind::kVector) {  // mov.b64 %rd, {%r1, %r2}: lowest element first
    std::span<const Operand> parts = inst.elements(src);
    unsigned part_bits = type_bits(type) / static_cast<unsigned>(parts.size());
    LaneValues out;
    for (std::size_t i = 0; i < parts.size(); ++i) {
      LaneValues v = ctx.read(inst, src.index + static_cast<unsigned>(i), bits_type(part_bits));
      for (unsigned l = 0; l < kWarpSize; ++l) {
        out.v[l] = (i == 0 ? 0 : out.v[l]) | (v.v[l] << (part_bits * i));
      }
    }
    ctx.write(inst, 0, type, out);
    return;
  }
  if (dst.kind == OperandKind::kVector) {  // mov.b64 {%r1, %r2}, %rd
    std::span<const Operand> parts = inst.elements(dst);
    unsigned part_bits = type_bits(type) / static_cast<unsigned>(parts.size());
    LaneValues v = ctx.read(inst, 1, type);
    for (std::size_t i = 0; i < parts.size(); ++i) {
      LaneValues piece;
      for (unsigned l = 0; l < kWarpSize; ++l) {
        piece.v[l] = (v.v[l] >> (part_bits * i)) & width_mask(part_bits);
      }
      ctx.write_masked(parts[i], bits_type(part_bits), piece, ctx.mask);
    }
    return;
  }
  LaneValues v = ctx.read(inst, 1, type);
  ctx.write(inst, 0, type, v);
}

void exec_cvta(ExecContext& ctx, const DecodedInst& inst) {
  DataType type = inst.ir->type;
  ptx::StateSpace space = inst.ir->space;
  bool to_space = inst.ir->has(ptx::ModCat::kTo);
  LaneValues v = ctx.read(inst, 1, type);
  LaneValues out;
  for_each_lane(ctx.mask, [&](unsigned lane) {
    Addr a = v.v[lane];
    if (!to_space) {
      std::optional<Addr> g = to_generic(space, a);
      out.v[lane] = g.value_or(a);
      return;
    }
    SpaceAddress split = from_generic(a);
    bool same = split.space == space ||
                (space == ptx::StateSpace::kConst && split.space == ptx::StateSpace::kGlobal) ||
                (space == ptx::StateSpace::kSharedCta && split.space == ptx::StateSpace::kShared);
    if (!same && a != 0) {
      ctx.fail(inst, lane,
               fmt::format("cvta.to.{} of generic address 0x{:x}, which points to {} memory",
                           ptx::space_name(space), a, ptx::space_name(split.space)));
    }
    out.v[lane] = a == 0 ? 0 : split.offset;
  });
  ctx.write(inst, 0, type, out);
}

void exec_isspacep(ExecContext& ctx, const DecodedInst& inst) {
  ptx::StateSpace space = inst.ir->space;
  if (space == ptx::StateSpace::kSharedCta) space = ptx::StateSpace::kShared;
  LaneValues v = ctx.read(inst, 1, DataType::kU64);
  LaneValues out;
  for_each_lane(ctx.mask, [&](unsigned lane) {
    ptx::StateSpace actual = from_generic(v.v[lane]).space;
    bool in =
        actual == space || (space == ptx::StateSpace::kConst && actual == ptx::StateSpace::kGlobal);
    out.v[lane] = in ? 1 : 0;
  });
  ctx.write(inst, 0, DataType::kPred, out);
}

}  // namespace

ExecFn select_move(const ptx::Instruction& inst) {
  switch (inst.op) {
    case ptx::Opcode::kMov:
      return &exec_mov;
    case ptx::Opcode::kCvta:
      return &exec_cvta;
    case ptx::Opcode::kIsspacep:
      return &exec_isspacep;
    default:
      return nullptr;
  }
}

}  // namespace warpsim::func
