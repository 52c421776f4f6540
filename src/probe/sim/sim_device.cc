#include "probe/sim/sim_device.h"

#include <stdexcept>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "func/exec_error.h"
#include "probe/sim/microbench_ptx.h"
#include "sim/engine.h"

namespace warpsim::probe {
namespace {

// Large arrays start on a 2 MB boundary, as cudaMalloc places them, so that the page-sized
// strides of the TLB experiments line up with pages.
constexpr std::uint64_t kLargeAllocation = 1ull << 20;
constexpr std::uint64_t kLargeAlignment = 2ull << 20;

}  // namespace

SimDevice::SimDevice(const ConfigNode& resolved) : host_(resolved, workload::Host::Mode::kTiming) {
  for (const EmbeddedFile& ptx : microbench_ptx()) {
    host_.load_ptx(ptx.text, "microbench/kernels/" + std::string(ptx.key) + ".cu");
  }
}

SimDevice::~SimDevice() = default;

DeviceInfo SimDevice::info() const {
  const GpuDescription& gpu = host_.gpu();
  DeviceInfo info;
  info.name = gpu.name + " (warpsim)";
  info.sm_count = gpu.sm_count;
  info.compute_major = static_cast<std::uint32_t>(gpu.cc_major);
  info.compute_minor = static_cast<std::uint32_t>(gpu.cc_minor);
  info.core_mhz = gpu.core_mhz;
  info.global_bytes = gpu.global_memory;
  info.l2_bytes = gpu.l2_size;
  info.shared_per_block = static_cast<std::uint32_t>(gpu.max_shared_per_cta);
  info.max_threads_per_sm = gpu.max_threads_per_sm;
  info.max_threads_per_block = gpu.max_threads_per_cta;
  info.max_blocks_per_sm = gpu.max_ctas_per_sm;
  info.shared_per_sm = static_cast<std::uint32_t>(gpu.shared_per_sm);
  return info;
}

std::uint64_t SimDevice::alloc(std::uint64_t bytes) {
  const GpuDescription& gpu = host_.gpu();
  if (bytes == 0 || bytes > gpu.global_memory - live_bytes_) {
    throw std::runtime_error(
        fmt::format("cannot allocate {} bytes of global memory ({} of {} in use)", bytes,
                    live_bytes_, gpu.global_memory));
  }
  const std::size_t align = bytes >= kLargeAllocation ? kLargeAlignment : 256;
  const Addr base =
      host_.device().memory().allocate(bytes, func::AllocationKind::kMalloc, "probe", align);
  live_bytes_ += bytes;
  sizes_[base] = bytes;
  return base;
}

void SimDevice::free(std::uint64_t address) {
  auto it = sizes_.find(address);
  if (it == sizes_.end() || !host_.device().free(address)) {
    throw std::runtime_error(fmt::format("free of {:#x}, which is not an allocation", address));
  }
  live_bytes_ -= it->second;
  sizes_.erase(it);
}

void SimDevice::write(std::uint64_t address, const void* data, std::uint64_t bytes) {
  host_.copy_in(address, data, bytes);
}

void SimDevice::read(void* data, std::uint64_t address, std::uint64_t bytes) {
  host_.device().memory().read(address, data, bytes);
}

std::uint64_t SimDevice::linear_texture(std::uint64_t address, std::uint64_t bytes) {
  if (bytes < 4 || address % 256 != 0 || host_.device().memory().find(address, bytes) == nullptr) {
    throw std::runtime_error(
        fmt::format("a linear texture needs 256-byte aligned allocated memory: {:#x}, {} bytes",
                    address, bytes));
  }
  return host_.device().textures().create(func::linear_u32_texture(address, bytes));
}

double SimDevice::launch(const Launch& launch) {
  std::vector<workload::KernelArg> args;
  for (const std::uint64_t& value : launch.args) args.push_back({&value, sizeof value});
  const func::LaunchConfig config{{launch.grid[0], launch.grid[1], launch.grid[2]},
                                  {launch.block[0], launch.block[1], launch.block[2]},
                                  launch.dynamic_shared};
  try {
    host_.launch_args(launch.kernel, config, args);
    host_.synchronize();
  } catch (const DeadlockError& e) {
    throw std::runtime_error(fmt::format("kernel {}: the timing model stopped making progress\n{}",
                                         launch.kernel, e.what()));
  } catch (const func::LaunchError& e) {
    throw std::runtime_error(fmt::format("kernel {}: {}", launch.kernel, e.what()));
  } catch (const std::invalid_argument& e) {  // an unknown kernel, arguments that do not fit
    throw std::runtime_error(fmt::format("microbenchmark kernel {}: {}", launch.kernel, e.what()));
  }
  const auto& record = host_.records().back();
  if (launch_stats_ != nullptr) {
    nlohmann::ordered_json line = record;
    line["args"] = launch.args;
    *launch_stats_ << line.dump() << '\n';
  }
  const auto cycles = record.at("cycles").get<std::uint64_t>();
  carveouts_[launch.kernel] = record.at("occupancy").at("shared_carveout").get<std::uint64_t>();
  ++launches_;
  simulated_cycles_ += cycles;
  return static_cast<double>(cycles);
}

}  // namespace warpsim::probe
