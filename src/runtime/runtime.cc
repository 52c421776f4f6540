#include "runtime/runtime.h"

#include <exception>

#include <fmt/format.h>

#include "runtime/device_options.h"
#include "runtime/launch_log.h"

namespace warpsim::runtime {

namespace {

// Functional mode's clock behind cudaEventElapsedTime: fixed costs, so timings are reproducible.
constexpr std::uint64_t kLaunchOverheadNs = 3000;
constexpr std::uint64_t kWarpInstsPerNs = 64;  // a GPU issuing a few warp instructions per SM
constexpr std::uint64_t kCopyBytesPerNs = 16;  // a PCIe-class link
constexpr std::uint64_t kCopyOverheadNs = 1000;

thread_local cudaError_t t_last_error = cudaSuccess;

}  // namespace

Runtime& Runtime::instance() {
  static Runtime* runtime = new Runtime();  // never destroyed, see runtime.h
  return *runtime;
}

const Environment& Runtime::env() {
  if (!env_) {
    try {
      env_ = read_environment();
    } catch (const std::exception& e) {
      fatal(e.what());
    }
  }
  return *env_;
}

void Runtime::create_device() {
  func::DeviceOptions options = device_options(gpu(), config());
  options.host_mapped = true;  // unified addressing: managed memory is host memory too
  device_ = std::make_unique<func::Device>(options);
  if (!env().write_trace.empty()) start_trace_writer();
  code_.attach(*device_, env().ptx);
}

void Runtime::start_trace_writer() {
  if (timing_mode()) fatal("WARPSIM_WRITE_TRACE needs functional mode");
  try {
    trace_writer_ = std::make_unique<trace::TraceWriter>(
        env().write_trace, static_cast<std::uint32_t>(gpu().compute_capability()),
        *trace::TraceWriter::registers_named(env().write_trace_registers));
  } catch (const std::exception& e) {
    fatal(e.what());
  }
  device_->set_observer(trace_writer_.get());
}

func::Device& Runtime::device() {
  if (device_ == nullptr) create_device();
  return *device_;
}

cudaError_t Runtime::record(cudaError_t error) {
  if (error != cudaSuccess) t_last_error = error;
  return error;
}

cudaError_t Runtime::take_last_error() {
  cudaError_t error = t_last_error;
  t_last_error = cudaSuccess;
  return error;
}

cudaError_t Runtime::peek_last_error() const { return t_last_error; }

namespace {

// CUDA's limits on a launch configuration (cudaErrorInvalidConfiguration when broken).
bool valid_config(const func::LaunchConfig& c, const func::DeviceOptions& options) {
  const func::Dim3& g = c.grid;
  const func::Dim3& b = c.block;
  if (g.x == 0 || g.y == 0 || g.z == 0 || b.x == 0 || b.y == 0 || b.z == 0) return false;
  if (g.x > 0x7fffffffU || g.y > 65535 || g.z > 65535) return false;
  if (b.x > 1024 || b.y > 1024 || b.z > 64) return false;
  return b.volume() <= options.max_threads_per_cta &&
         c.dynamic_shared <= options.max_shared_per_cta;
}

}  // namespace

cudaError_t Runtime::launch(const func::FunctionCode& kernel, const func::LaunchConfig& config,
                            std::span<const void* const> args, cudaStream_t stream) {
  if (!handles_.valid_stream(stream)) return cudaErrorInvalidResourceHandle;
  if (!valid_config(config, device().options())) return cudaErrorInvalidConfiguration;
  if (cudaError_t error = check_kernel_launch(*this, kernel, config); error != cudaSuccess) {
    return error;
  }
  if (timing_mode()) return queue_launch(kernel, config, args, stream);
  func::LaunchResult result;
  if (trace_writer_ != nullptr) {
    const std::optional<KernelResourceInfo> resources = launch_resources(kernel, config);
    trace_writer_->set_next_registers(resources ? resources->registers_per_thread
                                                : measured_resources(*this, kernel).registers);
    trace_writer_->set_next_stream(model_stream(stream));
  }
  try {
    result = device().launch(kernel, config, args);
  } catch (const std::exception& e) {
    fatal(e.what());
  }
  clock_ns_ += kLaunchOverheadNs + result.warp_insts / kWarpInstsPerNs;
  log_launch(kernel, config, result);
  return cudaSuccess;
}

void Runtime::account_copy(std::size_t bytes) {
  if (timing_mode()) return;  // the timing model has no copy engine: copies take no time
  clock_ns_ += kCopyOverheadNs + bytes / kCopyBytesPerNs;
}

void Runtime::note_copy_to_device(std::uint64_t dst, std::size_t bytes) {
  if (trace_writer_ != nullptr) trace_writer_->on_memcpy_h2d(dst, bytes);
}

void Runtime::note_device_write(std::uint64_t dst, std::size_t bytes) {
  if (timing_mode()) queue().host_write(dst, bytes);
}

}  // namespace warpsim::runtime
