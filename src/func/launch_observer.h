#pragma once

// Something that watches a functional-mode launch instruction by instruction (the trace
// writer, trace/trace_writer.h). The functional runner calls it in execution order: begin, every
// warp instruction as it executes, each CTA's end, end.

namespace warpsim::func {

struct LaunchState;
struct CtaState;
struct WarpState;
struct WarpInst;

class LaunchObserver {
 public:
  virtual ~LaunchObserver() = default;
  virtual void on_launch_begin(const LaunchState& launch) = 0;
  virtual void on_inst(const LaunchState& launch, const CtaState& cta, const WarpState& warp,
                       const WarpInst& inst) = 0;
  virtual void on_cta_end(const LaunchState& launch, const CtaState& cta) = 0;
  virtual void on_launch_end(const LaunchState& launch) = 0;
};

}  // namespace warpsim::func
