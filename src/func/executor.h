#pragma once

// Execute-at-issue: the per-CTA and per-warp API both the functional runner and the timing
// model use. start_cta() builds a CTA's state; step() executes the next instruction of one
// warp and, when `record` is given, fills it in. A warp that reaches a barrier waits there
// (WarpState::wait) until the barrier completes; its next step() must wait until then.

#include <cstdint>
#include <string>

#include "func/cta_state.h"
#include "func/launch_state.h"
#include "func/warp_inst.h"

namespace warpsim::func {

CtaState start_cta(const LaunchState& launch, std::uint64_t linear_cta);

enum class StepResult : std::uint8_t {
  kExecuted,  // the warp can issue again
  kBlocked,   // it now waits at a barrier
  kFinished,  // every lane has exited
};

// Executes one warp instruction. Precondition: !warp.done() and warp.wait == kNone.
// Throws ExecError when the instruction misbehaves.
StepResult step(LaunchState& launch, CtaState& cta, WarpState& warp, WarpInst* record = nullptr);

// Whether every live warp of the CTA waits at a barrier that cannot complete (a deadlock), and
// if so the message to report: which barrier, how many threads arrived, and one thread that
// did not, with where it is.
std::string barrier_deadlock(const LaunchState& launch, const CtaState& cta);

}  // namespace warpsim::func
