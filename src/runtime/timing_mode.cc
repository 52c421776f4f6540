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

#include <cstdlib>
#include <exception>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "runtime/occupancy.h"
#include "runtime/runtime.h"

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

std::uint64_t Runtime::now_ns() {
  if (!timing_mode()) return clock_ns_;
  if (queue_ == nullptr) return 0;
  const double mhz = gpu().core_mhz;  // cycles per microsecond
  return mhz > 0 ? static_cast<std::uint64_t>(static_cast<double>(queue_->cycle()) * 1e3 / mhz) : 0;
}

LaunchQueue& Runtime::queue() {
  if (queue_ == nullptr) {
    try {
      queue_ = std::make_unique<LaunchQueue>(config(), env().progress);
    } catch (const std::exception& e) {
      fatal(fmt::format("cannot build the timing model: {}", e.what()));
    }
  }
  return *queue_;
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
  LaunchQueue& launches = queue();
  // Registered anew whenever work is queued on an idle model, so the handler runs before the
  // destructors of statics the earlier simulations constructed (atexit order is reversed).
  if (launches.idle()) std::atexit(&Runtime::drain_at_exit);
  return launches.queue(kernel, config, std::move(state), model_stream(stream), *resources);
}

// The first handler to run also logs the whole run's figures, for stats.json's `total`. A later
// handler may still find work (a static destructor's launch).
void Runtime::drain_at_exit() {
  Runtime& rt = instance();
  std::lock_guard<std::recursive_mutex> lock(rt.mutex());
  const InExitHandler in_exit_handler;
  rt.sync_point();
  if (rt.queue_ != nullptr) rt.queue_->log_run_once();
}

}  // namespace warpsim::runtime
