// suld.b, sust.b and suq on surface objects (unified mode: the handle is a .u64 register).
// Coordinates are .s32 with x in bytes; .a1d/.a2d put an array index first (see layer_axis()).
// Out-of-range accesses follow the instruction's mode: .trap (the default) faults, .clamp moves
// to the nearest element in range, .zero reads zeros or drops the store. sust.p (formatted
// stores) and sured are not modeled.

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>

#include <fmt/format.h>

#include "func/memory_access.h"
#include "func/ops/texture/sampler.h"
#include "func/ops/texture/texture_ops.h"

namespace warpsim::func {

namespace {

using ptx::DataType;
using ptx::Mod;
using ptx::ModCat;
using ptx::OperandKind;

struct SurfLayout {
  Geometry geom;
  unsigned handle = 0;
  ElementRange coords;
  ElementRange data;  // suld destinations or sust sources
};

bool surf_layout(const ptx::Instruction& inst, SurfLayout& out) {
  if (inst.mod(ModCat::kSurfKind) != Mod::kB || !geometry_of(inst, out.geom)) return false;
  bool load = inst.op == ptx::Opcode::kSuld;
  unsigned tuple = load ? 1 : 0;
  unsigned data = load ? 0 : 1;
  if (inst.num_operands != 2 || !tuple_shape(inst, tuple, out.geom, out.handle, out.coords)) {
    return false;
  }
  const ptx::Operand& d = inst.arg(data);
  out.data =
      d.kind == OperandKind::kVector ? ElementRange{d.index, d.count} : ElementRange{data, 1};
  unsigned size = ptx::type_size(inst.type);
  bool size_ok = size == 1 || size == 2 || size == 4 || size == 8;
  return size_ok && out.data.count == inst.vec && (inst.vec == 1 || inst.vec == 2 || inst.vec == 4);
}

struct SurfOperands {
  LaneValues handles;
  std::array<LaneValues, 4> coords;
};

void read_surf_operands(ExecContext& ctx, const DecodedInst& inst, const SurfLayout& layout,
                        SurfOperands& out) {
  ctx.read(inst, layout.handle, DataType::kU64, out.handles);
  for (unsigned k = 0; k < layout.geom.elements(); ++k) {
    DataType t = layout.geom.layered && k == 0 ? DataType::kU32 : DataType::kS32;
    ctx.read(inst, layout.coords.first + k, t, out.coords[k]);
  }
}

// The byte address `lane` accesses, or nullopt for an out-of-range .zero access.
std::optional<Addr> surface_address(ExecContext& ctx, const DecodedInst& inst, unsigned lane,
                                    const TextureObject& surf, const SurfLayout& layout,
                                    const SurfOperands& ops, std::uint32_t size) {
  const TextureResource& res = surf.resource;
  auto row_bytes = static_cast<std::int64_t>(res.width * res.format.bytes());
  if (size > row_bytes) {
    ctx.fail(
        inst, lane,
        fmt::format("surface access of {} bytes is wider than a row of {} bytes", size, row_bytes));
  }
  std::array<std::int64_t, 3> pos{};
  std::array<std::int64_t, 3> max{row_bytes - size, static_cast<std::int64_t>(res.height) - 1,
                                  static_cast<std::int64_t>(res.depth) - 1};
  unsigned first = layout.geom.layered ? 1 : 0;
  for (unsigned a = 0; a < layout.geom.dims; ++a) {
    pos[a] = static_cast<std::int32_t>(ops.coords[first + a][lane]);
  }
  if (layout.geom.layered) {
    pos[layer_axis(res, layout.geom.dims)] = static_cast<std::uint32_t>(ops.coords[0][lane]);
  }
  if (pos[0] % size != 0) {
    ctx.fail(inst, lane,
             fmt::format("misaligned surface access: x = {} bytes is not a multiple of the {}-byte "
                         "access",
                         pos[0], size));
  }
  bool inside = true;
  for (unsigned a = 0; a < 3; ++a) inside = inside && pos[a] >= 0 && pos[a] <= max[a];
  if (!inside) {
    Mod mode = inst.ir->mod(ModCat::kClampMode);
    if (mode == Mod::kZero) return std::nullopt;
    if (mode != Mod::kClamp) {
      ctx.fail(inst, lane,
               fmt::format(
                   "surface access out of range (.trap): x = {} bytes, y = {}, z/layer = {} "
                   "on a surface of {} x {} x {} elements of {} bytes",
                   pos[0], pos[1], pos[2], res.width, res.height, res.depth, res.format.bytes()));
    }
    for (unsigned a = 0; a < 3; ++a) pos[a] = std::clamp<std::int64_t>(pos[a], 0, max[a]);
    pos[0] -= pos[0] % size;
  }
  return texel_address(res, 0, static_cast<std::uint64_t>(pos[1]),
                       static_cast<std::uint64_t>(pos[2])) +
         static_cast<Addr>(pos[0]);
}

void note_access(ExecContext& ctx, bool& first, unsigned lane, Addr addr, std::uint32_t size,
                 bool load) {
  if (ctx.record == nullptr) return;
  if (first) {
    ctx.record->space = ptx::StateSpace::kGlobal;
    ctx.record->size = size;
    ctx.record->is_load = load;
    ctx.record->is_store = !load;
    first = false;
  }
  ctx.record->addr[lane] = addr;
}

void exec_suld(ExecContext& ctx, const DecodedInst& inst) {
  SurfLayout layout;
  surf_layout(*inst.ir, layout);
  DataType type = inst.ir->type;
  std::uint32_t elem = ptx::type_size(type);
  std::uint32_t size = elem * layout.data.count;
  SurfOperands ops;
  read_surf_operands(ctx, inst, layout, ops);
  std::array<LaneValues, 4> values{};
  bool first = true;
  for_each_lane(ctx.mask, [&](unsigned lane) {
    const TextureObject& surf = find_object(ctx, inst, lane, ops.handles[lane], true);
    std::optional<Addr> addr = surface_address(ctx, inst, lane, surf, layout, ops, size);
    note_access(ctx, first, lane, addr.value_or(surf.resource.base), size, true);
    for (unsigned e = 0; e < layout.data.count; ++e) values[e][lane] = 0;
    if (!addr) return;
    Resolved r =
        access_memory(ctx, inst, ptx::StateSpace::kGlobal, lane, *addr, size, AccessKind::kRead, 1);
    for (unsigned e = 0; e < layout.data.count; ++e) {
      std::uint64_t v = 0;
      std::memcpy(&v, r.ptr + std::size_t{e} * elem, elem);
      values[e][lane] = canonical(v, type);
    }
  });
  for (unsigned e = 0; e < layout.data.count; ++e) {
    ctx.write_masked(inst.ops[layout.data.first + e], type, values[e], ctx.mask);
  }
}

void exec_sust(ExecContext& ctx, const DecodedInst& inst) {
  SurfLayout layout;
  surf_layout(*inst.ir, layout);
  DataType type = inst.ir->type;
  std::uint32_t elem = ptx::type_size(type);
  std::uint32_t size = elem * layout.data.count;
  SurfOperands ops;
  read_surf_operands(ctx, inst, layout, ops);
  std::array<LaneValues, 4> values;
  for (unsigned e = 0; e < layout.data.count; ++e) {
    ctx.read(inst, layout.data.first + e, type, values[e]);
  }
  bool first = true;
  for_each_lane(ctx.mask, [&](unsigned lane) {
    const TextureObject& surf = find_object(ctx, inst, lane, ops.handles[lane], true);
    std::optional<Addr> addr = surface_address(ctx, inst, lane, surf, layout, ops, size);
    note_access(ctx, first, lane, addr.value_or(surf.resource.base), size, false);
    if (!addr) return;
    Resolved r = access_memory(ctx, inst, ptx::StateSpace::kGlobal, lane, *addr, size,
                               AccessKind::kWrite, 1);
    for (unsigned e = 0; e < layout.data.count; ++e) {
      std::memcpy(r.ptr + std::size_t{e} * elem, &values[e][lane], elem);
    }
  });
}

void exec_suq(ExecContext& ctx, const DecodedInst& inst) {
  Mod query = inst.ir->mod(ModCat::kTxqQuery);
  LaneValues out;
  for_each_lane(ctx.mask, [&](unsigned lane) {
    const TextureResource& res =
        find_object(ctx, inst, lane, ctx.address(inst.ops[1], lane), true).resource;
    out[lane] = query == Mod::kWidth ? res.width : query == Mod::kHeight ? res.height : res.depth;
  });
  ctx.write(inst, 0, inst.ir->type, out);
}

ExecFn select_suq(const ptx::Instruction& inst) {
  if (inst.num_operands != 2) return nullptr;
  const ptx::Operand& a = inst.arg(1);
  if (a.kind != OperandKind::kAddress || a.reg == ptx::kNoIndex ||
      a.symbol.scope != ptx::SymbolScope::kNone) {
    return nullptr;
  }
  Mod query = inst.mod(ModCat::kTxqQuery);
  bool ok = query == Mod::kWidth || query == Mod::kHeight || query == Mod::kDepth;
  return ok ? &exec_suq : nullptr;
}

}  // namespace

ExecFn select_surface(const ptx::Instruction& inst) {
  if (inst.op == ptx::Opcode::kSuq) return select_suq(inst);
  SurfLayout layout;
  if (!surf_layout(inst, layout)) return nullptr;
  return inst.op == ptx::Opcode::kSuld ? &exec_suld : &exec_sust;
}

}  // namespace warpsim::func
