// tex, tld4 and txq on texture objects (unified mode: the handle is a .u64 register holding a
// TextureTable handle). Independent mode (.texref/.samplerref names, explicit samplers), cube
// maps, multisample textures, depth compare and .f16/.f16x2 results are not modeled.

#include <bit>

#include <fmt/format.h>

#include "func/device.h"
#include "func/memory_access.h"
#include "func/ops/texture/sampler.h"
#include "func/ops/texture/texture_ops.h"

namespace warpsim::func {

namespace {

using ptx::DataType;
using ptx::Mod;
using ptx::ModCat;
using ptx::OperandKind;

struct TexLayout {
  Geometry geom;
  unsigned handle = 0;
  ElementRange coords;
  bool has_offsets = false;
  ElementRange offsets;
};

// A vector operand's elements, when it has at least `min` of them.
bool vector_range(const ptx::Operand& op, unsigned min, ElementRange& out) {
  if (op.kind != OperandKind::kVector || op.count < min) return false;
  out = {op.index, op.count};
  return true;
}

// tex d|p, [a, c] {, lod | dPdx, dPdy} {, e}: a trailing scalar would be the depth compare
// operand f, which is not modeled.
bool tex_layout(const ptx::Instruction& inst, TexLayout& out) {
  if (!geometry_of(inst, out.geom)) return false;
  if (inst.num_operands < 3 || !tuple_shape(inst, 2, out.geom, out.handle, out.coords)) {
    return false;
  }
  unsigned next = 3;
  Mod mode = inst.mod(ModCat::kTexMode);
  if (mode == Mod::kLevel) next += 1;
  if (mode == Mod::kGrad) next += 2;
  if (next > inst.num_operands) return false;
  if (next < inst.num_operands) {
    out.has_offsets = vector_range(inst.arg(next), out.geom.dims, out.offsets);
    if (!out.has_offsets) return false;
    ++next;
  }
  return next == inst.num_operands;
}

class LaneTexelMemory final : public TexelMemory {
 public:
  LaneTexelMemory(ExecContext& ctx, const DecodedInst& inst, unsigned lane)
      : ctx_(ctx), inst_(inst), lane_(lane) {}
  const std::uint8_t* read(Addr addr, std::uint32_t bytes) override {
    return access_memory(ctx_, inst_, ptx::StateSpace::kGlobal, lane_, addr, bytes,
                         AccessKind::kRead, 1)
        .ptr;
  }

