#pragma once

// The process-wide state behind the CUDA runtime API, in parts: the environment `warpsim run`
// set (environment.h), the simulated GPU's config and the functional device (func::Device),
// the program's device code and the handles naming it (code_registry.h), the objects handed out
// as handles (handles.h), what the program configured (settings.h), the last error, and, in
// timing mode, the launch queue on the cycle-level model (launch_queue.h).
//
// Functional mode (the default): a launch or copy runs to completion inside the call, whatever
// its stream, so streams and events are bookkeeping and every query reports completion. Timing
// mode ($WARPSIM_MODE=timing, timing_mode.cc): launches are queued on the cycle-level GpuModel
// and run when the host next synchronizes, which every API call other than a launch or a pure
// query does, as does the end of the process. A fault in the simulated program (or PTX the
// simulator cannot load) is fatal (fatal.h): the message goes to stderr and the process exits
// with status 2, as a sticky CUDA error would poison the context.
//
// The CUDA runtime API is global by nature, so this is the one global object of warpsim: it is
// created on first use and never destroyed (programs may call the API from static destructors).

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>

#include "func/device.h"
#include "func/texture.h"
#include "gpu/gpu_description.h"
#include "gpu/gpu_model.h"
#include "runtime/code_registry.h"
#include "runtime/environment.h"
#include "runtime/fatal.h"
#include "runtime/handles.h"
#include "runtime/include/cuda_runtime.h"
#include "runtime/include/warpsim_functional.h"
#include "runtime/launch_queue.h"
#include "runtime/settings.h"
#include "sim/config_node.h"
#include "trace/trace_writer.h"

namespace warpsim::runtime {

class Runtime {
 public:
  static Runtime& instance();
  std::recursive_mutex& mutex() { return mutex_; }

  // What `warpsim run` set; a bad value is fatal.
  const Environment& env();
  // The simulated GPU: the resolved config `warpsim run` names in $WARPSIM_CONFIG, else the
  // default preset (gpu_config.cc). A bad config is fatal.
  const ConfigNode& config();
  const GpuDescription& gpu();
  // The simulated device's properties, as cudaGetDeviceProperties reports them (api_device.cc).
  const cudaDeviceProp& properties();
  // The functional device, created on first use with the registered device code loaded.
  func::Device& device();

  CodeRegistry& code() { return code_; }
  Handles& handles() { return handles_; }
  // What the program set with cudaDeviceSetLimit, cudaSetDeviceFlags, cudaFuncSetAttribute and
  // their kin (api_limits.cc, api_function.cc).
  DeviceSettings& settings() { return settings_; }
  FunctionSettings& function_settings(const func::FunctionCode& kernel) {
    return function_settings_[&kernel];
  }

  // Errors: every API call's result passes through record(); failures become the last error.
  cudaError_t record(cudaError_t error);
  cudaError_t take_last_error();
  cudaError_t peek_last_error() const;

  // Checks the configuration, then runs the kernel to completion (functional mode) or queues it
  // on the timing model (timing mode). A fault in it is fatal.
  cudaError_t launch(const func::FunctionCode& kernel, const func::LaunchConfig& config,
                     std::span<const void* const> args, cudaStream_t stream);
  // Simulated time for events, never the wall clock: in functional mode a nominal cost per launch
  // and per copied byte; in timing mode the timing model's core cycles over the core clock.
  void account_copy(std::size_t bytes);
  // A copy from the host into device memory at `dst`: listed in a trace being written.
  void note_copy_to_device(std::uint64_t dst, std::size_t bytes);
  // The host (a copy to or within the device, a memset) wrote `bytes` at device address `dst`:
  // in timing mode the model's L2 may keep the lines (l2.host_writes; the model is built here if
  // no kernel has been launched yet).
  void note_device_write(std::uint64_t dst, std::size_t bytes);
  std::uint64_t now_ns();

  bool timing_mode() { return env().timing; }
  // Where the host waits for the device: in timing mode every queued kernel runs to completion
  // and is logged (timing_mode.cc); a trace being written marks the point.
  void sync_point() {
    if (queue_ != nullptr) queue_->drain();
    if (trace_writer_ != nullptr) trace_writer_->on_sync_point();
  }

 private:
  Runtime() = default;
  void create_device();
  // Functional mode with $WARPSIM_WRITE_TRACE (`run --write-trace`): every launch and
  // host-to-device copy is also written as an Accel-Sim trace.
  void start_trace_writer();
  // Timing mode (timing_mode.cc). The resources one CTA of `kernel` books in the timing model
  // (and a written trace states): ptxas's, the config's override, or the estimate; nullopt when
  // a block cannot fit.
  std::optional<KernelResourceInfo> launch_resources(const func::FunctionCode& kernel,
                                                     const func::LaunchConfig& config);
  cudaError_t queue_launch(const func::FunctionCode& kernel, const func::LaunchConfig& config,
                           std::span<const void* const> args, cudaStream_t stream);
  LaunchQueue& queue();
  static void drain_at_exit();

