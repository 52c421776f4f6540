// cvt with a floating-point source or destination (the x2 and 8-bit float formats are in
// convert_packed.cc, integer-to-integer in convert_int.cc).
//
// Rules (PTX ISA): float-to-integer rounds by .rni/.rzi/.rmi/.rpi (.rzi when none is given) and
// always saturates to the destination range; NaN gives 0, except from an f64 source or into a
// 64-bit destination, where it gives 1 << (width - 1) (MININT for signed types). Integer and
// narrowing float conversions round by .rn/.rz/.rm/.rp (.rn when none is given); .ftz flushes
// f32 subnormal sources and results; .sat clamps float results to [0, 1].

#include "func/ops/float/convert.h"

#include <type_traits>

namespace warpsim::func {

namespace {

using ptx::DataType;
using ptx::ModCat;

struct CvtSpec {
  DataType dst = DataType::kNone;
  DataType src = DataType::kNone;
  NumKind dk = NumKind::kOther;
  NumKind sk = NumKind::kOther;
  Round mode = Round::kNearestEven;
  Round imode = Round::kZero;
  bool integral = false;  // an integer rounding (.rni ...) was given
  bool ftz = false;
  bool sat = false;
  bool relu = false;
  bool satfinite = false;
};

CvtSpec spec_of(const ptx::Instruction& inst) {
  CvtSpec s;
  s.dst = inst.type;
  s.src = inst.type2;
  s.dk = num_kind(s.dst);
  s.sk = num_kind(s.src);
  s.integral = integer_rounding_of(inst, s.imode);
  s.mode = s.integral ? Round::kNearestEven : rounding_of(inst);
  s.ftz = inst.has(ModCat::kFtz);
  s.sat = inst.has(ModCat::kSat);
  s.relu = inst.has(ModCat::kRelu);
  s.satfinite = inst.has(ModCat::kSatfinite);
  return s;
}

const FloatFormat& format_of(NumKind kind) {
  switch (kind) {
    case NumKind::kF16:
      return kF16Format;
    case NumKind::kBf16:
      return kBf16Format;
    case NumKind::kTf32:
      return kTf32Format;
    case NumKind::kF64:
      return kF64Format;
    default:
      return kF32Format;
  }
}

std::uint64_t finish(std::uint64_t bits, const CvtSpec& s) {
  if (s.ftz && s.dk == NumKind::kF32) bits = flush_subnormal<float>(bits);
  return clamp_float(bits, s.dk, s.sat, s.relu);
}

void exec_float_to_float(ExecContext& ctx, const DecodedInst& inst) {
  CvtSpec s = spec_of(*inst.ir);
  LaneValues a = ctx.read(inst, 1, s.src);
  LaneValues d;
  for_each_lane(ctx.mask, [&](unsigned l) {
    double v = load_float(a.v[l], s.sk, s.ftz);
    if (s.integral) v = round_integral(v, s.imode);
    d.v[l] = finish(store_float(v, s.dk, s.mode, s.satfinite), s);
  });
  ctx.write(inst, 0, s.dst, d);
}

void exec_int_to_float(ExecContext& ctx, const DecodedInst& inst) {
  CvtSpec s = spec_of(*inst.ir);
  LaneValues a = ctx.read(inst, 1, s.src);
  const FloatFormat& fmt = format_of(s.dk);
  unsigned shift = s.dk == NumKind::kTf32 ? 13 : 0;
  LaneValues d;
  for_each_lane(ctx.mask, [&](unsigned l) {
    std::uint64_t v = a.v[l];
    bool neg = s.sk == NumKind::kSigned && static_cast<std::int64_t>(v) < 0;
    std::uint64_t mag = neg ? 0 - v : v;
    d.v[l] = finish(round_pack(neg, mag, 0, fmt, s.mode, s.satfinite) << shift, s);
  });
  ctx.write(inst, 0, s.dst, d);
}

// `r` (integral or NaN/inf) saturated to an integer type of `bits` bits.
std::uint64_t saturate_to_int(double r, unsigned bits, bool is_signed, bool nan_is_min) {
  if (std::isnan(r)) return nan_is_min ? std::uint64_t{1} << (bits - 1) : 0;
  double limit = std::ldexp(1.0, static_cast<int>(is_signed ? bits - 1 : bits));
  if (is_signed) {
    std::uint64_t top = std::uint64_t{1} << (bits - 1);
    if (r >= limit) return top - 1;
    if (r < -limit) return 0 - top;
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(r));
  }
  if (r >= limit) return width_mask(bits);
  if (!(r > 0)) return 0;
  return static_cast<std::uint64_t>(r);
}

void exec_float_to_int(ExecContext& ctx, const DecodedInst& inst) {
  CvtSpec s = spec_of(*inst.ir);
  LaneValues a = ctx.read(inst, 1, s.src);
  unsigned bits = type_bits(s.dst);
  bool is_signed = s.dk == NumKind::kSigned;
  bool nan_is_min = s.sk == NumKind::kF64 || bits == 64;
  Round mode = s.integral ? s.imode : Round::kZero;
  LaneValues d;
  for_each_lane(ctx.mask, [&](unsigned l) {
    double r = round_integral(load_float(a.v[l], s.sk, s.ftz), mode);
    d.v[l] = canonical(saturate_to_int(r, bits, is_signed, nan_is_min), s.dst);
  });
  ctx.write(inst, 0, s.dst, d);
}

// Round-to-nearest conversions the host does exactly (integer <-> f32/f64, f32 <-> f64).
template <typename S, typename D>
void exec_host_cast(ExecContext& ctx, const DecodedInst& inst) {
  LaneValues a = ctx.read(inst, 1, inst.ir->type2);
  LaneValues d;
  for (unsigned l = 0; l < kWarpSize; ++l) {
    S s;
    if constexpr (std::is_floating_point_v<S>) {
      s = FloatBits<S>::get(a.v[l]);
    } else {
      s = static_cast<S>(a.v[l]);
    }
    d.v[l] = FloatBits<D>::put(static_cast<D>(s));
  }
  ctx.write(inst, 0, inst.ir->type, d);
}

template <typename D>
ExecFn host_cast_from(DataType src) {
  switch (src) {
    case DataType::kS32:
      return &exec_host_cast<std::int32_t, D>;
    case DataType::kU32:
      return &exec_host_cast<std::uint32_t, D>;
    case DataType::kS64:
      return &exec_host_cast<std::int64_t, D>;
    case DataType::kU64:
      return &exec_host_cast<std::uint64_t, D>;
    case DataType::kF32:
      return &exec_host_cast<float, D>;
    case DataType::kF64:
      return &exec_host_cast<double, D>;
    default:
      return nullptr;
  }
}

ExecFn host_cast(const CvtSpec& s) {
  bool plain =
      s.mode == Round::kNearestEven && !s.integral && !s.ftz && !s.sat && !s.relu && !s.satfinite;
  if (!plain || s.src == s.dst) return nullptr;
  if (s.dst == DataType::kF32) return host_cast_from<float>(s.src);
  if (s.dst == DataType::kF64) return host_cast_from<double>(s.src);
  return nullptr;
}

}  // namespace

