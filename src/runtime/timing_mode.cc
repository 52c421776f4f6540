// Timing mode ($WARPSIM_MODE=timing, set by `warpsim run --mode timing`): kernel launches are
// prepared on the functional device as in functional mode and queued on one cycle-level
// GpuModel, built from the same resolved config, which runs them when the host synchronizes.
//
// The host synchronizes at every API call that is not a launch or a pure query (api_call in
// runtime.h), and when the process exits: a program that never synchronizes after its last
// launch still has those kernels run and logged. Kernels launched back to back on different
// streams therefore overlap in the model as they would on a GPU; anything in between that
// touches memory, streams or events ends the overlap, which keeps every result the program sees
// exactly that of functional mode.

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "func/exec_error.h"
#include "gpu/progress.h"
#include "runtime/kernel_names.h"
#include "runtime/occupancy.h"
#include "runtime/runtime.h"
#include "sim/engine.h"

namespace warpsim::runtime {
namespace {

// The model's stream ids: 0 is the legacy default stream, which orders against every other
// stream. The per-thread default stream orders like a created stream; it keeps the id
// cudaStreamGetId reports for it (2), below every created stream's id (3 and up).
constexpr std::uint64_t kLegacyStream = 0;
constexpr std::uint64_t kPerThreadStream = 2;

}  // namespace

std::uint64_t model_stream(cudaStream_t stream) {
  if (stream == nullptr || stream == cudaStreamLegacy) return kLegacyStream;
  if (stream == cudaStreamPerThread) return kPerThreadStream;
  return stream->id;
}

// The resources the model books for one CTA. ptxas's numbers, and the config's override
// (gpu.kernel_registers), are what the hardware would get: a block they do not fit is refused as
// CUDA refuses it (nullopt). An estimate is only an estimate, so it never fails a launch: it is
// lowered until one block fits, as ptxas would have to allocate for a kernel launched with such
// blocks.
std::optional<KernelResourceInfo> Runtime::launch_resources(const func::FunctionCode& kernel,
                                                            const func::LaunchConfig& config) {
  KernelResourceInfo info;
  if (gpu().kernel_registers != 0) {
    info = KernelResourceInfo{gpu().kernel_registers, gpu().kernel_local_bytes, "config"};
  } else {
    const MeasuredResources& measured = measured_resources(*this, kernel);
    info = KernelResourceInfo{measured.registers, measured.local_bytes,
                              measured.from_ptxas ? "ptxas" : "estimate"};
  }
  return fit_to_block(gpu(), info, config.block.volume());
}

bool Runtime::timing_mode() {
  if (!timing_) {
    const char* env = std::getenv("WARPSIM_MODE");
    const std::string_view mode = env != nullptr ? env : "";
    if (mode.empty() || mode == "functional") {
      timing_ = false;
    } else if (mode == "timing") {
      timing_ = true;
    } else {
      fatal(fmt::format("WARPSIM_MODE is '{}'; expected 'timing' or 'functional'", mode));
    }
  }
  return *timing_;
}

std::uint64_t Runtime::now_ns() {
  if (!timing_mode()) return clock_ns_;
  if (model_ == nullptr) return 0;
  const double mhz = gpu().core_mhz;  // cycles per microsecond
  return mhz > 0 ? static_cast<std::uint64_t>(static_cast<double>(model_->cycle()) * 1e3 / mhz) : 0;
}

GpuModel& Runtime::model() {
  if (model_ == nullptr) {
    try {
      model_ = std::make_unique<GpuModel>(config());
    } catch (const std::exception& e) {
      fatal(fmt::format("cannot build the timing model: {}", e.what()));
    }
    if (const char* env = std::getenv("WARPSIM_PROGRESS"); env != nullptr && *env == '1') {
      model_->set_progress(stderr_progress());
    }
  }
  return *model_;
}

cudaError_t Runtime::queue_launch(const func::FunctionCode& kernel,
                                  const func::LaunchConfig& config,
                                  std::span<const void* const> args, cudaStream_t stream) {
  const std::optional<KernelResourceInfo> resources = launch_resources(kernel, config);
  if (!resources) return cudaErrorLaunchOutOfResources;
  func::LaunchState state;
  try {
    state = device().prepare(kernel, config, args);
  } catch (const std::exception& e) {
    fatal(e.what());
  }
  GpuModel& gpu_model = model();
  // Registered anew whenever work is queued on an idle model, so the handler runs before the
  // destructors of statics the earlier simulations constructed (atexit order is reversed).
  if (gpu_model.idle()) std::atexit(&Runtime::drain_at_exit);
  const std::uint64_t id = state.launch_id;
  try {
    gpu_model.launch(std::move(state), model_stream(stream), *resources);
  } catch (const func::LaunchError& e) {
    std::fprintf(stderr, "warpsim: launch of %s: %s\n", kernel_cpp_name(kernel.name()).c_str(),
                 e.what());
    return cudaErrorLaunchOutOfResources;
  } catch (const std::exception& e) {
    model_failed_ = true;
    fatal(fmt::format("the timing model cannot queue kernel {}: {}", kernel_cpp_name(kernel.name()),
                      e.what()),
          1);
  }
  queued_[id] = QueuedLaunch{&kernel, config};
  return cudaSuccess;
}

// A kernel fault ends the program as in functional mode (status 2, the same message); a model
// that stops making progress, or fails in any other way, is the simulator's failure (status 1).
// Either way the kernels that finished before the failure are logged first, as functional mode
// logs every launch before the failing one.
void Runtime::drain() {
  if (draining_ || model_failed_ || model_->idle()) return;
  draining_ = true;
  std::optional<std::pair<std::string, int>> failure;
  std::vector<KernelResult> finished;
  try {
    finished = model_->synchronize();
  } catch (const func::ExecError& e) {
    failure.emplace(e.what(), 2);
  } catch (const DeadlockError& e) {
    failure.emplace(fmt::format("deadlock: the timing model stopped making progress\n{}", e.what()),
                    1);
  } catch (const std::exception& e) {
    failure.emplace(fmt::format("the timing model failed: {}", e.what()), 1);
  }
  if (failure) {
    model_failed_ = true;
    finished = model_->take_finished();
  }
  draining_ = false;
  log_finished(finished);
  if (failure) fatal(failure->first, failure->second);
}

void Runtime::log_finished(const std::vector<KernelResult>& finished) {
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

// The first handler to run also logs the whole run's figures, for stats.json's `total`.
void Runtime::drain_at_exit() {
  Runtime& rt = instance();
  std::lock_guard<std::recursive_mutex> lock(rt.mutex());
  rt.exiting_ = true;
  rt.sync_point();
  if (rt.model_ != nullptr && !rt.model_failed_ && !rt.run_logged_) {
    rt.run_logged_ = true;
    log_run(rt.model_->run_stats());
  }
  rt.exiting_ = false;  // a later handler may still find work (a static destructor's launch)
}

}  // namespace warpsim::runtime
