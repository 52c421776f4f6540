// IEEE-754 f32/f64 arithmetic: add, sub, mul, mad/fma, div, rcp and sqrt in the four rounding
// modes. The host computes each correctly rounded result: round to nearest in a plain lane loop,
// the directed modes with the host FPU switched to that mode for the loop (and back after).
// mad.f32 on sm_20+ is fma (a single rounding); so is mad.f64.

#include <type_traits>

#include "func/ops/float/float_ops.h"

namespace warpsim::func {

namespace {

using ptx::DataType;
using ptx::ModCat;

struct Add {
  static constexpr unsigned kArity = 2;
  template <typename T>
  static T apply(T a, T b, T) {
    return a + b;
  }
};
struct Sub {
  static constexpr unsigned kArity = 2;
  template <typename T>
  static T apply(T a, T b, T) {
    return a - b;
  }
};
struct Mul {
  static constexpr unsigned kArity = 2;
  template <typename T>
  static T apply(T a, T b, T) {
    return a * b;
  }
};
struct Div {
  static constexpr unsigned kArity = 2;
  template <typename T>
  static T apply(T a, T b, T) {
    return a / b;
  }
};
struct Fma {
  static constexpr unsigned kArity = 3;
  template <typename T>
  static T apply(T a, T b, T c) {
    return std::fma(a, b, c);
  }
};
struct Rcp {
  static constexpr unsigned kArity = 1;
  template <typename T>
  static T apply(T a, T, T) {
    return T{1} / a;
  }
};
struct Sqrt {
  static constexpr unsigned kArity = 1;
  template <typename T>
  static T apply(T a, T, T) {
    return std::sqrt(a);
  }
};

template <typename T, typename Op>
void read_sources(ExecContext& ctx, const DecodedInst& inst, LaneValues (&src)[3]) {
  for (unsigned i = 0; i < Op::kArity; ++i) ctx.read(inst, i + 1, FloatBits<T>::kType, src[i]);
}

// Round to nearest without .sat, optionally with .ftz (what -use_fast_math emits): the common
// cases, loops the compiler can vectorize. Inlined into each handler, so that a handler compiled
// for more of the host's instructions (exec_fma_native) gets the whole loop.
template <typename T, typename Op, bool kFtz>
[[gnu::always_inline]] inline void nearest_lanes(ExecContext& ctx, const DecodedInst& inst) {
  using B = FloatBits<T>;
  LaneValues src[3];
  read_sources<T, Op>(ctx, inst, src);
  if constexpr (kFtz) {
    for (unsigned i = 0; i < Op::kArity; ++i) flush_lanes_f32(src[i]);
  }
  LaneValues d;
  for (unsigned l = 0; l < kWarpSize; ++l) {
    d.v[l] = B::put(Op::apply(B::get(src[0].v[l]), B::get(src[1].v[l]), B::get(src[2].v[l])));
    if constexpr (kFtz) d.v[l] = flush_subnormal<T>(d.v[l]);
  }
  ctx.write(inst, 0, B::kType, d);
}

template <typename T, typename Op, bool kFtz>
void exec_nearest(ExecContext& ctx, const DecodedInst& inst) {
  nearest_lanes<T, Op, kFtz>(ctx, inst);
}

#if defined(__x86_64__) && defined(__GNUC__)
#define WARPSIM_NATIVE_FMA 1
// exec_nearest<T, Fma, kFtz> with the host's FMA instruction, for x86-64 hosts that have one
// (chosen at run time: the build targets baseline x86-64, where std::fma is a library call per
// lane). An FMA rounds once, in hardware as in the library, and NaN results are made canonical
// either way, so the bits are the same.
struct FmaInstruction {
  static constexpr unsigned kArity = 3;
  template <typename T>
  [[gnu::always_inline]] static T apply(T a, T b, T c) {
    if constexpr (std::is_same_v<T, float>) {
      return __builtin_fmaf(a, b, c);
    } else {
      return __builtin_fma(a, b, c);
    }
  }
};

template <typename T, bool kFtz>
[[gnu::target("fma")]] void exec_fma_native(ExecContext& ctx, const DecodedInst& inst) {
  nearest_lanes<T, FmaInstruction, kFtz>(ctx, inst);
}

bool host_has_fma() {
  static const bool has = __builtin_cpu_supports("fma") != 0;
  return has;
}
#endif

// Any rounding mode, .ftz (f32: subnormal inputs and results become signed zeros) and .sat.
template <typename T, typename Op>
void exec_rounded(ExecContext& ctx, const DecodedInst& inst) {
  using B = FloatBits<T>;
  const ptx::Instruction& ir = *inst.ir;
  bool ftz = B::kType == DataType::kF32 && ir.has(ModCat::kFtz);
  bool sat = ir.has(ModCat::kSat);
  LaneValues src[3];
  read_sources<T, Op>(ctx, inst, src);
  if (ftz) {
    for (unsigned i = 0; i < Op::kArity; ++i) flush_lanes_f32(src[i]);
  }
  T result[kWarpSize];
  {
    ScopedRounding mode(rounding_of(ir));
    for (unsigned l = 0; l < kWarpSize; ++l) {
      T a = B::get(src[0].v[l]);
      T b = B::get(src[1].v[l]);
      T c = B::get(src[2].v[l]);
      fp_barrier(a);
      fp_barrier(b);
      fp_barrier(c);
      T r = Op::apply(a, b, c);
      fp_barrier(r);
      result[l] = r;
    }
  }
  LaneValues d;
  for (unsigned l = 0; l < kWarpSize; ++l) d.v[l] = B::put(result[l]);
  finish_lanes<T>(d, ftz, sat);
  ctx.write(inst, 0, B::kType, d);
}

template <typename Op>
ExecFn pick(const ptx::Instruction& inst) {
  bool nearest = rounding_of(inst) == Round::kNearestEven && !inst.has(ModCat::kSat);
#ifdef WARPSIM_NATIVE_FMA
  if constexpr (std::is_same_v<Op, Fma>) {
    if (nearest && host_has_fma()) {
      if (inst.type == DataType::kF32) {
        return inst.has(ModCat::kFtz) ? &exec_fma_native<float, true>
                                      : &exec_fma_native<float, false>;
      }
      if (inst.type == DataType::kF64) return &exec_fma_native<double, false>;
    }
  }
#endif
  if (inst.type == DataType::kF32) {
    if (!nearest) return &exec_rounded<float, Op>;
    return inst.has(ModCat::kFtz) ? &exec_nearest<float, Op, true>
                                  : &exec_nearest<float, Op, false>;
  }
  if (inst.type == DataType::kF64) {
    return nearest ? &exec_nearest<double, Op, false> : &exec_rounded<double, Op>;
  }
  return nullptr;
}

}  // namespace

ExecFn select_ieee(const ptx::Instruction& inst) {
  switch (inst.op) {
    case ptx::Opcode::kAdd:
      return pick<Add>(inst);
    case ptx::Opcode::kSub:
      return pick<Sub>(inst);
    case ptx::Opcode::kMul:
      return pick<Mul>(inst);
    case ptx::Opcode::kMad:
    case ptx::Opcode::kFma:
      return pick<Fma>(inst);
    case ptx::Opcode::kDiv:
      return pick<Div>(inst);
    case ptx::Opcode::kRcp:
      return pick<Rcp>(inst);
    case ptx::Opcode::kSqrt:
      return pick<Sqrt>(inst);
    default:
      return nullptr;
  }
}

}  // namespace warpsim::func
