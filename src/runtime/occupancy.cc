#include "runtime/occupancy.h"

#include <algorithm>
#include <climits>

#include "gpu/occupancy.h"

namespace warpsim::runtime {

int max_active_blocks(const GpuDescription& gpu, const KernelLimits& k, int block_size,
                      std::size_t dynamic_shared) {
  if (block_size <= 0 || block_size > k.max_threads) return 0;
  if (dynamic_shared > static_cast<std::size_t>(std::max(k.max_dynamic_shared, 0))) return 0;
  KernelFootprint kernel;
  kernel.threads_per_cta = static_cast<std::uint32_t>(block_size);
  kernel.registers_per_thread = k.registers;
  kernel.shared_per_cta = std::uint64_t{k.static_shared} + dynamic_shared;
  const std::uint32_t blocks = compute_occupancy(gpu, kernel).ctas_per_sm;
  return static_cast<int>(std::min<std::uint32_t>(blocks, INT_MAX));
}

// Each block gets an equal share of the SM's shared memory in allocation units, less its static
// shared memory and what the driver reserves, so that `blocks` such blocks really fit.
std::size_t available_dynamic_shared(const GpuDescription& gpu, const KernelLimits& k, int blocks,
                                     int block_size) {
  if (blocks <= 0) return 0;
  KernelLimits no_dynamic = k;
  no_dynamic.max_dynamic_shared = 0;
  if (max_active_blocks(gpu, no_dynamic, block_size, 0) < blocks) return 0;
  const std::uint64_t unit = std::max<std::uint64_t>(gpu.shared_allocation_unit, 1);
  const std::uint64_t share = gpu.shared_per_sm / static_cast<std::uint64_t>(blocks);
  const std::uint64_t budget = share / unit * unit;
  const std::uint64_t used = std::uint64_t{k.static_shared} + gpu.reserved_shared_per_cta;
  if (budget <= used || gpu.max_shared_per_cta <= k.static_shared) return 0;
  return static_cast<std::size_t>(
      std::min(budget - used, gpu.max_shared_per_cta - k.static_shared));
}

int max_threads_per_block(const GpuDescription& gpu, std::uint32_t registers,
                          std::uint32_t launch_bound) {
  std::uint64_t threads = gpu.max_threads_per_cta;
  if (launch_bound != 0) threads = std::min<std::uint64_t>(threads, launch_bound);
  const std::uint64_t warps = max_warps_per_cta_by_registers(gpu, registers);
  threads = std::min<std::uint64_t>(threads, warps * gpu.warp_size);
  return static_cast<int>(std::min<std::uint64_t>(threads, INT_MAX));
}

std::optional<KernelResourceInfo> fit_to_block(const GpuDescription& gpu, KernelResourceInfo info,
                                               std::uint64_t block_threads) {
  auto fits = [&](std::uint32_t registers) {
    return static_cast<std::uint64_t>(max_threads_per_block(gpu, registers, 0)) >= block_threads;
  };
  if (info.source != "estimate") {
    if (!fits(info.registers_per_thread)) return std::nullopt;
    return info;
  }
  while (info.registers_per_thread > 1 && !fits(info.registers_per_thread)) {
    --info.registers_per_thread;
  }
  return info;
}

}  // namespace warpsim::runtime
