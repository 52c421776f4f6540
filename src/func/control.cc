// Control flow and synchronization: bra, call, ret, exit, trap, barriers, fences and the
// instructions that have no functional effect.

#include <bit>
#include <cstring>

#include <fmt/format.h>

#include "func/address_map.h"
#include "func/device.h"
#include "func/handlers.h"
#include "func/its.h"
#include "func/simt.h"

namespace warpsim::func {

namespace {

using ptx::Mod;
using ptx::ModCat;
using ptx::Opcode;
using ptx::OperandKind;

void exec_bra(ExecContext& ctx, const DecodedInst& inst) {
  LaneMask taken = ctx.mask;
  LaneMask fall = ctx.active & ~ctx.mask;
  branch(ctx.warp, taken, inst.target, fall, inst.pc + 1, inst.reconverge);
  if (fall == 0 && taken != 0 && inst.target <= inst.pc && diverged(ctx.warp) &&
      note_back_edge(ctx.warp, inst.target, ctx.cta.independent)) {
    ctx.fail(
        inst, static_cast<unsigned>(std::countr_zero(taken)),
        fmt::format("lanes 0x{:08x} have spun here over {} times, unchanged, while other lanes of "
                    "their warp wait for them; warps run in lockstep on this GPU "
                    "(sm.independent_thread_scheduling is false), so lanes of one warp "
                    "cannot wait for each other",
                    taken, kLivelockSpins));
  }
}

void exec_ret(ExecContext& ctx, const DecodedInst& inst) {
  LaneMask fall = ctx.active & ~ctx.mask;
  branch(ctx.warp, ctx.mask, ctx.code->exit_pc(), fall, inst.pc + 1, inst.reconverge);
}

void exec_exit(ExecContext& ctx, const DecodedInst&) { end_lanes(ctx.cta, ctx.warp, ctx.mask); }

void exec_trap(ExecContext& ctx, const DecodedInst& inst) {
  if (ctx.mask == 0) return;
  ctx.fail(inst, static_cast<unsigned>(std::countr_zero(ctx.mask)), "trap instruction executed");
}

void exec_nop(ExecContext&, const DecodedInst&) {}

// The same value in every executing lane (barrier ids, counts); an error otherwise.
std::uint32_t uniform_u32(ExecContext& ctx, const DecodedInst& inst, unsigned i, const char* what) {
  LaneValues v = ctx.read(inst, i, ptx::DataType::kU32);
  unsigned first = static_cast<unsigned>(std::countr_zero(ctx.mask));
  std::uint64_t value = v.v[first];
  for_each_lane(ctx.mask, [&](unsigned lane) {
    if (v.v[lane] != value) ctx.fail(inst, lane, fmt::format("{} differs across the warp", what));
  });
  return static_cast<std::uint32_t>(value);
}

void exec_barrier(ExecContext& ctx, const DecodedInst& inst) {
  if (ctx.mask == 0) return;
  const ptx::Instruction& ir = *inst.ir;
  Mod mode = ir.mod(ModCat::kBarMode);
  bool red = mode == Mod::kRed;
  unsigned first = red ? 1 : 0;
  unsigned args = ir.num_operands;
  std::uint32_t id = uniform_u32(ctx, inst, first, "barrier id");
  if (id >= kNumBarriers) {
    ctx.fail(inst, static_cast<unsigned>(std::countr_zero(ctx.mask)),
             fmt::format("barrier id {} is out of range (0..15)", id));
  }
  bool has_count = red ? args == 4 : args == 2;
  std::uint32_t expected = 0;
  if (has_count) {
    expected = uniform_u32(ctx, inst, first + 1, "barrier thread count");
    if (expected == 0 || expected % kWarpSize != 0) {
      ctx.fail(inst, static_cast<unsigned>(std::countr_zero(ctx.mask)),
               fmt::format("barrier thread count {} is not a positive multiple of 32", expected));
    }
  }
  BarrierState& b = ctx.cta.barriers[id];
  if (red) {
    LaneValues pred = ctx.read(inst, args - 1, ptx::DataType::kPred);
    for_each_lane(ctx.mask, [&](unsigned lane) { b.reduce_count += pred.v[lane] & 1; });
    Mod op = ir.mod(ModCat::kBarRedOp);
    std::uint8_t code = op == Mod::kPopc ? 0 : (op == Mod::kAnd ? 1 : 2);
    const Operand& dst = inst.ops[0];
    std::uint32_t slot = ctx.warp.calls.back().reg_base + dst.slot;
    b.reductions.push_back({ctx.warp.warp_id, slot, ctx.mask, code});
  }
  if (ctx.record != nullptr) ctx.record->barrier = id;
  barrier_arrive(ctx.cta, ctx.warp, id, ctx.mask, expected, mode != Mod::kArrive, inst.pc);
}

// bar.warp.sync membermask: with independent scheduling the lanes wait for the live members on
// other paths; in lockstep they are together already.
void exec_warp_sync(ExecContext& ctx, const DecodedInst& inst) {
  if (ctx.mask == 0 || !ctx.cta.independent) return;
  LaneValues m = ctx.read(inst, 0, ptx::DataType::kB32);
  LaneMask members = 0;
  for_each_lane(ctx.mask, [&](unsigned lane) { members |= static_cast<LaneMask>(m.v[lane]); });
  LaneMask missing = warp_sync(ctx.warp, members, ctx.mask);
  if (missing != 0) {
    ctx.fail(inst, static_cast<unsigned>(std::countr_zero(ctx.mask)),
             fmt::format("bar.warp.sync waits for lanes 0x{:08x}, which no path of the warp can "
                         "bring there",
                         missing));
  }
}

// ---- calls ----

// Copies argument `i` of a call into the callee's parameter `i` for the executing lanes.
void pass_argument(ExecContext& ctx, const DecodedInst& call, const Operand& arg,
                   const FunctionCode& callee, std::size_t i, Addr callee_frame) {
  const ptx::Variable& param = callee.ir->params[i];
  std::uint32_t size = static_cast<std::uint32_t>(param.size_bytes());
  Addr to = callee_frame + callee.frame.param_offsets[i];
  WarpState& warp = ctx.warp;
  if (arg.kind == OperandKind::kSymbol || arg.kind == OperandKind::kAddress) {
    Addr from = ctx.symbol_address(arg) + static_cast<Addr>(arg.offset);
    for_each_lane(ctx.mask, [&](unsigned lane) {
      std::memmove(warp.local[lane].data() + to, warp.local[lane].data() + from, size);
    });
    return;
  }
  LaneValues v = ctx.read(call, static_cast<unsigned>(&arg - call.ops.data()), param.type);
  for_each_lane(ctx.mask, [&](unsigned lane) {
    std::memcpy(warp.local[lane].data() + to, &v.v[lane], std::min<std::uint32_t>(size, 8));
  });
}

void enter_function(ExecContext& ctx, const DecodedInst& call, const FunctionCode& callee) {
  WarpState& warp = ctx.warp;
  const Operand& args = call.ops[2];
  std::span<const Operand> actual = call.elements(args);
  if (actual.size() != callee.ir->params.size()) {
    ctx.fail_warp(call, fmt::format("call passes {} arguments to {}, which takes {}", actual.size(),
                                    callee.name(), callee.ir->params.size()));
  }
  Addr base = align_up(warp.stack_top, callee.frame.align);
  Addr top = base + callee.frame.size;
  if (top > ctx.device().options().stack_limit) {
    ctx.fail(call, static_cast<unsigned>(std::countr_zero(ctx.mask)),
             fmt::format("stack overflow calling {}: {} bytes of local memory needed, limit {} "
                         "(recursion too deep?)",
                         callee.name(), top, ctx.device().options().stack_limit));
  }
  warp.stack_top = top;
  for_each_lane(warp.live, [&](unsigned lane) {
    if (warp.local[lane].size() < top)
      warp.local[lane].resize(std::max<Addr>(top, 2 * warp.local[lane].size()));
  });
  for (std::size_t i = 0; i < actual.size(); ++i)
    pass_argument(ctx, call, actual[i], callee, i, base);
  std::uint32_t reg_base = static_cast<std::uint32_t>(warp.regs.size());
  warp.regs.resize(reg_base + callee.num_slots);
  warp.calls.push_back(
      {&callee, static_cast<std::uint32_t>(warp.simt.size()), reg_base, base, &call});
  warp.simt.push_back({0, callee.exit_pc(), ctx.mask});
}

void call_builtin(ExecContext& ctx, const DecodedInst& call, const FunctionCode& callee) {
  BuiltinFn fn = find_builtin(callee.name());
  if (fn == nullptr) {
    ctx.fail_warp(call, fmt::format("call to '{}', which has no body and is not a device "
                                    "library function warpsim provides",
                                    callee.name()));
  }
  std::span<const Operand> actual = call.elements(call.ops[2]);
  std::vector<LaneValues> args(actual.size());
  for (std::size_t i = 0; i < actual.size(); ++i) {
    const Operand& a = actual[i];
    if (a.kind == OperandKind::kSymbol || a.kind == OperandKind::kAddress) {
      Addr from = ctx.symbol_address(a) + static_cast<Addr>(a.offset);
      std::uint32_t size = i < callee.ir->params.size()
                               ? static_cast<std::uint32_t>(callee.ir->params[i].size_bytes())
                               : 8;
      for_each_lane(ctx.mask, [&](unsigned lane) {
        std::uint64_t v = 0;
        std::memcpy(&v, ctx.warp.local[lane].data() + from, std::min<std::uint32_t>(size, 8));
        args[i].v[lane] = v;
      });
    } else {
      ctx.read(call, static_cast<unsigned>(&a - call.ops.data()), ptx::DataType::kU64, args[i]);
    }
  }
  LaneValues ret;
  fn(ctx, call, args, ret);
  std::span<const Operand> rets = call.elements(call.ops[0]);
  if (rets.empty()) return;
  const Operand& r = rets[0];
  if (r.kind == OperandKind::kReg) {
    ctx.write_masked(r, ptx::DataType::kB64, ret, ctx.mask);
    return;
  }
  Addr to = ctx.symbol_address(r) + static_cast<Addr>(r.offset);
  std::uint32_t size =
      callee.ir->rets.empty() ? 4 : static_cast<std::uint32_t>(callee.ir->rets[0].size_bytes());
  for_each_lane(ctx.mask, [&](unsigned lane) {
    std::memcpy(ctx.warp.local[lane].data() + to, &ret.v[lane], std::min<std::uint32_t>(size, 8));
  });
}

void exec_call(ExecContext& ctx, const DecodedInst& inst) {
  if (ctx.mask == 0) return;
  const auto& functions = ctx.launch.module->functions;
  const Operand& target = inst.ops[1];
  std::uint32_t index = 0;
  if (target.kind == OperandKind::kSymbol) {
    index = static_cast<std::uint32_t>(target.value - kFunctionBase);
  } else {
    LaneValues v = ctx.read(inst, 1, ptx::DataType::kU64);
    unsigned first = static_cast<unsigned>(std::countr_zero(ctx.mask));
    Addr chosen = v.v[first];
    LaneMask group = 0;
    for_each_lane(ctx.mask, [&](unsigned lane) {
      if (v.v[lane] == chosen) group |= 1U << lane;
    });
    if (chosen < kFunctionBase || chosen - kFunctionBase >= functions.size()) {
      ctx.fail(inst, first,
               fmt::format("indirect call to 0x{:x}, which is not a function", chosen));
    }
    if (group != ctx.mask) {
      // Lanes calling different functions: run one group now, the rest re-execute the call
      // (a branch back to it), both meeting after it.
      branch(ctx.warp, ctx.mask & ~group, inst.pc, group, inst.pc + 1, inst.pc + 1);
      ctx.mask = group;
    }
    index = static_cast<std::uint32_t>(chosen - kFunctionBase);
  }
  const FunctionCode& callee = functions.at(index);
  if (!callee.ir->has_body) {
    call_builtin(ctx, inst, callee);
    return;
  }
  enter_function(ctx, inst, callee);
}

}  // namespace

ExecFn select_control(const ptx::Instruction& inst) {
  switch (inst.op) {
    case Opcode::kBra:
      return &exec_bra;
    case Opcode::kRet:
      return &exec_ret;
    case Opcode::kExit:
      return &exec_exit;
    case Opcode::kTrap:
      return &exec_trap;
    case Opcode::kCall:
      return &exec_call;
    case Opcode::kBar:
    case Opcode::kBarrier:
      return &exec_barrier;
    case Opcode::kBarWarpSync:
      return &exec_warp_sync;
    case Opcode::kMembar:
    case Opcode::kFence:
    case Opcode::kFenceProxy:
    case Opcode::kBrkpt:
    case Opcode::kNanosleep:
    case Opcode::kPmevent:
    case Opcode::kRelssp:
    case Opcode::kGriddepcontrolLaunchDependents:
    case Opcode::kGriddepcontrolWait:
      return &exec_nop;
    default:
      return nullptr;
  }
}

}  // namespace warpsim::func