 private:
  ExecContext& ctx_;
  const DecodedInst& inst_;
  unsigned lane_;
};

// Integer texels asked for as .f32 are converted; float texels asked for as integers come back
// as their bit patterns (no conversion, as the register file sees them).
std::uint64_t to_dtype(const TexelValue& v, unsigned c, DataType dtype, ChannelKind kind) {
  std::uint32_t bits = v.is_float ? std::bit_cast<std::uint32_t>(v.f[c]) : v.i[c];
  if (dtype == DataType::kF32 && !v.is_float) {
    float f = kind == ChannelKind::kSigned ? static_cast<float>(static_cast<std::int32_t>(v.i[c]))
                                           : static_cast<float>(v.i[c]);
    bits = std::bit_cast<std::uint32_t>(f);
  }
  return canonical(bits, dtype);
}

struct TexOperands {
  LaneValues handles;
  std::array<LaneValues, 4> coords;
  std::array<LaneValues, 3> offsets;
};

void read_tex_operands(ExecContext& ctx, const DecodedInst& inst, const TexLayout& layout,
                       TexOperands& out) {
  ctx.read(inst, layout.handle, DataType::kU64, out.handles);
  for (unsigned k = 0; k < layout.geom.elements(); ++k) {
    DataType t = layout.geom.layered && k == 0 ? DataType::kU32 : inst.ir->type2;
    ctx.read(inst, layout.coords.first + k, t, out.coords[k]);
  }
  if (!layout.has_offsets) return;
  for (unsigned k = 0; k < layout.geom.dims; ++k) {
    ctx.read(inst, layout.offsets.first + k, DataType::kS32, out.offsets[k]);
  }
}

TexRequest lane_request(const TexLayout& layout, const TexOperands& ops, bool integer_coords,
                        unsigned lane) {
  TexRequest req;
  req.dims = layout.geom.dims;
  req.integer_coords = integer_coords;
  unsigned first = 0;
  if (layout.geom.layered) {
    req.layer = static_cast<std::uint32_t>(ops.coords[0][lane]);
    first = 1;
  }
  for (unsigned a = 0; a < req.dims; ++a) {
    std::uint64_t v = ops.coords[first + a][lane];
    req.coord[a] = as_f32(v);
    req.icoord[a] = static_cast<std::int32_t>(v);
    if (layout.has_offsets) req.offset[a] = static_cast<std::int32_t>(ops.offsets[a][lane]);
  }
  return req;
}

unsigned gather_component(const ptx::Instruction& inst) {
  switch (inst.mod(ModCat::kTld4Comp)) {
    case Mod::kG:
      return 1;
    case Mod::kB:
      return 2;
    case Mod::kA:
      return 3;
    default:
      return 0;
  }
}

// tex (kGather false) and tld4 (true): the same operands, different fetches.
template <bool kGather>
void exec_tex(ExecContext& ctx, const DecodedInst& inst) {
  const ptx::Instruction& ir = *inst.ir;
  unsigned component = gather_component(ir);
  TexLayout layout;
  tex_layout(ir, layout);
  TexOperands ops;
  read_tex_operands(ctx, inst, layout, ops);
  bool integer_coords = ir.type2 == DataType::kS32;
  std::array<LaneValues, 4> result;
  bool first = true;
  for_each_lane(ctx.mask, [&](unsigned lane) {
    const TextureObject& tex = find_object(ctx, inst, lane, ops.handles[lane], false);
    LaneTexelMemory mem(ctx, inst, lane);
    TexRequest req = lane_request(layout, ops, integer_coords, lane);
    TexSample s =
        kGather ? gather_texture(tex, req, component, mem) : sample_texture(tex, req, mem);
    for (unsigned c = 0; c < 4; ++c) {
      result[c][lane] = to_dtype(s.value, c, ir.type, tex.resource.format.kind);
    }
    if (ctx.record == nullptr) return;
    if (first) {
      ctx.record->space = ptx::StateSpace::kTex;
      ctx.record->size = tex.resource.format.bytes();
      ctx.record->is_load = true;
      first = false;
    }
    ctx.record->addr[lane] = s.first_texel;
  });
  std::span<const Operand> dsts = inst.elements(inst.ops[0]);
  for (std::size_t c = 0; c < dsts.size() && c < 4; ++c) {
    ctx.write_masked(dsts[c], ir.type, result[c], ctx.mask);
  }
  if (inst.ops[1].kind == OperandKind::kReg) {
    LaneValues resident;
    resident.v.fill(1);  // every texel is resident: no sparse textures
    ctx.write_masked(inst.ops[1], DataType::kPred, resident, ctx.mask);
  }
}

// Sampler attributes use the CUDA runtime's enum values (cudaTextureAddressMode,
// cudaTextureFilterMode), which AddressMode and FilterMode mirror.
std::uint64_t texture_attribute(const TextureObject& tex, Mod query) {
  const TextureResource& res = tex.resource;
  switch (query) {
    case Mod::kWidth:
      return res.width;
    case Mod::kHeight:
      return res.height;
    case Mod::kDepth:
      return res.depth;
    case Mod::kNormalizedCoords:
      return tex.sampling.normalized_coords ? 1 : 0;
    case Mod::kFilterMode:
      return static_cast<std::uint64_t>(tex.sampling.filter);
    case Mod::kAddrMode0:
      return static_cast<std::uint64_t>(tex.sampling.address[0]);
    case Mod::kAddrMode1:
      return static_cast<std::uint64_t>(tex.sampling.address[1]);
    case Mod::kAddrMode2:
      return static_cast<std::uint64_t>(tex.sampling.address[2]);
    default:
      return 0;
  }
}

void exec_txq(ExecContext& ctx, const DecodedInst& inst) {
  Mod query = inst.ir->mod(ModCat::kTxqQuery);
  LaneValues out;
  for_each_lane(ctx.mask, [&](unsigned lane) {
    Addr handle = ctx.address(inst.ops[1], lane);
    out[lane] = texture_attribute(find_object(ctx, inst, lane, handle, false), query);
  });
  ctx.write(inst, 0, inst.ir->type, out);
}

bool is_register_address(const ptx::Operand& op) {
  return op.kind == OperandKind::kAddress && op.reg != ptx::kNoIndex &&
         op.symbol.scope == ptx::SymbolScope::kNone;
}

}  // namespace

bool geometry_of(const ptx::Instruction& inst, Geometry& out) {
  switch (inst.mod(ModCat::kGeometry)) {
    case Mod::k1d:
      out = {1, false};
      return true;
    case Mod::k2d:
      out = {2, false};
      return true;
    case Mod::k3d:
      out = {3, false};
      return true;
    case Mod::kA1d:
      out = {1, true};
      return true;
    case Mod::kA2d:
      out = {2, true};
      return true;
    default:
      return false;
  }
}

bool tuple_shape(const ptx::Instruction& inst, unsigned tuple, const Geometry& geom,
                 unsigned& handle, ElementRange& coords) {
  const ptx::Operand& t = inst.arg(tuple);
  if (t.kind != OperandKind::kTuple || t.count != 2) return false;
  if (inst.operands[t.index].kind != OperandKind::kReg) return false;
  handle = t.index;
  const ptx::Operand& c = inst.operands[t.index + 1];
  if (c.kind == OperandKind::kReg || c.kind == OperandKind::kImm) {
    coords = {t.index + 1, 1};
    return geom.elements() == 1;
  }
  return vector_range(c, geom.elements(), coords);
}

const TextureObject& find_object(ExecContext& ctx, const DecodedInst& inst, unsigned lane,
                                 std::uint64_t handle, bool surface) {
  const char* wanted = surface ? "surface" : "texture";
  const TextureObject* obj = ctx.device().textures().find(handle);
  if (obj == nullptr) {
    ctx.fail(
        inst, lane,
        fmt::format("{} handle 0x{:x} is not a live texture or surface object", wanted, handle));
  }
  if (obj->is_surface != surface) {
    ctx.fail(inst, lane,
             fmt::format("handle 0x{:x} is a {} object, but {} needs a {} object", handle,
                         obj->is_surface ? "surface" : "texture", ptx::opcode_name(inst.ir->op),
                         wanted));
  }
  std::string problem = surface ? resource_problem(obj->resource) : texture_problem(*obj);
  if (!problem.empty()) {
    ctx.fail(inst, lane, fmt::format("{} object 0x{:x} {}", wanted, handle, problem));
  }
  return *obj;
}

// tex and tld4 with four 32-bit results; tld4 takes .f32 coordinates of a 2D (array) texture.
ExecFn select_tex(const ptx::Instruction& inst) {
  TexLayout layout;
  if (!tex_layout(inst, layout)) return nullptr;
  if (inst.vec != 4 || inst.arg(0).kind != OperandKind::kVector || inst.arg(0).count != 4) {
    return nullptr;
  }
  bool dtype_ok =
      inst.type == DataType::kF32 || inst.type == DataType::kS32 || inst.type == DataType::kU32;
  bool ctype_ok = inst.type2 == DataType::kF32 || inst.type2 == DataType::kS32;
  if (!dtype_ok || !ctype_ok) return nullptr;
  if (inst.op == ptx::Opcode::kTex) return &exec_tex<false>;
  bool gather_ok = layout.geom.dims == 2 && inst.type2 == DataType::kF32;
  return gather_ok ? &exec_tex<true> : nullptr;
}

ExecFn select_txq(const ptx::Instruction& inst) {
  if (inst.num_operands < 2 || !is_register_address(inst.arg(1))) return nullptr;
  switch (inst.mod(ModCat::kTxqQuery)) {
    case Mod::kWidth:
    case Mod::kHeight:
    case Mod::kDepth:
    case Mod::kNormalizedCoords:
    case Mod::kFilterMode:
    case Mod::kAddrMode0:
    case Mod::kAddrMode1:
    case Mod::kAddrMode2:
      return &exec_txq;
    default:
      return nullptr;
  }
}

ExecFn select_texture(const ptx::Instruction& inst) {
  switch (inst.op) {
    case ptx::Opcode::kTex:
    case ptx::Opcode::kTld4:
      return select_tex(inst);
    case ptx::Opcode::kTxq:
      return select_txq(inst);
    case ptx::Opcode::kSuld:
    case ptx::Opcode::kSust:
    case ptx::Opcode::kSuq:
      return select_surface(inst);
    default:
      return nullptr;
  }
}

}  // namespace warpsim::func
