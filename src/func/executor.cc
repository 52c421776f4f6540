#include "func/executor.h"

#include <bit>

#include <fmt/format.h>

#include "func/device.h"
#include "func/exec_context.h"
#include "func/simt.h"
#include "ptx/ir.h"

namespace warpsim::func {

CtaState start_cta(const LaunchState& launch, std::uint64_t linear_cta) {
  const LaunchConfig& cfg = launch.config;
  const FunctionCode& kernel = *launch.kernel;
  CtaState cta;
  cta.linear_id = linear_cta;
  cta.ctaid = cfg.grid.unflatten(linear_cta);
  cta.shared.assign(launch.shared_size, 0);
  std::uint64_t threads = cfg.block.volume();
  cta.live_threads = static_cast<std::uint32_t>(threads);
  cta.independent = launch.device != nullptr && launch.device->options().independent_scheduling;
  cta.warps.resize(launch.warps_per_cta);
  bool empty = kernel.exit_pc() == 0;
  if (empty) cta.live_threads = 0;
  for (std::uint32_t w = 0; w < launch.warps_per_cta; ++w) {
    WarpState& warp = cta.warps[w];
    warp.warp_id = w;
    std::uint64_t first = std::uint64_t{w} * kWarpSize;
    std::uint64_t count = std::min<std::uint64_t>(kWarpSize, threads - first);
    warp.live = static_cast<LaneMask>(width_mask(static_cast<unsigned>(count)));
    for (unsigned lane = 0; lane < count; ++lane)
      warp.tid[lane] = cfg.block.unflatten(first + lane);
    warp.regs.resize(kernel.num_slots);
    warp.stack_top = kernel.frame.size;
    warp.calls.push_back({&kernel, 0, 0, 0, nullptr});
    warp.simt.push_back({0, kernel.exit_pc(), warp.live});
    if (empty) {
      warp.simt.clear();
      warp.calls.clear();
      warp.live = 0;
      warp.wait = WarpWait::kDone;
    }
  }
  return cta;
}

StepResult step(LaunchState& launch, CtaState& cta, WarpState& warp, WarpInst* record) {
  SimtEntry& top = warp.simt.back();
  const CallFrame& frame = warp.calls.back();
  const DecodedInst& inst = frame.code->insts[top.pc];
  ExecContext ctx{launch, cta, warp};
  ctx.code = frame.code;
  ctx.regs = warp.regs.data() + frame.reg_base;
  ctx.frame_base = frame.frame_base;
  ctx.active = top.mask;
  ctx.mask = top.mask;
  if (inst.guard_slot != kNoSlot) {
    const LaneValues& g = ctx.regs[inst.guard_slot];
    LaneMask pred = 0;
    for (unsigned l = 0; l < kWarpSize; ++l) pred |= static_cast<LaneMask>(g.v[l] & 1) << l;
    ctx.mask &= inst.guard_negated ? ~pred : pred;
  }
  if (record != nullptr) {
    record->function = frame.code;
    record->inst = &inst;
    record->pc = inst.pc;
    record->active = ctx.active;
    record->exec = ctx.mask;
    record->clear_memory();
    record->blocked = false;
    ctx.record = record;
  }
  top.pc = inst.pc + 1;
  ++warp.executed;
  inst.fn(ctx, inst);
  settle(cta, warp);
  if (record != nullptr) record->blocked = warp.wait == WarpWait::kBarrier;
  if (warp.done()) return StepResult::kFinished;
  return warp.wait == WarpWait::kBarrier ? StepResult::kBlocked : StepResult::kExecuted;
}

namespace {

// One live thread that has not arrived at barrier `id`, and where it is, for the message.
std::string straggler(const LaunchState& launch, const CtaState& cta, std::uint32_t id) {
  for (const WarpState& w : cta.warps) {
    if (w.done()) continue;
    bool at_barrier = w.wait == WarpWait::kBarrier && w.barrier == id;
    LaneMask missing = w.live & ~(at_barrier ? w.barrier_lanes : 0);
    if (missing == 0) continue;
    unsigned lane = static_cast<unsigned>(std::countr_zero(missing));
    for (auto it = w.simt.rbegin(); it != w.simt.rend(); ++it) {
      if ((it->mask >> lane & 1U) == 0) continue;
      std::string where = "the end of its function";
      const FunctionCode* code = w.calls.back().code;
      if (it->pc < code->insts.size()) {
        where = ptx::source_position(*launch.module->ir, *code->insts[it->pc].ir);
      }
      const char* why = at_barrier ? "is held back by its warp's divergence"
                                   : (w.wait == WarpWait::kBarrier ? "waits at another barrier"
                                                                   : "has not arrived");
      return fmt::format("thread {} {}, at {}", w.tid[lane].str(), why, where);
    }
  }
  return "no other thread is live";
}

}  // namespace

std::string barrier_deadlock(const LaunchState& launch, const CtaState& cta) {
  bool any_waiting = false;
  for (const WarpState& w : cta.warps) {
    if (w.done()) continue;
    if (w.wait != WarpWait::kBarrier) return {};
    any_waiting = true;
  }
  if (!any_waiting) return {};
  for (std::uint32_t id = 0; id < kNumBarriers; ++id) {
    const BarrierState& b = cta.barriers[id];
    if (b.arrived == 0) continue;
    std::uint32_t needed = b.expected != 0 ? b.expected : cta.live_threads;
    const FunctionCode& code = *launch.kernel;
    std::string pos = launch.module->file_name();
    for (const WarpState& w : cta.warps) {
      if (w.wait == WarpWait::kBarrier && w.barrier == id && !w.calls.empty()) {
        const FunctionCode* c = w.calls.back().code;
        if (b.pc < c->insts.size())
          pos = ptx::source_position(*launch.module->ir, *c->insts[b.pc].ir);
        break;
      }
    }
    return fmt::format(
        "kernel {}, {}, block {}: barrier {} is not reached by every thread of the block "
        "({} of {} threads arrived; {})",
        code.name(), pos, cta.ctaid.str(), id, b.arrived, needed, straggler(launch, cta, id));
  }
  return {};
}

}  // namespace warpsim::func
