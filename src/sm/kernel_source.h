#pragma once

// Where the instructions of a kernel the timing model runs come from. The SM asks its kernel's
// source to start each CTA it receives and to step a warp each time it issues one: the
// functional model executes the instruction then (execute at issue, sm/functional_source.h);
// a trace replays the next recorded one (trace/trace_kernel.h). Either way the SM gets the
// same func::WarpInst record and reads the warp's next instruction from the same
// func::WarpState fields (the SIMT stack top's pc in its frame's FunctionCode, the barrier
// wait), so the timing model does not know which source it runs.

#include <cstdint>
#include <memory>
#include <string>

#include "func/cta_state.h"
#include "func/dim3.h"
#include "func/executor.h"
#include "func/warp_inst.h"

namespace warpsim {

// What the dispatcher and the statistics need to know about a launch.
struct KernelShape {
  std::string name;  // as the program names it (mangled)
  std::uint64_t launch_id = 0;
  func::Dim3 grid{1, 1, 1};
  func::Dim3 block{1, 1, 1};
  std::uint32_t shared_bytes = 0;  // static + dynamic, per CTA
};

class KernelSource {
 public:
  virtual ~KernelSource() = default;

  virtual const KernelShape& shape() const = 0;
  // Where `code` (the kernel or a function it calls) starts in the kernel's code region, in
  // instructions (func/code_layout.h; sm/fetch.h gives each kernel name a region).
  virtual std::uint32_t code_offset(const func::FunctionCode& code) const = 0;
  // One past the region's last instruction: fetch runs on through a function's end up to here.
  virtual std::uint32_t code_end() const = 0;
  // The register slot at which `code`'s registers start for scoreboarding (func/code_layout.h:
  // one fixed set per function, whatever the call depth).
  virtual std::uint32_t register_offset(const func::FunctionCode& code) const = 0;

  // The state of CTA `linear_cta` (0 .. grid volume - 1), its warps ready at their first
  // instruction. Called once per CTA, in the order SMs receive them (which is not always the
  // order the dispatcher assigned them: SMs run in id order within a cycle).
  virtual std::unique_ptr<func::CtaState> start_cta(std::uint64_t linear_cta) = 0;
  // Issues the next instruction of `warp` (not done, not waiting) at core cycle `now` on SM
  // `smid`, filling `record`. Throws func::ExecError when it misbehaves.
  virtual func::StepResult step(func::CtaState& cta, func::WarpState& warp, func::WarpInst& record,
                                std::uint64_t now, std::uint32_t smid) = 0;
  // After a step that blocked a warp: the message if the CTA can never leave the barrier.
  virtual std::string barrier_deadlock(const func::CtaState& cta) const = 0;
  // The SM is done with `cta` (every warp finished, its memory drained).
  virtual void end_cta(const func::CtaState& cta) = 0;
};

}  // namespace warpsim
