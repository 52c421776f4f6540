#include "runtime/runtime.h"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>

#include "ptx/types.h"

namespace warpsim::runtime {

namespace {

// Functional mode's clock behind cudaEventElapsedTime: fixed costs, so timings are reproducible.
constexpr std::uint64_t kLaunchOverheadNs = 3000;
constexpr std::uint64_t kWarpInstsPerNs = 64;  // a GPU issuing a few warp instructions per SM
constexpr std::uint64_t kCopyBytesPerNs = 16;  // a PCIe-class link
constexpr std::uint64_t kCopyOverheadNs = 1000;

thread_local cudaError_t t_last_error = cudaSuccess;

ParamSlot slot_of(const ptx::Variable& param) {
  ParamSlot slot;
  slot.size = static_cast<std::uint32_t>(param.size_bytes());
  if (!param.dims.empty() || param.vec > 1) {
    slot.kind = ParamKind::kAggregate;
  } else if (ptx::is_float_type(param.type)) {
    slot.kind = ParamKind::kFloat;
  } else if (param.type >= ptx::DataType::kU8 && param.type <= ptx::DataType::kS64) {
    slot.kind = ParamKind::kInteger;
  } else {
    slot.kind = ParamKind::kBits;
  }
  return slot;
}

}  // namespace

Runtime& Runtime::instance() {
  static Runtime* runtime = new Runtime();  // never destroyed, see runtime.h
  return *runtime;
}

void Runtime::fatal(std::string_view message, int status) {
  std::cout.flush();
  std::fflush(stdout);
  std::fprintf(stderr, "warpsim: %.*s\n", static_cast<int>(message.size()), message.data());
  // exit() from inside an exit handler (the timing model's drain at exit) is undefined.
  if (instance().exiting_) {
    std::fflush(stderr);
    std::_Exit(status);
  }
  std::exit(status);
}

namespace {
// The PTX file named by the WARPSIM_PTX environment variable, or nullptr.
const char* ptx_override() {
  const char* env = std::getenv("WARPSIM_PTX");
  return env != nullptr && *env != '\0' ? env : nullptr;
}
}  // namespace

void Runtime::add_ptx_file(std::string path) {
  ptx_files_.push_back(std::move(path));
  if (device_ != nullptr && ptx_override() == nullptr) load_file(ptx_files_.back());
}

void Runtime::add_ptx_text(std::string text, std::string name) {
  ptx_texts_.emplace_back(std::move(text), std::move(name));
  if (device_ != nullptr) load_text(ptx_texts_.size() - 1);
}

void Runtime::load_file(const std::string& path) {
  try {
    module_sources_.emplace(&device_->load_module_file(path), path);
  } catch (const std::exception& e) {
    fatal(fmt::format("cannot load the device code: {}", e.what()));
  }
}

void Runtime::load_text(std::size_t index) {
  try {
    module_sources_.emplace(
        &device_->load_module(ptx_texts_[index].first, ptx_texts_[index].second), index);
  } catch (const std::exception& e) {
    fatal(fmt::format("cannot load the device code: {}", e.what()));
  }
}

std::string Runtime::module_ptx(const func::LoadedModule& module) const {
  auto it = module_sources_.find(&module);
  if (it == module_sources_.end()) return {};
  if (const std::size_t* index = std::get_if<std::size_t>(&it->second)) {
    return ptx_texts_[*index].first;
  }
  std::ifstream in(std::get<std::string>(it->second), std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void Runtime::load_modules() {
  func::DeviceOptions options;
  options.max_shared_per_cta = static_cast<std::uint32_t>(gpu().max_shared_per_cta);
  options.host_mapped = true;  // unified addressing: managed memory is host memory too
  device_ = std::make_unique<func::Device>(options);
  if (const char* dir = std::getenv("WARPSIM_WRITE_TRACE"); dir != nullptr && *dir != '\0') {
    if (timing_mode()) fatal("WARPSIM_WRITE_TRACE needs functional mode");
    try {
      const char* name = std::getenv("WARPSIM_WRITE_TRACE_REGISTERS");
      const auto registers =
          trace::TraceWriter::registers_named(name != nullptr && *name != '\0' ? name : "warpsim");
      if (!registers) {
        fatal(fmt::format("WARPSIM_WRITE_TRACE_REGISTERS is '{}'; expected warpsim or accelsim",
                          name));
      }
      trace_writer_ = std::make_unique<trace::TraceWriter>(
          dir, static_cast<std::uint32_t>(gpu().compute_capability()), *registers);
    } catch (const std::exception& e) {
      fatal(e.what());
    }
    device_->set_observer(trace_writer_.get());
  }
  std::vector<std::string> files = ptx_files_;
  if (const char* path = ptx_override()) files.assign(1, path);
  for (const std::string& path : files) load_file(path);
  for (std::size_t i = 0; i < ptx_texts_.size(); ++i) load_text(i);
}

func::Device& Runtime::device() {
  if (device_ == nullptr) load_modules();
  return *device_;
}

const func::FunctionCode* Runtime::find_kernel(std::string_view mangled) {
  for (const auto& module : device().modules()) {
    if (const func::FunctionCode* code = module->find_kernel(mangled)) return code;
  }
  return nullptr;
}

void Runtime::register_function(const void* handle, std::string mangled) {
  function_names_[handle] = std::move(mangled);
}

const func::FunctionCode* Runtime::find_function(const void* handle) const {
  auto it = function_names_.find(handle);
  if (it == function_names_.end()) return nullptr;
  return const_cast<Runtime*>(this)->find_kernel(it->second);
}

const func::FunctionCode* Runtime::find_launchable(const void* handle) const {
  const func::FunctionCode* kernel = find_function(handle);
  if (kernel == nullptr) {
    if (const std::string* why = missing_code(handle)) fatal(*why);
  }
  return kernel;
}

std::vector<const func::FunctionCode*> Runtime::kernels() {
  std::vector<const func::FunctionCode*> all;
  for (const auto& module : device().modules()) {
    for (const func::FunctionCode* code : module->kernels()) all.push_back(code);
  }
  return all;
}

const std::vector<ParamSlot>& Runtime::param_slots(const func::FunctionCode& kernel) {
  auto [it, inserted] = param_slots_.try_emplace(&kernel);
  if (inserted) {
    for (const ptx::Variable& param : kernel.ir->params) it->second.push_back(slot_of(param));
  }
  return it->second;
}

const void* Runtime::symbol_handle(std::string_view name) {
  auto it = symbol_handles_.find(name);
  if (it == symbol_handles_.end()) it = symbol_handles_.emplace(name).first;
  const void* handle = &*it;
  symbol_names_.try_emplace(handle, *it);
  return handle;
}

void Runtime::register_symbol(const void* handle, std::string name) {
  symbol_names_[handle] = std::move(name);
}

std::optional<func::SymbolInfo> Runtime::find_symbol(const void* handle) {
  auto it = symbol_names_.find(handle);
  if (it == symbol_names_.end()) return std::nullopt;
  for (const auto& module : device().modules()) {
    if (auto info = module->find_symbol(it->second)) return info;
  }
  return std::nullopt;
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
  if (!valid_stream(stream)) return cudaErrorInvalidResourceHandle;
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

bool Runtime::valid_stream(cudaStream_t stream) const {
  return stream == nullptr || stream == cudaStreamLegacy || stream == cudaStreamPerThread ||
         streams_.find(stream) != nullptr;
}

}  // namespace warpsim::runtime
