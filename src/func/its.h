#pragma once

// Independent thread scheduling (Volta and later; DeviceOptions::independent_scheduling).
//
// Paths still reconverge at immediate post-dominators through the SIMT stack, as ptxas places
// its convergence barriers, but a path that cannot go on no longer holds up the rest of its
// warp: the warp runs another of its paths instead. A path cannot go on when it spins (it takes
// the same back edge with the same registers, waiting for memory to change), when it waits at a
// CTA barrier, or when it waits at a bar.warp.sync whose member mask names lanes on other paths
// (the round completes when every live member has executed one). The warp then, in this order,
// runs a sibling path of the same branch (sibling subtrees of the stack are rotated), or lets
// the lanes already waiting at the reconvergence point go on past it (they leave as a path of
// their own, a sibling of the one they waited for), trying the innermost reconvergence point
// first and then the enclosing ones. Paths that spun are passed over until the warp makes
// progress (a path reconverges or lanes exit). Only paths of the function the warp is in are
// interleaved: a path that spins inside a call while its partners wait in the caller still
// waits for them. Lockstep warps (earlier GPUs) watch for spins too: one that goes on for
// kLivelockSpins iterations while lanes of its warp wait for it is reported as an error.

#include "func/cta_state.h"
#include "func/warp_state.h"

namespace warpsim::func {

// Whether the warp has more than one path in its current function: only then can a path wait
// for lanes of its own warp, and only then does the spin watch look at its back edges.
inline bool diverged(const WarpState& warp) {
  return warp.simt.size() - warp.calls.back().simt_base > 1;
}

// Back edges the top path takes with the same lanes before its registers are compared.
inline constexpr std::uint32_t kSpinCheck = 16;

// Iterations a path of a lockstep warp may spin, unchanged, while other lanes of its warp wait
// for it, before that counts as a livelock (an error: the lanes it waits for cannot run). A
// path that waits that long for another warp is taken for one too; the bound keeps that rare.
inline constexpr std::uint32_t kLivelockSpins = 1U << 22;

// A uniform backward branch of the top path to `target`, in a diverged() warp: counts it and,
// when the path is found to spin, runs another path of the warp (`independent`); in lockstep,
// returns true once the path has spun kLivelockSpins times in a row.
bool note_back_edge(WarpState& warp, std::uint32_t target, bool independent);

// The top path has just arrived at CTA barrier `id` and waits there: it is parked (run_unparked
// then runs another path of the warp, or the warp waits at the barrier).
void park_at_barrier(WarpState& warp, std::uint32_t id);

// bar.warp.sync by the top path's `lanes`, naming `members`: the path waits (parked) until every
// live member has arrived at a bar.warp.sync, and another path runs meanwhile. Returns the
// members that cannot arrive because no other path can run nor will after a CTA barrier (0:
// none).
LaneMask warp_sync(WarpState& warp, LaneMask members, LaneMask lanes);

// Completes the bar.warp.sync round in progress if no live member is missing (lanes that end
// leave it); returns the missing members.
LaneMask recheck_warp_sync(WarpState& warp);

// After the stack settles: if the top path is parked, runs another path, or blocks the warp at
// a parked path's CTA barrier when none can run. Throws ExecError when paths wait at
// bar.warp.sync for lanes no path can bring.
void run_unparked(const CtaState& cta, WarpState& warp);

// Barrier `id` completed: the warp's paths parked there may run again.
void unpark(WarpState& warp, std::uint32_t id);

// The warp made progress (a path reconverged, lanes ended): paths that spun are candidates again.
void note_progress(WarpState& warp);

}  // namespace warpsim::func
