#include "probe/sim_device.h"

#include <algorithm>
#include <stdexcept>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "func/exec_error.h"
#include "probe/microbench_ptx.h"
#include "runtime/occupancy.h"
#include "sim/engine.h"
#include "workload/launch_resources.h"

namespace warpsim::probe {
namespace {

// Large arrays start on a 2 MB boundary, as cudaMalloc places them, so that the page-sized
// strides of the TLB experiments line up with pages.
constexpr std::uint64_t kLargeAllocation = 1ull << 20;
constexpr std::uint64_t kLargeAlignment = 2ull << 20;

func::TextureObject linear_u32_texture(std::uint64_t address, std::uint64_t bytes) {
  func::TextureObject object;
  object.resource.kind = func::TextureResource::Kind::kLinear;
  object.resource.base = address;
  object.resource.format = func::TexelFormat{1, 32, func::ChannelKind::kUnsigned};
  object.resource.width = bytes / 4;
  object.resource.pitch = bytes;
  object.resource.dims = 1;
  return object;  // point sampling, clamped, read as the element type: tex1Dfetch's defaults
}

}  // namespace

SimDevice::SimDevice(const ConfigNode& resolved)
    : gpu_(describe_gpu(resolved)),
      device_(func::DeviceOptions{
          .max_shared_per_cta = static_cast<std::uint32_t>(gpu_.max_shared_per_cta),
          .max_threads_per_cta = gpu_.max_threads_per_cta}),
      model_(resolved) {
  for (const EmbeddedFile& ptx : microbench_ptx()) {
    const func::LoadedModule& module =
        device_.load_module(ptx.text, "microbench/kernels/" + std::string(ptx.key) + ".cu");
    for (const func::FunctionCode* code : module.kernels()) {
      kernels_[code->name()] = {&module, std::string(ptx.text)};
    }
  }
}

SimDevice::~SimDevice() = default;

DeviceInfo SimDevice::info() const {
  DeviceInfo info;
  info.name = gpu_.name + " (warpsim)";
  info.sm_count = gpu_.sm_count;
  info.compute_major = static_cast<std::uint32_t>(gpu_.cc_major);
  info.compute_minor = static_cast<std::uint32_t>(gpu_.cc_minor);
  info.core_mhz = gpu_.core_mhz;
  info.global_bytes = gpu_.global_memory;
  info.l2_bytes = gpu_.l2_size;
  info.shared_per_block = static_cast<std::uint32_t>(gpu_.max_shared_per_cta);
  info.max_threads_per_sm = gpu_.max_threads_per_sm;
  info.max_threads_per_block = gpu_.max_threads_per_cta;
  info.max_blocks_per_sm = gpu_.max_ctas_per_sm;
  info.shared_per_sm = static_cast<std::uint32_t>(gpu_.shared_per_sm);
  return info;
}

std::uint64_t SimDevice::alloc(std::uint64_t bytes) {
  if (bytes == 0 || bytes > gpu_.global_memory - live_bytes_) {
    throw std::runtime_error(
        fmt::format("cannot allocate {} bytes of global memory ({} of {} in use)", bytes,
                    live_bytes_, gpu_.global_memory));
  }
  const std::size_t align = bytes >= kLargeAllocation ? kLargeAlignment : 256;
  const Addr base = device_.memory().allocate(bytes, func::AllocationKind::kMalloc, "probe", align);
  live_bytes_ += bytes;
  sizes_[base] = bytes;
  return base;
}

void SimDevice::free(std::uint64_t address) {
  auto it = sizes_.find(address);
  if (it == sizes_.end() || !device_.free(address)) {
    throw std::runtime_error(fmt::format("free of {:#x}, which is not an allocation", address));
  }
  live_bytes_ -= it->second;
  sizes_.erase(it);
}

void SimDevice::write(std::uint64_t address, const void* data, std::uint64_t bytes) {
  device_.memory().write(address, data, bytes);
}

void SimDevice::read(void* data, std::uint64_t address, std::uint64_t bytes) {
  device_.memory().read(address, data, bytes);
}

std::uint64_t SimDevice::linear_texture(std::uint64_t address, std::uint64_t bytes) {
  if (bytes < 4 || address % 256 != 0 || device_.memory().find(address, bytes) == nullptr) {
    throw std::runtime_error(
        fmt::format("a linear texture needs 256-byte aligned allocated memory: {:#x}, {} bytes",
                    address, bytes));
  }
  return device_.textures().create(linear_u32_texture(address, bytes));
}

const func::FunctionCode& SimDevice::kernel(const std::string& name) const {
  auto it = kernels_.find(name);
  const func::FunctionCode* code =
      it == kernels_.end() ? nullptr : it->second.first->find_kernel(name);
  if (code == nullptr) throw std::runtime_error("no microbenchmark kernel named '" + name + "'");
  return *code;
}

KernelResourceInfo SimDevice::resources(const std::string& name, const func::FunctionCode& code) {
  auto it = measured_.find(name);
  if (it == measured_.end()) {
    const auto& [module, text] = kernels_.at(name);
    it = measured_.emplace(name, workload::measure_kernel_resources(gpu_, *module, text, code))
             .first;
  }
  return it->second;
}

double SimDevice::launch(const Launch& launch) {
  const func::FunctionCode& code = kernel(launch.kernel);
  if (code.kernel_param_size != 8 * launch.args.size()) {
    throw std::runtime_error(fmt::format("kernel {} takes {} bytes of parameters, not {} x 8",
                                         launch.kernel, code.kernel_param_size,
                                         launch.args.size()));
  }
  const func::Dim3 grid{launch.grid[0], launch.grid[1], launch.grid[2]};
  const func::Dim3 block{launch.block[0], launch.block[1], launch.block[2]};
  const std::optional<KernelResourceInfo> resources =
      runtime::fit_to_block(gpu_, this->resources(launch.kernel, code), block.volume());
  if (!resources) {
    throw std::runtime_error(fmt::format("kernel {}: a block of {} threads does not fit an SM",
                                         launch.kernel, block.volume()));
  }
  std::vector<const void*> args;
  for (const std::uint64_t& value : launch.args) args.push_back(&value);
  std::vector<KernelResult> results;
  try {
    func::LaunchState state =
        device_.prepare(code, func::LaunchConfig{grid, block, launch.dynamic_shared}, args);
    model_.launch(std::move(state), 0, *resources);
    results = model_.synchronize();
  } catch (const DeadlockError& e) {
    throw std::runtime_error(fmt::format("kernel {}: the timing model stopped making progress\n{}",
                                         launch.kernel, e.what()));
  } catch (const func::LaunchError& e) {
    throw std::runtime_error(fmt::format("kernel {}: {}", launch.kernel, e.what()));
  }
  if (results.size() != 1) {
    throw std::logic_error(
        fmt::format("kernel {}: {} results from one launch", launch.kernel, results.size()));
  }
  const std::uint64_t cycles = results.front().end_cycle - results.front().start_cycle;
  ++launches_;
  simulated_cycles_ += cycles;
  return static_cast<double>(cycles);
}

}  // namespace warpsim::probe
