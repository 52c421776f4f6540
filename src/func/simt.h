#pragma once

// SIMT-stack and call-stack operations shared by the executor and the control-flow handlers.
//
// Reconvergence follows the classic post-dominator scheme: at a divergent branch the current
// entry's pc becomes the branch's immediate post-dominator (its reconvergence point), and one
// entry per side is pushed with that point as its rpc; an entry whose pc reaches its rpc is
// popped. `ret` is a branch to the function's virtual exit; a function's bottom entry reaching
// the exit returns to the caller (or, in a kernel, ends its threads).

#include "func/cta_state.h"
#include "func/warp_state.h"

namespace warpsim::func {

// Lanes `taken` go to `target`, lanes `fall` continue at `fallthrough`; both meet at `rpc`.
// Either mask may be empty (a uniform branch just moves the pc). The fall-through side runs
// first.
void branch(WarpState& warp, LaneMask taken, std::uint32_t target, LaneMask fall,
            std::uint32_t fallthrough, std::uint32_t rpc);

// Ends lanes for good (exit, trap-free termination, a kernel's return): removes them from every
// entry and from the CTA's live count, and lets barriers waiting for every live thread
// complete without them.
void end_lanes(CtaState& cta, WarpState& warp, LaneMask lanes);

// Pops finished entries: empty ones, ones at their reconvergence point, and function bottoms at
// the exit (returning to the caller, copying return values). Marks the warp done when no lane
// is left.
void settle(CtaState& cta, WarpState& warp);

// Barrier bookkeeping. arrive() counts the threads of `lanes` at barrier `id` (needing `expected`
// threads, 0 = every live thread of the CTA); when `wait` the warp blocks there. Completes
// the barrier (releasing waiting warps) when enough threads have arrived.
void barrier_arrive(CtaState& cta, WarpState& warp, std::uint32_t id, LaneMask lanes,
                    std::uint32_t expected, bool wait, std::uint32_t pc);
void try_complete(CtaState& cta, std::uint32_t id);

}  // namespace warpsim::func
