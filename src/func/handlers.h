#pragma once

// Instruction handlers, grouped in families (one folder each under src/func/ops/). At decode
// time select_handler() picks, once per instruction, the function that executes it; a family's
// selector returns nullptr for what it does not implement, and the instruction then fails with
// "unsupported instruction" when (and only when) a warp executes it.
//
// A handler is a plain function over lane arrays (see exec_context.h for its contract); it is
// typically a template instantiated per type, chosen by a switch in the selector.

#include <span>

#include "func/exec_context.h"
#include "func/program.h"
#include "ptx/ir.h"

namespace warpsim::func {

// Integer arithmetic, bit manipulation, logic, shifts, prmt, SIMD video instructions, and the
// comparisons/selects of every type (setp, set, selp, slct).            ops/integer/
ExecFn select_integer(const ptx::Instruction& inst);
// f32/f64/f16/bf16 arithmetic, approximate functions, testp, copysign, cvt, cvt.pack. ops/float/
ExecFn select_float(const ptx::Instruction& inst);
// ld/st/ldu/prefetch/cvta/isspacep/mov and cp.async.                    ops/memory/
ExecFn select_memory(const ptx::Instruction& inst);
// atom and red on global and shared memory.                             ops/atomic/
ExecFn select_atomic(const ptx::Instruction& inst);
// shfl, vote, match, redux, activemask, elect.                          ops/warp/
ExecFn select_warp(const ptx::Instruction& inst);
// tex, tld4, txq, suld, sust, sured, suq.                               ops/texture/
ExecFn select_texture(const ptx::Instruction& inst);
// bra, call, ret, exit, trap, barriers, fences and other no-ops.        control.cc
ExecFn select_control(const ptx::Instruction& inst);

// The handler for `inst` (never nullptr: unsupported instructions get unsupported_handler(),
// which fails when executed).
ExecFn select_handler(const ptx::Instruction& inst);
ExecFn unsupported_handler();
OpClass classify(const ptx::Instruction& inst);

// Functions a kernel may call without a body (`.extern .func vprintf`): the runtime's device
// library. `args` holds each argument's value per lane (as 64-bit), `ret` receives the return
// value when the callee has one.
using BuiltinFn = void (*)(ExecContext& ctx, const DecodedInst& call,
                           std::span<const LaneValues> args, LaneValues& ret);
// nullptr when `name` is not a builtin.
BuiltinFn find_builtin(std::string_view name);
// vprintf(format, args): device printf.                                 ops/texture/printf.cc
void builtin_vprintf(ExecContext& ctx, const DecodedInst& call, std::span<const LaneValues> args,
                     LaneValues& ret);

}  // namespace warpsim::func
