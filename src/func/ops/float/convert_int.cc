// cvt between integer types (sign- or zero-extension by the source type, truncation to the
// destination width, or with .sat clamping to the destination's range), and cvt.pack.

#include "func/ops/float/convert.h"

namespace warpsim::func {

namespace {

using ptx::DataType;

// `v` (canonical for a signed or unsigned source) clamped to the range of a `bits`-bit type.
std::uint64_t clamp_int(std::uint64_t v, bool src_signed, unsigned bits, bool dst_signed) {
  if (dst_signed) {
    std::int64_t hi = static_cast<std::int64_t>(width_mask(bits - 1));
    std::int64_t lo = -hi - 1;
    if (!src_signed) return v > static_cast<std::uint64_t>(hi) ? static_cast<std::uint64_t>(hi) : v;
    std::int64_t x = static_cast<std::int64_t>(v);
    return static_cast<std::uint64_t>(x > hi ? hi : (x < lo ? lo : x));
  }
  std::uint64_t max = width_mask(bits);
  if (src_signed && static_cast<std::int64_t>(v) < 0) return 0;
  return v > max ? max : v;
}

void exec_int_to_int(ExecContext& ctx, const DecodedInst& inst) {
  DataType dst = inst.ir->type;
  DataType src = inst.ir->type2;
  LaneValues a = ctx.read(inst, 1, src);
  unsigned bits = type_bits(dst);
  bool dst_signed = ptx::is_signed_type(dst);
  if (inst.ir->has(ptx::ModCat::kSat)) {
    bool src_signed = ptx::is_signed_type(src);
    for (unsigned l = 0; l < kWarpSize; ++l) {
      a.v[l] = clamp_int(a.v[l], src_signed, bits, dst_signed);
    }
  }
  LaneValues d;
  if (dst_signed) {
    for (unsigned l = 0; l < kWarpSize; ++l) d.v[l] = sign_extend(a.v[l], bits);
  } else {
    std::uint64_t mask = width_mask(bits);
    for (unsigned l = 0; l < kWarpSize; ++l) d.v[l] = a.v[l] & mask;
  }
  ctx.write(inst, 0, dst, d);
}

// cvt.pack.sat.{u16,s16,u8,s8}.s32.b32 d, a, b, c: a and b saturated to the narrow type, a
// above b; for 8-bit types the rest of d is the low bits of c.
void exec_cvt_pack(ExecContext& ctx, const DecodedInst& inst) {
  DataType narrow = inst.ir->type;
  unsigned bits = type_bits(narrow);
  bool dst_signed = ptx::is_signed_type(narrow);
  bool src_signed = ptx::is_signed_type(inst.ir->type2);
  LaneValues a = ctx.read(inst, 1, inst.ir->type2);
  LaneValues b = ctx.read(inst, 2, inst.ir->type2);
  LaneValues c = ctx.read(inst, 3, DataType::kB32);
  std::uint64_t mask = width_mask(bits);
  LaneValues d;
  for (unsigned l = 0; l < kWarpSize; ++l) {
    std::uint64_t ta = clamp_int(a.v[l], src_signed, bits, dst_signed) & mask;
    std::uint64_t tb = clamp_int(b.v[l], src_signed, bits, dst_signed) & mask;
    d.v[l] = ((c.v[l] << (2 * bits)) | (ta << bits) | tb) & 0xffffffffU;
  }
  ctx.write(inst, 0, DataType::kB32, d);
}

}  // namespace

ExecFn select_int_convert(const ptx::Instruction&) { return &exec_int_to_int; }

ExecFn select_cvt_pack(const ptx::Instruction& inst) {
  switch (inst.type) {
    case DataType::kU16:
    case DataType::kS16:
    case DataType::kU8:
    case DataType::kS8:
      return is_int_kind(num_kind(inst.type2)) ? &exec_cvt_pack : nullptr;
    default:
      return nullptr;
  }
}

}  // namespace warpsim::func