NumKind num_kind(DataType type) {
  switch (type) {
    case DataType::kB8:
    case DataType::kB16:
    case DataType::kB32:
    case DataType::kB64:
    case DataType::kU8:
    case DataType::kU16:
    case DataType::kU32:
    case DataType::kU64:
      return NumKind::kUnsigned;
    case DataType::kS8:
    case DataType::kS16:
    case DataType::kS32:
    case DataType::kS64:
      return NumKind::kSigned;
    case DataType::kF16:
      return NumKind::kF16;
    case DataType::kBf16:
      return NumKind::kBf16;
    case DataType::kTf32:
      return NumKind::kTf32;
    case DataType::kF32:
      return NumKind::kF32;
    case DataType::kF64:
      return NumKind::kF64;
    default:
      return NumKind::kOther;
  }
}

double load_float(std::uint64_t bits, NumKind kind, bool ftz) {
  switch (kind) {
    case NumKind::kF32:
    case NumKind::kTf32:
      return as_f32(ftz ? flush_subnormal<float>(bits) : bits);
    case NumKind::kF64:
      return as_f64(bits);
    default:
      return decode_float(bits, format_of(kind));
  }
}

std::uint64_t store_float(double v, NumKind kind, Round mode, bool satfinite) {
  if (kind == NumKind::kF64) {
    if (satfinite && std::isinf(v)) return round_double(v, kF64Format, mode, true);
    return FloatBits<double>::put(v);
  }
  std::uint64_t bits = round_double(v, format_of(kind), mode, satfinite);
  return kind == NumKind::kTf32 ? bits << 13 : bits;
}

std::uint64_t clamp_float(std::uint64_t bits, NumKind kind, bool sat, bool relu) {
  if (!sat && !relu) return bits;
  const FloatFormat& f = kind == NumKind::kTf32 ? kF32Format : format_of(kind);
  bool neg = (bits & f.sign_bit()) != 0;
  bool nan = (bits & (f.sign_bit() - 1)) > f.inf_bits();
  if (sat) {
    if (nan || neg) return 0;
    if (decode_float(bits, f) >= 1.0) return static_cast<std::uint64_t>(f.bias()) << f.man_bits;
  }
  if (relu && neg && !nan) return 0;
  return bits;
}

ExecFn select_convert(const ptx::Instruction& inst) {
  CvtSpec s = spec_of(inst);
  if (s.dk == NumKind::kOther || s.sk == NumKind::kOther) return select_packed_convert(inst);
  if (is_int_kind(s.dk) && is_int_kind(s.sk)) return select_int_convert(inst);
  if (s.sk == NumKind::kTf32) return nullptr;
  if (ExecFn fast = host_cast(s)) return fast;
  if (is_int_kind(s.sk)) return &exec_int_to_float;
  if (is_int_kind(s.dk)) return &exec_float_to_int;
  return &exec_float_to_float;
}

}  // namespace warpsim::func
