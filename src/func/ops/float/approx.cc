// The approximate math of PTX (.approx and div.full). Each result is the exact function computed
// in double and rounded once, which is well inside the error bounds the PTX ISA states (at most
// 2 ulp, 2^-22.5 relative for ex2, 2^-20.5 absolute for sin/cos, 2^-10.987 relative for tanh),
// so programs that rely only on those bounds (Newton steps seeded by rcp.approx.ftz.f64, say)
// behave as on hardware. Where the ISA defines values outright they are reproduced: div.approx
// gives 0 (NaN for an infinite dividend) when 2^126 < |b| < 2^128, and overflows like a * (1/b).

#include "func/ops/float/float_ops.h"

namespace warpsim::func {

namespace {

using ptx::DataType;
using ptx::ModCat;

double fn_sin(double x) { return std::sin(x); }
double fn_cos(double x) { return std::cos(x); }
double fn_lg2(double x) { return std::log2(x); }
double fn_ex2(double x) { return std::exp2(x); }
double fn_tanh(double x) { return std::tanh(x); }
double fn_rcp(double x) { return 1.0 / x; }
double fn_sqrt(double x) { return std::sqrt(x); }
double fn_rsqrt(double x) { return 1.0 / std::sqrt(x); }

template <double (*F)(double)>
void exec_unary_f32(ExecContext& ctx, const DecodedInst& inst) {
  bool ftz = inst.ir->has(ModCat::kFtz);
  LaneValues a = ctx.read(inst, 1, DataType::kF32);
  if (ftz) flush_lanes_f32(a);
  LaneValues d;
  for (unsigned l = 0; l < kWarpSize; ++l) {
    d.v[l] = FloatBits<float>::put(static_cast<float>(F(as_f32(a.v[l]))));
  }
  finish_lanes<float>(d, ftz, false);
  ctx.write(inst, 0, DataType::kF32, d);
}

// f64 approximations: the correctly rounded value; .ftz flushes subnormal inputs and results.
template <double (*F)(double)>
void exec_unary_f64(ExecContext& ctx, const DecodedInst& inst) {
  bool ftz = inst.ir->has(ModCat::kFtz);
  LaneValues a = ctx.read(inst, 1, DataType::kF64);
  LaneValues d;
  for (unsigned l = 0; l < kWarpSize; ++l) {
    std::uint64_t x = ftz ? flush_subnormal<double>(a.v[l]) : a.v[l];
    d.v[l] = FloatBits<double>::put(F(as_f64(x)));
  }
  finish_lanes<double>(d, ftz, false);
  ctx.write(inst, 0, DataType::kF64, d);
}

float div_approx(float a, float b) {
  float mag = std::fabs(b);
  if (mag > 0x1p126f && std::isfinite(mag)) {
    if (std::isinf(a)) return std::nanf("");
    return std::signbit(a) != std::signbit(b) ? -0.0f : 0.0f;
  }
  float reciprocal = static_cast<float>(1.0 / static_cast<double>(b));
  return static_cast<float>(static_cast<double>(a) * static_cast<double>(reciprocal));
}

// div.full.f32 (2 ulp across the full range): the correctly rounded quotient. The double
// quotient rounded to float is correctly rounded (53 >= 2 * 24 + 2).
float div_full(float a, float b) {
  return static_cast<float>(static_cast<double>(a) / static_cast<double>(b));
}

template <float (*F)(float, float)>
void exec_div_f32(ExecContext& ctx, const DecodedInst& inst) {
  bool ftz = inst.ir->has(ModCat::kFtz);
  LaneValues a = ctx.read(inst, 1, DataType::kF32);
  LaneValues b = ctx.read(inst, 2, DataType::kF32);
  if (ftz) {
    flush_lanes_f32(a);
    flush_lanes_f32(b);
  }
  LaneValues d;
  for (unsigned l = 0; l < kWarpSize; ++l) {
    d.v[l] = FloatBits<float>::put(F(as_f32(a.v[l]), as_f32(b.v[l])));
  }
  finish_lanes<float>(d, ftz, false);
  ctx.write(inst, 0, DataType::kF32, d);
}

template <double (*F)(double)>
ExecFn unary(DataType type) {
  if (type == DataType::kF32) return &exec_unary_f32<F>;
  if (type == DataType::kF64) return &exec_unary_f64<F>;
  return nullptr;
}

}  // namespace

ExecFn select_approx(const ptx::Instruction& inst) {
  DataType type = inst.type;
  switch (inst.op) {
    case ptx::Opcode::kDiv:
      if (type != DataType::kF32) return nullptr;
      if (inst.mod(ModCat::kPrecision) == ptx::Mod::kApprox) return &exec_div_f32<div_approx>;
      return &exec_div_f32<div_full>;
    case ptx::Opcode::kRcp:
      return unary<fn_rcp>(type);
    case ptx::Opcode::kSqrt:
      return unary<fn_sqrt>(type);
    case ptx::Opcode::kRsqrt:
      return unary<fn_rsqrt>(type);
    case ptx::Opcode::kSin:
      return type == DataType::kF32 ? &exec_unary_f32<fn_sin> : nullptr;
    case ptx::Opcode::kCos:
      return type == DataType::kF32 ? &exec_unary_f32<fn_cos> : nullptr;
    case ptx::Opcode::kLg2:
      return type == DataType::kF32 ? &exec_unary_f32<fn_lg2> : nullptr;
    case ptx::Opcode::kEx2:
      return type == DataType::kF32 ? &exec_unary_f32<fn_ex2> : nullptr;
    case ptx::Opcode::kTanh:
      return type == DataType::kF32 ? &exec_unary_f32<fn_tanh> : nullptr;
    default:
      return nullptr;
  }
}

}  // namespace warpsim::func
