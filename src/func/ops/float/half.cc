// f16, bf16 and their packed x2 forms (two values in one 32-bit register, processed
// independently): add, sub, mul, fma, min, max, abs, neg, ex2.approx and tanh.approx.
//
// f16/bf16 values are exact in double and their products are too, so each result is computed in
// double (sums carried exactly by round-to-odd) and rounded once by round_double(). .ftz (f16
// only) flushes subnormal inputs and results, .sat clamps to [0, 1] (NaN gives +0), .relu
// clamps negative results (and -0.0) to +0 and keeps NaN as the canonical NaN.

#include "func/ops/float/float_ops.h"

namespace warpsim::func {

namespace {

using ptx::DataType;
using ptx::ModCat;

struct HalfMode {
  const FloatFormat* fmt = &kF16Format;
  Round round = Round::kNearestEven;
  bool ftz = false;
  bool sat = false;
  bool relu = false;
  bool nan = false;      // min/max .NaN
  bool xorsign = false;  // min/max .xorsign.abs
};

HalfMode half_mode(const ptx::Instruction& inst) {
  HalfMode m;
  bool bf = inst.type == DataType::kBf16 || inst.type == DataType::kBf16x2;
  m.fmt = bf ? &kBf16Format : &kF16Format;
  m.round = rounding_of(inst);
  m.ftz = !bf && inst.has(ModCat::kFtz);
  m.sat = inst.has(ModCat::kSat);
  m.relu = inst.has(ModCat::kRelu);
  m.nan = inst.has(ModCat::kNaN);
  m.xorsign = inst.has(ModCat::kXorsign);
  return m;
}

std::uint64_t flush_half(std::uint64_t bits, const HalfMode& m) {
  std::uint64_t exp_mask = m.fmt->inf_bits();
  return m.ftz && (bits & exp_mask) == 0 ? bits & m.fmt->sign_bit() : bits;
}

double in(std::uint64_t bits, const HalfMode& m) {
  return decode_float(flush_half(bits, m), *m.fmt);
}

std::uint64_t finish(std::uint64_t bits, const HalfMode& m) {
  bits = flush_half(bits, m);
  const FloatFormat& f = *m.fmt;
  bool neg = (bits & f.sign_bit()) != 0;
  bool nan = (bits & ~f.sign_bit()) > f.inf_bits();
  if (m.sat) {
    if (nan || neg) return 0;
    if (decode_float(bits, f) >= 1.0) return static_cast<std::uint64_t>(f.bias()) << f.man_bits;
  }
  if (m.relu && !nan && neg) return 0;
  return bits;
}

std::uint64_t out(double v, const HalfMode& m) {
  return finish(round_double(v, *m.fmt, m.round), m);
}

struct Add {
  static constexpr unsigned kArity = 2;
  static std::uint64_t apply(std::uint64_t a, std::uint64_t b, std::uint64_t, const HalfMode& m) {
    double x = in(a, m);
    double y = in(b, m);
    double s = x + y;
    return out(to_odd(s, two_sum_error(x, y, s)), m);
  }
};
struct Sub {
  static constexpr unsigned kArity = 2;
  static std::uint64_t apply(std::uint64_t a, std::uint64_t b, std::uint64_t, const HalfMode& m) {
    return Add::apply(a, b ^ m.fmt->sign_bit(), 0, m);
  }
};
struct Mul {
  static constexpr unsigned kArity = 2;
  static std::uint64_t apply(std::uint64_t a, std::uint64_t b, std::uint64_t, const HalfMode& m) {
    return out(in(a, m) * in(b, m), m);  // exact: at most 2 * 11 significant bits
  }
};
struct Fma {
  static constexpr unsigned kArity = 3;
  static std::uint64_t apply(std::uint64_t a, std::uint64_t b, std::uint64_t c, const HalfMode& m) {
    double p = in(a, m) * in(b, m);
    double z = in(c, m);
    double s = p + z;
    return out(to_odd(s, two_sum_error(p, z, s)), m);
  }
};

template <bool kMax>
struct MinMax {
  static constexpr unsigned kArity = 2;
  static std::uint64_t apply(std::uint64_t a, std::uint64_t b, std::uint64_t, const HalfMode& m) {
    std::uint64_t sign_bit = m.fmt->sign_bit();
    std::uint64_t sign = (a ^ b) & sign_bit;
    a = flush_half(a, m);
    b = flush_half(b, m);
    if (m.xorsign) {
      a &= ~sign_bit;
      b &= ~sign_bit;
    }
    double x = decode_float(a, *m.fmt);
    double y = decode_float(b, *m.fmt);
    bool xnan = std::isnan(x);
    bool ynan = std::isnan(y);
    if ((xnan && ynan) || (m.nan && (xnan || ynan))) return m.fmt->nan;
    std::uint64_t r;
    if (xnan || ynan) {
      r = xnan ? b : a;
    } else if (x == y) {  // -0.0 < +0.0
      r = (((a & sign_bit) != 0) != kMax) ? a : b;
    } else {
      r = ((x < y) != kMax) ? a : b;
    }
    if (m.xorsign) r = (r & ~sign_bit) | sign;
    return finish(r, m);
  }
};

template <bool kNeg>
struct SignOp {
  static constexpr unsigned kArity = 1;
  static std::uint64_t apply(std::uint64_t a, std::uint64_t, std::uint64_t, const HalfMode& m) {
    a = flush_half(a, m);
    return kNeg ? a ^ m.fmt->sign_bit() : a & ~m.fmt->sign_bit();
  }
};

template <double (*F)(double)>
struct Approx {
  static constexpr unsigned kArity = 1;
  static std::uint64_t apply(std::uint64_t a, std::uint64_t, std::uint64_t, const HalfMode& m) {
    return out(F(in(a, m)), m);
  }
};

double fn_ex2(double x) { return std::exp2(x); }
double fn_tanh(double x) { return std::tanh(x); }

template <typename Op, bool kPacked>
void exec_half(ExecContext& ctx, const DecodedInst& inst) {
  HalfMode m = half_mode(*inst.ir);
  DataType type = kPacked ? DataType::kB32 : DataType::kB16;
  LaneValues src[3];
  for (unsigned i = 0; i < Op::kArity; ++i) ctx.read(inst, i + 1, type, src[i]);
  LaneValues d;
  for_each_lane(ctx.mask, [&](unsigned l) {
    std::uint64_t a = src[0].v[l];
    std::uint64_t b = src[1].v[l];
    std::uint64_t c = src[2].v[l];
    std::uint64_t r = Op::apply(a & 0xffff, b & 0xffff, c & 0xffff, m);
    if (kPacked) r |= Op::apply(a >> 16, (b >> 16) & 0xffff, (c >> 16) & 0xffff, m) << 16;
    d.v[l] = r;
  });
  ctx.write(inst, 0, type, d);
}

template <typename Op>
ExecFn pick(bool packed) {
  return packed ? &exec_half<Op, true> : &exec_half<Op, false>;
}

}  // namespace

bool is_half_type(DataType type) {
  return type == DataType::kF16 || type == DataType::kF16x2 || type == DataType::kBf16 ||
         type == DataType::kBf16x2;
}

ExecFn select_half(const ptx::Instruction& inst) {
  bool packed = inst.type == DataType::kF16x2 || inst.type == DataType::kBf16x2;
  switch (inst.op) {
    case ptx::Opcode::kAdd:
      return pick<Add>(packed);
    case ptx::Opcode::kSub:
      return pick<Sub>(packed);
    case ptx::Opcode::kMul:
      return pick<Mul>(packed);
    case ptx::Opcode::kMad:
    case ptx::Opcode::kFma:
      return pick<Fma>(packed);
    case ptx::Opcode::kMin:
      return pick<MinMax<false>>(packed);
    case ptx::Opcode::kMax:
      return pick<MinMax<true>>(packed);
    case ptx::Opcode::kAbs:
      return pick<SignOp<false>>(packed);
    case ptx::Opcode::kNeg:
      return pick<SignOp<true>>(packed);
    case ptx::Opcode::kEx2:
      return pick<Approx<fn_ex2>>(packed);
    case ptx::Opcode::kTanh:
      return pick<Approx<fn_tanh>>(packed);
    default:
      return nullptr;
  }
}

}  // namespace warpsim::func
