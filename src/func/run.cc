#include "func/run.h"

#include <bit>
#include <deque>

#include "func/exec_error.h"
#include "func/executor.h"

namespace warpsim::func {

namespace {

// Runs each ready warp of `cta` for up to `quantum` instructions. Returns whether any ran.
bool run_turn(LaunchState& launch, CtaState& cta, std::uint32_t quantum, LaunchResult& result,
              LaunchObserver* observer) {
  bool progress = false;
  WarpInst record;
  for (WarpState& warp : cta.warps) {
    for (std::uint32_t i = 0; i < quantum; ++i) {
      if (warp.wait != WarpWait::kNone) break;
      progress = true;
      launch.clock = result.warp_insts;
      StepResult r = step(launch, cta, warp, &record);
      if (observer != nullptr) observer->on_inst(launch, cta, warp, record);
      ++result.warp_insts;
      result.thread_insts += static_cast<std::uint64_t>(std::popcount(record.exec));
      if (r != StepResult::kExecuted) break;
    }
  }
  return progress;
}

}  // namespace

LaunchResult run_functional(LaunchState& launch, const DeviceOptions& options) {
  LaunchResult result;
  std::uint64_t total = launch.config.grid.volume();
  std::uint64_t next = 0;
  std::deque<CtaState> resident;
  std::uint32_t limit = std::max<std::uint32_t>(options.resident_ctas, 1);
  std::uint32_t quantum = std::max<std::uint32_t>(options.quantum, 1);
  LaunchObserver* observer = options.observer;
  if (observer != nullptr) observer->on_launch_begin(launch);
  while (next < total || !resident.empty()) {
    while (resident.size() < limit && next < total) resident.push_back(start_cta(launch, next++));
    bool progress = false;
    for (CtaState& cta : resident) progress |= run_turn(launch, cta, quantum, result, observer);
    if (!progress) {
      for (const CtaState& cta : resident) {
        std::string deadlock = barrier_deadlock(launch, cta);
        if (!deadlock.empty()) throw ExecError(deadlock);
      }
      throw ExecError("kernel " + launch.kernel->name() + ": no warp can make progress");
    }
    std::erase_if(resident, [&](const CtaState& cta) {
      if (cta.done() && observer != nullptr) observer->on_cta_end(launch, cta);
      return cta.done();
    });
  }
  if (observer != nullptr) observer->on_launch_end(launch);
  result.ctas = total;
  return result;
}

}  // namespace warpsim::func