  std::recursive_mutex mutex_;  // recursive: fatal() may run static destructors that call the API
  std::optional<Environment> env_;
  std::unique_ptr<ConfigNode> config_;
  std::unique_ptr<GpuDescription> gpu_;
  std::unique_ptr<cudaDeviceProp> properties_;
  std::unique_ptr<func::Device> device_;
  CodeRegistry code_{[this]() -> func::Device& { return device(); }};
  Handles handles_;
  DeviceSettings settings_;
  std::map<const func::FunctionCode*, FunctionSettings> function_settings_;
  std::uint64_t clock_ns_ = 0;          // functional mode's clock
  std::unique_ptr<LaunchQueue> queue_;  // timing mode, from the first launch
  std::unique_ptr<trace::TraceWriter> trace_writer_;
};

// The timing model's id of a stream (GpuModel::launch): 0 for the legacy default stream, 2 for
// the per-thread default stream, a created stream's id (3 and up) otherwise.
std::uint64_t model_stream(cudaStream_t stream);

// Runs the body of one API call under the runtime lock and records its result. Running out of
// (simulated or host) memory is cudaErrorMemoryAllocation; any other exception from the simulator
// is fatal. `synchronize`: the call first waits for the device (Runtime::sync_point).
template <class Body>
cudaError_t run_api_call(bool synchronize, Body&& body) {
  Runtime& rt = Runtime::instance();
  std::lock_guard<std::recursive_mutex> lock(rt.mutex());
  if (synchronize) rt.sync_point();
  try {
    return rt.record(body(rt));
  } catch (const std::bad_alloc&) {
    return rt.record(cudaErrorMemoryAllocation);
  } catch (const std::length_error&) {  // the simulated heap's address range is used up
    return rt.record(cudaErrorMemoryAllocation);
  } catch (const std::exception& e) {
    fatal(e.what());
  }
}

// Every API call that may touch device state (memory, streams, events, the device itself) is a
// sync point: in timing mode the queued kernels run first, so the call sees their results.
// Being conservative costs only concurrency between kernels separated by such a call.
template <class Body>
cudaError_t api_call(Body&& body) {
  return run_api_call(true, std::forward<Body>(body));
}

// Kernel launches, and queries that read nothing a running kernel could change (device
// properties and attributes, kernel attributes, occupancy): no sync point.
template <class Body>
cudaError_t api_call_without_sync(Body&& body) {
  return run_api_call(false, std::forward<Body>(body));
}

// The simulated GPU's clocks in kHz, for cudaDevAttrClockRate and cudaDevAttrMemoryClockRate
// (CUDA 13's cudaDeviceProp no longer carries them; api_attribute.cc).
int core_clock_khz();
int memory_clock_khz();

// The launch rules a kernel's own attributes add to the configuration checks: its launch bounds
// and its dynamic shared memory limit (cudaFuncAttributeMaxDynamicSharedMemorySize).
// api_function.cc.
cudaError_t check_kernel_launch(Runtime& rt, const func::FunctionCode& kernel,
                                const func::LaunchConfig& config);
// A kernel's resources and the limits its attributes set, for the occupancy calculation.
KernelLimits kernel_limits(Runtime& rt, const func::FunctionCode& kernel);

// The registers and local memory per thread a kernel's code uses, from ptxas where it can
// assemble the kernel for the simulated GPU, else estimated from the PTX (measured_resources.cc).
// cudaFuncGetAttributes, the occupancy API and the timing model all use these numbers.
const MeasuredResources& measured_resources(Runtime& rt, const func::FunctionCode& kernel);

// Device addresses travel through the API as pointers.
inline Addr device_address(const void* pointer) { return reinterpret_cast<Addr>(pointer); }
inline void* device_pointer(Addr address) {
  return reinterpret_cast<void*>(address);  // NOLINT(performance-no-int-to-ptr): never dereferenced
}

// The texel format a channel description names; nullopt for formats textures cannot hold.
std::optional<func::TexelFormat> texel_format(const cudaChannelFormatDesc& desc);

// Copies `height` rows of `width` bytes (memory.cc). Each side is device memory or host memory
// as `kind` says (cudaMemcpyDefault: as the pointer says); device ranges must be allocated.
cudaError_t copy_2d(void* dst, std::size_t dpitch, const void* src, std::size_t spitch,
                    std::size_t width, std::size_t height, cudaMemcpyKind kind);

}  // namespace warpsim::runtime
