#pragma once

// Independent thread scheduling (Volta and later; DeviceOptions::independent_scheduling).
//
// Paths still reconverge at immediate post-dominators through the SIMT stack, as ptxas places
// its convergence barriers, but a path that cannot go on no longer holds up the rest of its
// warp: the warp runs another of its paths instead. A path cannot go on when it spins (it takes
// the same back edge with the same registers, waiting for memory to change) or when it waits at
// a CTA barrier that other lanes of its warp have yet to reach. The warp then, in this order,
// runs a sibling path of the same branch (sibling subtrees of the stack are rotated), or lets
// the lanes already waiting at the reconvergence point go on past it (they leave as a path of
// their own, a sibling of the one they waited for), trying the innermost reconvergence point
// first and then the enclosing ones. Paths that spun are passed over until the warp makes
// progress (a path reconverges or lanes exit). Only paths of the function the warp is in are
// interleaved: a path that spins inside a call while its partners wait in the caller still
// waits for them.

#include "func/cta_state.h"
#include "func/warp_state.h"

namespace warpsim::func {

// Back edges the top path takes with the same lanes before its registers are compared.
inline constexpr std::uint32_t kSpinCheck = 16;

// A uniform backward branch of the top path to `target`: counts it and, when the path is found
// to spin, runs another path of the warp.
void note_back_edge(WarpState& warp, std::uint32_t target);

// The top path has just arrived at CTA barrier `id` and waits there: it is parked, and another
// path of the warp runs if one can; else the whole warp waits at the barrier.
void park_at_barrier(WarpState& warp, std::uint32_t id);

// After the stack settles: if the top path is parked, runs another path, or blocks the warp at
// the top path's barrier when none can run.
void run_unparked(WarpState& warp);

// Barrier `id` completed: the warp's paths parked there may run again.
void unpark(WarpState& warp, std::uint32_t id);

// The warp made progress (a path reconverged, lanes ended): paths that spun are candidates again.
void note_progress(WarpState& warp);

}  // namespace warpsim::func
