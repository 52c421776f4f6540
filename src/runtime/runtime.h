#pragma once

// The process-wide state behind the CUDA runtime API: one functional device (func::Device) with
// the program's PTX loaded on first use, the handle registries (kernels, module variables,
// streams, events, arrays), the last error, and a simulated clock for events.
//
// Functional mode (the default): a launch or copy runs to completion inside the call, whatever
// its stream, so streams and events are bookkeeping and every query reports completion. Timing
// mode ($WARPSIM_MODE=timing, timing_mode.cc): launches are queued on the cycle-level GpuModel
// and run when the host next synchronizes, which every API call other than a launch or a pure
// query does, as does the end of the process. A fault in the simulated program (or PTX the
// simulator cannot load) is fatal: the message goes to stderr and the process exits with status
// 2, as a sticky CUDA error would poison the context.
//
// The CUDA runtime API is global by nature, so this is the one global object of warpsim: it is
// created on first use and never destroyed (programs may call the API from static destructors).

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "func/device.h"
#include "func/texture.h"
#include "gpu/gpu_description.h"
#include "gpu/gpu_model.h"
#include "ptx/ptxas.h"
#include "runtime/include/cuda_runtime.h"
#include "runtime/include/warpsim_functional.h"
#include "runtime/settings.h"
#include "sim/config_node.h"
#include "trace/trace_writer.h"

struct CUstream_st {
  unsigned int flags = 0;
  int priority = 0;
  unsigned long long id = 0;  // cudaStreamGetId
};

struct CUevent_st {
  unsigned int flags = 0;
  bool recorded = false;
  std::uint64_t time_ns = 0;  // the simulated clock when recorded
};

struct cudaArray {
  warpsim::Addr base = 0;
  cudaChannelFormatDesc desc{};
  warpsim::func::TexelFormat format;
  std::size_t width = 0;   // texels
  std::size_t height = 1;  // rows (1 for a 1D array)
  std::size_t depth = 1;   // slices of a 3D array, or layers of a layered one
  std::uint8_t dims = 1;   // spatial dimensions: 1, 2 or 3
  unsigned int flags = 0;  // cudaArrayLayered, cudaArraySurfaceLoadStore, ...
  std::size_t row_bytes() const { return width * format.bytes(); }
  std::size_t slice_bytes() const { return row_bytes() * height; }
};

namespace warpsim::runtime {

// Owns objects handed out as opaque pointers and recognizes them when they come back.
template <class T>
class HandleTable {
 public:
  T* create() {
    auto object = std::make_unique<T>();
    T* handle = object.get();
    objects_.emplace(handle, std::move(object));
    return handle;
  }
  T* find(const void* handle) const {
    auto it = objects_.find(handle);
    return it == objects_.end() ? nullptr : it->second.get();
  }
  bool destroy(const void* handle) { return objects_.erase(handle) != 0; }

 private:
  std::map<const void*, std::unique_ptr<T>> objects_;
};

class Runtime {
 public:
  static Runtime& instance();
  std::recursive_mutex& mutex() { return mutex_; }
  // Prints "warpsim: MESSAGE" and exits with `status` (2: the simulated program failed).
  [[noreturn]] static void fatal(std::string_view message, int status = 2);

  // Device code: PTX files (or texts) loaded, in this order, when the device is first needed
  // (or at once when it already exists). The WARPSIM_PTX environment variable, when set,
  // replaces the files.
  void add_ptx_file(std::string path);
  void add_ptx_text(std::string text, std::string name);
  func::Device& device();
  // The simulated device's properties, as cudaGetDeviceProperties reports them (api_device.cc).
  const cudaDeviceProp& properties();
  // The simulated GPU: the resolved config `warpsim run` names in $WARPSIM_CONFIG, else the
  // default preset (gpu_config.cc). A bad config is fatal.
  const ConfigNode& config();
  const GpuDescription& gpu();
  // The PTX text a loaded module was made from (for ptxas); empty when it is unknown.
  std::string module_ptx(const func::LoadedModule& module) const;
  // What `ptxas -v` reports for a module's kernels, assembled for the simulated GPU once per
  // module (measured_resources.cc); nullptr when ptxas is missing or cannot assemble it.
  const std::map<std::string, ptx::PtxasResources>* ptxas_report(const func::LoadedModule& module);

  // Device code registered by nvcc's host code (registration.cc): a kernel handle whose fatbin
  // had no usable PTX maps to the message that explains it.
  void register_missing_code(const void* handle, std::string why);
  const std::string* missing_code(const void* handle) const;

  // Kernels: by mangled PTX name, by the host handle registered for them, by C++ text.
  const func::FunctionCode* find_kernel(std::string_view mangled);
  void register_function(const void* handle, std::string mangled);
  const func::FunctionCode* find_function(const void* handle) const;
  // find_function for a launch: a kernel whose fatbin had no usable PTX is fatal, with the
  // message that explains it (register_missing_code); an unknown handle is nullptr.
  const func::FunctionCode* find_launchable(const void* handle) const;
  std::vector<const func::FunctionCode*> kernels();
  const std::vector<ParamSlot>& param_slots(const func::FunctionCode& kernel);
  // Kernels found by warpsim::runtime::find_kernel_by_name, by the program's text.
  std::map<std::string, const func::FunctionCode*>& kernels_by_text() { return kernels_by_text_; }

