// cvt into and out of the packed formats: two f32 values to f16x2/bf16x2 (a in the upper half)
// or to e4m3x2/e5m2x2 (a in the upper byte), f16x2 to e4m3x2/e5m2x2, and e4m3x2/e5m2x2 back to
// f16x2. .relu clamps negative results to +0; .satfinite turns overflow into the largest finite
// value (and is the only way E4M3, which has no infinity, avoids NaN on overflow).

#include "func/ops/float/convert.h"

namespace warpsim::func {

namespace {

using ptx::DataType;
using ptx::ModCat;

struct PackSpec {
  const FloatFormat* fmt = &kF16Format;  // of each destination element
  unsigned width = 16;                   // bits per destination element
  Round mode = Round::kNearestEven;
  bool relu = false;
  bool satfinite = false;
};

const FloatFormat* element_format(DataType type) {
  switch (type) {
    case DataType::kF16x2:
      return &kF16Format;
    case DataType::kBf16x2:
      return &kBf16Format;
    case DataType::kE4m3x2:
      return &kE4m3Format;
    case DataType::kE5m2x2:
      return &kE5m2Format;
    default:
      return nullptr;
  }
}

PackSpec pack_spec(const ptx::Instruction& inst) {
  PackSpec s;
  s.fmt = element_format(inst.type);
  s.width = s.fmt->man_bits + s.fmt->exp_bits + 1;
  s.mode = rounding_of(inst);
  s.relu = inst.has(ModCat::kRelu);
  s.satfinite = inst.has(ModCat::kSatfinite);
  return s;
}

std::uint64_t convert_element(double v, const PackSpec& s) {
  std::uint64_t bits = round_double(v, *s.fmt, s.mode, s.satfinite);
  bool nan = (bits & (s.fmt->sign_bit() - 1)) > s.fmt->max_finite;
  if (s.relu && !nan && (bits & s.fmt->sign_bit()) != 0) return 0;
  return bits;
}

// cvt.rn.f16x2.f32 d, a, b (and bf16x2, e4m3x2, e5m2x2): d = {a, b}.
void exec_pack_f32_pair(ExecContext& ctx, const DecodedInst& inst) {
  PackSpec s = pack_spec(*inst.ir);
  LaneValues a = ctx.read(inst, 1, DataType::kF32);
  LaneValues b = ctx.read(inst, 2, DataType::kF32);
  LaneValues d;
  for_each_lane(ctx.mask, [&](unsigned l) {
    std::uint64_t hi = convert_element(as_f32(a.v[l]), s);
    std::uint64_t lo = convert_element(as_f32(b.v[l]), s);
    d.v[l] = (hi << s.width) | lo;
  });
  ctx.write(inst, 0, s.width == 16 ? DataType::kB32 : DataType::kB16, d);
}

// cvt.rn.satfinite.e4m3x2.f16x2 d, a: each f16 half of a to one byte of d.
void exec_pack_f16x2(ExecContext& ctx, const DecodedInst& inst) {
  PackSpec s = pack_spec(*inst.ir);
  LaneValues a = ctx.read(inst, 1, DataType::kB32);
  LaneValues d;
  for_each_lane(ctx.mask, [&](unsigned l) {
    std::uint64_t hi = convert_element(decode_float(a.v[l] >> 16, kF16Format), s);
    std::uint64_t lo = convert_element(decode_float(a.v[l] & 0xffff, kF16Format), s);
    d.v[l] = (hi << 8) | lo;
  });
  ctx.write(inst, 0, DataType::kB16, d);
}

// cvt.rn.f16x2.e4m3x2 d, a: each byte of a to one f16 half of d (exact).
void exec_unpack_to_f16x2(ExecContext& ctx, const DecodedInst& inst) {
  const FloatFormat& from = *element_format(inst.ir->type2);
  PackSpec s;
  s.relu = inst.ir->has(ModCat::kRelu);
  LaneValues a = ctx.read(inst, 1, DataType::kB16);
  LaneValues d;
  for_each_lane(ctx.mask, [&](unsigned l) {
    std::uint64_t hi = convert_element(decode_float((a.v[l] >> 8) & 0xff, from), s);
    std::uint64_t lo = convert_element(decode_float(a.v[l] & 0xff, from), s);
    d.v[l] = (hi << 16) | lo;
  });
  ctx.write(inst, 0, DataType::kB32, d);
}

bool is_f8x2(DataType type) { return type == DataType::kE4m3x2 || type == DataType::kE5m2x2; }

}  // namespace

ExecFn select_packed_convert(const ptx::Instruction& inst) {
  DataType dst = inst.type;
  DataType src = inst.type2;
  bool two_sources = inst.num_operands > 2 && inst.operands[2].kind != ptx::OperandKind::kNone;
  if (element_format(dst) != nullptr && src == DataType::kF32 && two_sources) {
    return &exec_pack_f32_pair;
  }
  if (is_f8x2(dst) && src == DataType::kF16x2) return &exec_pack_f16x2;
  if (dst == DataType::kF16x2 && is_f8x2(src)) return &exec_unpack_to_f16x2;
  return nullptr;
}

}  // namespace warpsim::func
