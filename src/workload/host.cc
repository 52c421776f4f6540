#include "workload/host.h"

#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "func/exec_error.h"
#include "runtime/device_options.h"
#include "runtime/launch_records.h"
#include "runtime/occupancy.h"
#include "trace/trace_writer.h"
#include "workload/embedded_ptx.h"
#include "workload/launch_resources.h"

namespace warpsim::workload {

namespace {

func::DeviceOptions device_options(const GpuDescription& gpu, const ConfigNode& resolved) {
  func::DeviceOptions options = runtime::device_options(gpu, resolved);
  options.max_threads_per_cta = gpu.max_threads_per_cta;
  return options;
}

}  // namespace

Host::Host(const ConfigNode& resolved, Mode mode)
    : mode_(mode),
      gpu_(describe_gpu(resolved)),
      device_(std::make_unique<func::Device>(device_options(gpu_, resolved))) {
  if (mode_ == Mode::kTiming) model_ = std::make_unique<GpuModel>(resolved);
}

Host::~Host() = default;

void Host::load_ptx(std::string_view text, const std::string& file_name) {
  const func::LoadedModule& module = device_->load_module(text, file_name);
  ptx_texts_[&module] = std::string(text);
}

void Host::load_workload_ptx(std::string_view workload_name) {
  auto replaced = replaced_ptx_.find(workload_name);
  if (replaced == replaced_ptx_.end()) replaced = replaced_ptx_.find(kAllWorkloads);
  if (replaced != replaced_ptx_.end()) {
    load_ptx(replaced->second.text, replaced->second.file_name);
    return;
  }
  const std::optional<std::string_view> text = find_workload_ptx(workload_name);
  if (!text) {
    throw std::runtime_error(fmt::format(
        "no PTX is built into warpsim for workload '{}' (run scripts/gen-ptx, then rebuild)",
        workload_name));
  }
  load_ptx(*text, std::string(workload_name) + ".ptx");
}

void Host::set_workload_ptx(std::string_view workload_name, std::string text,
                            std::string file_name) {
  replaced_ptx_.insert_or_assign(std::string(workload_name),
                                 PtxText{std::move(text), std::move(file_name)});
}

void Host::set_block_divisor(std::string kernel, func::Dim3 divisor) {
  if (divisor.x == 0 || divisor.y == 0 || divisor.z == 0) {
    throw std::invalid_argument(
        fmt::format("kernel {}: block divisor {} has a zero", kernel, divisor.str()));
  }
  divisors_.insert_or_assign(std::move(kernel), Divisor{divisor});
}

std::vector<std::string> Host::unlaunched_block_divisors() const {
  std::vector<std::string> names;
  for (const auto& [kernel, divisor] : divisors_) {
    if (!divisor.launched) names.push_back(kernel);
  }
  return names;
}

func::LaunchConfig Host::divided(std::string_view kernel, const func::LaunchConfig& config) {
  const auto it = divisors_.find(kernel);
  if (it == divisors_.end()) return config;
  const func::Dim3& d = it->second.divisor;
  const func::Dim3& b = config.block;
  if (b.x % d.x != 0 || b.y % d.y != 0 || b.z % d.z != 0) {
    throw std::invalid_argument(fmt::format(
        "kernel {}: block {} does not divide by the block divisor {}", kernel, b.str(), d.str()));
  }
  func::LaunchConfig result = config;
  result.block = func::Dim3{b.x / d.x, b.y / d.y, b.z / d.z};
  it->second.launched = true;
  return result;
}

Addr Host::alloc(std::size_t bytes) { return device_->malloc(bytes); }

void Host::copy_in(Addr dst, const void* src, std::size_t bytes) {
  synchronize();
  device_->memory().write(dst, src, bytes);
  if (model_) model_->host_write(dst, bytes);
  if (writer_ != nullptr) writer_->on_memcpy_h2d(dst, bytes);
}

void Host::set_trace_writer(trace::TraceWriter* writer) {
  if (writer != nullptr && mode_ != Mode::kFunctional) {
    throw std::logic_error("traces are written in functional mode only");
  }
  writer_ = writer;
  device_->set_observer(writer);
}

void Host::copy_out(void* dst, Addr src, std::size_t bytes) {
  synchronize();
  device_->memory().read(src, dst, bytes);
}

Host::Found Host::find_kernel(std::string_view name) const {
  for (const auto& module : device_->modules()) {
    if (const func::FunctionCode* code = module->find_kernel(name)) return {module.get(), code};
  }
  throw std::invalid_argument(fmt::format("no kernel '{}' in the loaded PTX", name));
}

KernelResourceInfo Host::resources(const Found& found, const func::LaunchConfig& config) {
  auto it = measured_.find(found.kernel);
  if (it == measured_.end()) {
    const std::string& text = ptx_texts_.at(found.module);
    it = measured_
             .emplace(found.kernel,
                      measure_kernel_resources(gpu_, *found.module, text, *found.kernel))
             .first;
  }
  std::optional<KernelResourceInfo> fitted =
      runtime::fit_to_block(gpu_, it->second, config.block.volume());
  if (!fitted) {
    throw func::LaunchError(fmt::format(
        "kernel {}: a block of {} threads needs more registers than an SM has ({} per thread)",
        found.kernel->name(), config.block.volume(), it->second.registers_per_thread));
  }
  return *fitted;
}

void Host::launch_args(std::string_view kernel, const func::LaunchConfig& launched,
                       std::span<const KernelArg> args, std::uint64_t stream) {
  const Found found = find_kernel(kernel);
  const auto& params = found.kernel->ir->params;
  if (args.size() != params.size()) {
    throw std::invalid_argument(fmt::format("kernel {}: {} arguments given, it takes {}", kernel,
                                            args.size(), params.size()));
  }
  std::vector<const void*> values;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i].size != params[i].size_bytes()) {
      throw std::invalid_argument(
          fmt::format("kernel {}: argument {} has {} bytes, parameter {} {}", kernel, i,
                      args[i].size, params[i].name, params[i].size_bytes()));
    }
    values.push_back(args[i].value);
  }
  const func::LaunchConfig config = divided(kernel, launched);
  if (mode_ == Mode::kFunctional) {
    if (writer_ != nullptr) {
      writer_->set_next_registers(resources(found, config).registers_per_thread);
    }
    const func::LaunchResult result = device_->launch(*found.kernel, config, values);
    records_.push_back(runtime::launch_record(*found.kernel, config, result));
    return;
  }
  const KernelResourceInfo info = resources(found, config);
  func::LaunchState state = device_->prepare(*found.kernel, config, values);
  const std::uint64_t id = state.launch_id;
  model_->launch(std::move(state), stream, info);
  queued_[id] = Queued{found.kernel, config};
}

void Host::synchronize() {
  if (model_ == nullptr || model_->idle()) return;
  std::vector<KernelResult> finished;
  try {
    finished = model_->synchronize();
  } catch (...) {
    record_finished(model_->take_finished());
    throw;
  }
  record_finished(finished);
}

void Host::record_finished(const std::vector<KernelResult>& finished) {
  for (const KernelResult& result : finished) {
    auto it = queued_.find(result.launch_id);
    if (it == queued_.end()) {
      throw std::logic_error(fmt::format(
          "the timing model finished launch {}, which was never queued", result.launch_id));
    }
    records_.push_back(
        runtime::kernel_result_record(*it->second.kernel, it->second.config, result));
    queued_.erase(it);
  }
}

std::optional<nlohmann::ordered_json> Host::run_record() {
  if (model_ == nullptr) return std::nullopt;
  synchronize();
  return runtime::run_record(model_->run_stats());
}

void Host::set_progress(ProgressFn fn) {
  if (model_ != nullptr) model_->set_progress(std::move(fn));
}

}  // namespace warpsim::workload