  // Module variables, by handle (a registered host shadow, or warpsim::runtime::symbol()).
  const void* symbol_handle(std::string_view name);
  void register_symbol(const void* handle, std::string name);
  std::optional<func::SymbolInfo> find_symbol(const void* handle);

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
  std::uint64_t now_ns();

  // Timing mode (timing_mode.cc). sync_point() is where the host waits for the device: every
  // queued kernel runs to completion and is logged. Nothing to do in functional mode.
  bool timing_mode();
  void sync_point() {
    if (model_ != nullptr) drain();
    if (trace_writer_ != nullptr) trace_writer_->on_sync_point();
  }

  bool valid_stream(cudaStream_t stream) const;
  HandleTable<CUstream_st>& streams() { return streams_; }
  HandleTable<CUevent_st>& events() { return events_; }
  HandleTable<cudaArray>& arrays() { return arrays_; }
  // What each live texture or surface object was created from, by handle, for the
  // cudaGet*Object*Desc queries (api_texture.cc).
  struct ObjectDescs {
    cudaResourceDesc resource{};
    cudaTextureDesc texture{};
  };
  std::map<std::uint64_t, ObjectDescs>& object_descs() { return object_descs_; }

  // What the program set with cudaDeviceSetLimit, cudaSetDeviceFlags, cudaFuncSetAttribute and
  // their kin (api_limits.cc, api_function.cc).
  DeviceSettings& settings() { return settings_; }
  FunctionSettings& function_settings(const func::FunctionCode& kernel) {
    return function_settings_[&kernel];
  }

 private:
  Runtime() = default;
  void load_modules();
  void load_file(const std::string& path);
  void load_text(std::size_t index);
  // Timing mode (timing_mode.cc).
  struct QueuedLaunch {
    const func::FunctionCode* kernel = nullptr;
    func::LaunchConfig config;
  };
  // The resources one CTA of `kernel` books in the timing model (and a written trace states):
  // ptxas's, the config's override, or the estimate; nullopt when a block cannot fit.
  std::optional<KernelResourceInfo> launch_resources(const func::FunctionCode& kernel,
                                                     const func::LaunchConfig& config);
  cudaError_t queue_launch(const func::FunctionCode& kernel, const func::LaunchConfig& config,
                           std::span<const void* const> args, cudaStream_t stream);
  GpuModel& model();
  void drain();
  void log_finished(const std::vector<KernelResult>& finished);
  static void drain_at_exit();

  std::recursive_mutex mutex_;  // recursive: fatal() may run static destructors that call the API
  std::unique_ptr<func::Device> device_;
  std::unique_ptr<cudaDeviceProp> properties_;
  std::unique_ptr<ConfigNode> config_;
  std::unique_ptr<GpuDescription> gpu_;
  // Where each loaded module's PTX came from: a file path, or an index into ptx_texts_.
  std::map<const func::LoadedModule*, std::variant<std::string, std::size_t>> module_sources_;
  std::map<const func::LoadedModule*, std::optional<std::map<std::string, ptx::PtxasResources>>>
      ptxas_reports_;
  std::map<const void*, std::string> missing_code_;
  std::vector<std::string> ptx_files_;
  std::vector<std::pair<std::string, std::string>> ptx_texts_;  // (text, name)
  std::map<const void*, std::string> function_names_;
  std::map<const void*, std::string> symbol_names_;
  std::set<std::string, std::less<>> symbol_handles_;  // node addresses are the handles
  std::map<const func::FunctionCode*, std::vector<ParamSlot>> param_slots_;
  std::map<std::string, const func::FunctionCode*> kernels_by_text_;
  HandleTable<CUstream_st> streams_;
  HandleTable<CUevent_st> events_;
  HandleTable<cudaArray> arrays_;
  std::map<std::uint64_t, ObjectDescs> object_descs_;
  DeviceSettings settings_;
  std::map<const func::FunctionCode*, FunctionSettings> function_settings_;
  std::uint64_t clock_ns_ = 0;
  // Timing mode: the model (created at the first launch), what each queued launch was, whether
  // the model failed (it is never run again), and whether a drain is under way.
  std::optional<bool> timing_;
  std::unique_ptr<GpuModel> model_;
  // Functional mode with $WARPSIM_WRITE_TRACE (`run --write-trace`): every launch and
  // host-to-device copy is also written as an Accel-Sim trace.
  std::unique_ptr<trace::TraceWriter> trace_writer_;
  std::map<std::uint64_t, QueuedLaunch> queued_;
  bool model_failed_ = false;
  bool draining_ = false;
  bool exiting_ = false;  // in the exit handler (fatal() cannot call exit() again)
  bool run_logged_ = false;
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
    Runtime::fatal(e.what());
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

// Appends to $WARPSIM_LAUNCH_LOG when set (launch_log.cc): a functional-mode launch, or a kernel
// the timing model finished.
void log_launch(const func::FunctionCode& kernel, const func::LaunchConfig& config,
                const func::LaunchResult& result);
void log_kernel_result(const func::FunctionCode& kernel, const func::LaunchConfig& config,
                       const KernelResult& result);
// The whole run's figures (GpuModel::run_stats), once, when the program ends.
void log_run(const nlohmann::ordered_json& run_stats);

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
