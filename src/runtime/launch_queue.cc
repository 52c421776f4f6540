#include "runtime/launch_queue.h"

#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "func/exec_error.h"
#include "gpu/progress.h"
#include "runtime/fatal.h"
#include "runtime/kernel_names.h"
#include "runtime/launch_log.h"
#include "sim/engine.h"

namespace warpsim::runtime {

LaunchQueue::LaunchQueue(const ConfigNode& config, bool progress) : model_(config) {
  if (progress) model_.set_progress(stderr_progress());
}

cudaError_t LaunchQueue::queue(const func::FunctionCode& kernel, const func::LaunchConfig& config,
                               func::LaunchState state, std::uint64_t stream,
                               const KernelResourceInfo& resources) {
  const std::uint64_t id = state.launch_id;
  try {
    model_.launch(std::move(state), stream, resources);
  } catch (const func::LaunchError& e) {
    std::fprintf(stderr, "warpsim: launch of %s: %s\n", kernel_cpp_name(kernel.name()).c_str(),
                 e.what());
    return cudaErrorLaunchOutOfResources;
  } catch (const std::exception& e) {
    failed_ = true;
    fatal(fmt::format("the timing model cannot queue kernel {}: {}", kernel_cpp_name(kernel.name()),
                      e.what()),
          1);
  }
  queued_[id] = QueuedLaunch{&kernel, config};
  return cudaSuccess;
}

void LaunchQueue::drain() {
  if (draining_ || failed_ || model_.idle()) return;
  draining_ = true;
  std::optional<std::pair<std::string, int>> failure;
  std::vector<KernelResult> finished;
  try {
    finished = model_.synchronize();
  } catch (const func::ExecError& e) {
    failure.emplace(e.what(), 2);
  } catch (const DeadlockError& e) {
    failure.emplace(fmt::format("deadlock: the timing model stopped making progress\n{}", e.what()),
                    1);
  } catch (const std::exception& e) {
    failure.emplace(fmt::format("the timing model failed: {}", e.what()), 1);
  }
  if (failure) {
    failed_ = true;
    finished = model_.take_finished();
  }
  draining_ = false;
  log_finished(finished);
  if (failure) fatal(failure->first, failure->second);
}

void LaunchQueue::log_finished(const std::vector<KernelResult>& finished) {
  for (const KernelResult& result : finished) {
    auto it = queued_.find(result.launch_id);
    if (it == queued_.end()) {
      fatal(fmt::format("the timing model finished launch {}, which was never queued",
                        result.launch_id),
            1);
    }
    log_kernel_result(*it->second.kernel, it->second.config, result);
    queued_.erase(it);
  }
}

void LaunchQueue::log_run_once() {
  if (failed_ || run_logged_) return;
  run_logged_ = true;
  log_run(model_.run_stats());
}

}  // namespace warpsim::runtime
