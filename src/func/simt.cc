#include "func/simt.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "func/exec_context.h"
#include "func/its.h"

namespace warpsim::func {

void branch(WarpState& warp, LaneMask taken, std::uint32_t target, LaneMask fall,
            std::uint32_t fallthrough, std::uint32_t rpc) {
  if (fall == 0) {
    warp.simt.back().pc = target;
    return;
  }
  if (taken == 0) {
    warp.simt.back().pc = fallthrough;
    return;
  }
  const auto depth = static_cast<std::uint16_t>(warp.simt.back().depth + 1);
  warp.simt.back().pc = rpc;
  warp.simt.push_back({target, rpc, taken, depth});
  warp.simt.push_back({fallthrough, rpc, fall, depth});
}

void end_lanes(CtaState& cta, WarpState& warp, LaneMask lanes) {
  lanes &= warp.live;
  if (lanes == 0) return;
  warp.live &= ~lanes;
  for (SimtEntry& e : warp.simt) e.mask &= ~lanes;
  if (cta.independent) recheck_warp_sync(warp);
  cta.live_threads -= static_cast<std::uint32_t>(std::popcount(lanes));
  for (std::uint32_t id = 0; id < kNumBarriers; ++id) {
    if (cta.barriers[id].arrived != 0 && cta.barriers[id].expected == 0) try_complete(cta, id);
  }
}

namespace {

// Copies the callee's return values into the caller's receiving operands for `lanes`.
void copy_returns(WarpState& warp, LaneMask lanes) {
  const CallFrame& callee = warp.calls.back();
  const CallFrame& caller = warp.calls[warp.calls.size() - 2];
  const DecodedInst& call = *callee.call_site;
  const Operand& rets = call.ops[0];
  std::span<const Operand> targets = call.elements(rets);
  const FrameLayout& layout = callee.code->frame;
  for (std::size_t i = 0; i < targets.size() && i < layout.ret_offsets.size(); ++i) {
    const ptx::Variable& var = callee.code->ir->rets[i];
    std::uint32_t size = static_cast<std::uint32_t>(var.size_bytes());
    Addr from = callee.frame_base + layout.ret_offsets[i];
    const Operand& to = targets[i];
    for_each_lane(lanes, [&](unsigned lane) {
      const std::uint8_t* src = warp.local[lane].data() + from;
      if (to.kind == ptx::OperandKind::kReg) {
        std::uint64_t v = 0;
        std::memcpy(&v, src, std::min<std::uint32_t>(size, 8));
        warp.regs[caller.reg_base + to.slot].v[lane] = v;
      } else {
        Addr dst = caller.frame_base + to.value + static_cast<Addr>(to.offset);
        std::memcpy(warp.local[lane].data() + dst, src, size);
      }
    });
  }
}

void pop_frame(WarpState& warp) {
  const CallFrame& f = warp.calls.back();
  warp.stack_top = f.frame_base;
  warp.regs.resize(f.reg_base);
  warp.calls.pop_back();
}

}  // namespace

void settle(CtaState& cta, WarpState& warp) {
  while (!warp.simt.empty()) {
    SimtEntry& top = warp.simt.back();
    std::uint32_t index = static_cast<std::uint32_t>(warp.simt.size() - 1);
    bool bottom = index == warp.calls.back().simt_base;
    if (top.mask != 0 && (top.pc != top.rpc || top.parked != 0)) break;
    if (top.mask != 0) note_progress(warp);
    if (top.depth == 0 && top.mask != 0) {
      // The function's bottom entry (or, with independent scheduling, lanes of a kernel's that
      // went on without the rest) reached its exit: return, or end the kernel's threads.
      if (warp.calls.size() == 1) {
        end_lanes(cta, warp, top.mask);
      } else {
        copy_returns(warp, top.mask);
      }
    }
    warp.simt.pop_back();
    if (bottom) {
      if (warp.calls.size() == 1) {
        warp.calls.clear();
      } else {
        pop_frame(warp);
      }
    }
  }
  if (warp.simt.empty() || warp.live == 0) {
    warp.simt.clear();
    warp.calls.clear();
    warp.wait = WarpWait::kDone;
    return;
  }
  if (cta.independent) run_unparked(cta, warp);
}

void barrier_arrive(CtaState& cta, WarpState& warp, std::uint32_t id, LaneMask lanes,
                    std::uint32_t expected, bool wait, std::uint32_t pc) {
  BarrierState& b = cta.barriers[id];
  if (b.arrived == 0) {
    b.expected = expected;
    b.pc = pc;
  }
  b.arrived += static_cast<std::uint32_t>(std::popcount(lanes));
  if (wait && cta.independent) {
    if (std::find(b.waiting.begin(), b.waiting.end(), warp.warp_id) == b.waiting.end())
      b.waiting.push_back(warp.warp_id);
    park_at_barrier(warp, id);
  } else if (wait) {
    warp.wait = WarpWait::kBarrier;
    warp.barrier = id;
    warp.barrier_lanes = lanes;
    b.waiting.push_back(warp.warp_id);
  }
  try_complete(cta, id);
}

void try_complete(CtaState& cta, std::uint32_t id) {
  BarrierState& b = cta.barriers[id];
  std::uint32_t needed = b.expected != 0 ? b.expected : cta.live_threads;
  if (b.arrived == 0 || b.arrived < needed) return;
  for (const BarrierState::Reduction& r : b.reductions) {
    WarpState& w = cta.warps[r.warp];
    std::uint64_t value = 0;
    switch (r.op) {
      case 0:  // popc
        value = b.reduce_count;
        break;
      case 1:  // and
        value = b.reduce_count == b.arrived ? 1 : 0;
        break;
      default:  // or
        value = b.reduce_count != 0 ? 1 : 0;
        break;
    }
    LaneValues& dst = w.regs[r.slot];
    for_each_lane(r.lanes, [&](unsigned lane) { dst.v[lane] = value; });
  }
  std::vector<std::uint32_t> released = std::move(b.waiting);
  b = BarrierState{};
  ++cta.barrier_releases;
  for (std::uint32_t warp_id : released) {
    WarpState& w = cta.warps[warp_id];
    if (cta.independent) unpark(w, id);
    if (w.wait != WarpWait::kBarrier) continue;
    w.wait = WarpWait::kNone;
    if (cta.independent) settle(cta, w);  // the top path may be back at its reconvergence point
  }
}

}  // namespace warpsim::func
