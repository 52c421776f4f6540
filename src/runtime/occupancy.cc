#include "runtime/occupancy.h"

#include <algorithm>
#include <climits>

namespace warpsim::runtime {
namespace {

// Registers are allocated per warp in units of 256 (compute capability 3.0 and later).
constexpr int kRegisterUnit = 256;

// Shared memory is allocated per block in units of 128 bytes from compute capability 8.0 on,
// 256 before.
std::size_t shared_granularity(const cudaDeviceProp& p) { return p.major >= 8 ? 128 : 256; }

// The register file is split among SM sub-partitions (warp schedulers); a warp's registers come
// from one of them. Four on every architecture since Maxwell except GP100 (6.0), which has two.
int sub_partitions(const cudaDeviceProp& p) { return p.major == 6 && p.minor == 0 ? 2 : 4; }

int round_up(int value, int unit) { return (value + unit - 1) / unit * unit; }

int registers_per_warp(const cudaDeviceProp& p, std::uint32_t registers) {
  return round_up(static_cast<int>(registers) * p.warpSize, kRegisterUnit);
}

// Whether one block's registers fit the per-block register limit. The hardware check assumes
// every sub-partition gets the same number of the block's warps, so warps round up to that.
bool block_registers_fit(const cudaDeviceProp& p, std::uint32_t registers, int warps) {
  const long long per_warp = registers_per_warp(p, registers);
  return per_warp * round_up(warps, sub_partitions(p)) <= p.regsPerBlock;
}

int blocks_by_registers(const cudaDeviceProp& p, std::uint32_t registers, int warps) {
  const int per_warp = registers_per_warp(p, registers);
  if (per_warp == 0) return INT_MAX;
  if (!block_registers_fit(p, registers, warps)) return 0;
  const int parts = sub_partitions(p);
  const int warps_per_sm = p.regsPerMultiprocessor / parts / per_warp * parts;
  return warps_per_sm / warps;
}

// Bytes one block holds: its static and dynamic shared memory plus what the driver reserves.
std::size_t shared_per_block(const cudaDeviceProp& p, const KernelLimits& k,
                             std::size_t dynamic_shared) {
  const std::size_t bytes = k.static_shared + p.reservedSharedMemPerBlock + dynamic_shared;
  const std::size_t unit = shared_granularity(p);
  return (bytes + unit - 1) / unit * unit;
}

int blocks_by_shared(const cudaDeviceProp& p, const KernelLimits& k, std::size_t dynamic_shared) {
  if (dynamic_shared > static_cast<std::size_t>(std::max(k.max_dynamic_shared, 0))) return 0;
  if (k.static_shared + dynamic_shared > p.sharedMemPerBlockOptin) return 0;
  const std::size_t per_block = shared_per_block(p, k, dynamic_shared);
  if (per_block == 0) return INT_MAX;
  return static_cast<int>(std::min<std::size_t>(p.sharedMemPerMultiprocessor / per_block, INT_MAX));
}

}  // namespace

int max_active_blocks(const cudaDeviceProp& p, const KernelLimits& k, int block_size,
                      std::size_t dynamic_shared) {
  if (block_size <= 0 || block_size > k.max_threads || p.warpSize <= 0) return 0;
  const int warps = (block_size + p.warpSize - 1) / p.warpSize;
  int blocks = p.maxBlocksPerMultiProcessor;
  blocks = std::min(blocks, p.maxThreadsPerMultiProcessor / p.warpSize / warps);
  blocks = std::min(blocks, blocks_by_registers(p, k.registers, warps));
  blocks = std::min(blocks, blocks_by_shared(p, k, dynamic_shared));
  return std::max(blocks, 0);
}

std::size_t available_dynamic_shared(const cudaDeviceProp& p, const KernelLimits& k, int blocks,
                                     int block_size) {
  if (blocks <= 0) return 0;
  KernelLimits no_dynamic = k;
  no_dynamic.max_dynamic_shared = 0;
  if (max_active_blocks(p, no_dynamic, block_size, 0) < blocks) return 0;
  const std::size_t unit = shared_granularity(p);
  const std::size_t share = p.sharedMemPerMultiprocessor / static_cast<std::size_t>(blocks);
  const std::size_t budget = share / unit * unit;
  const std::size_t used = k.static_shared + p.reservedSharedMemPerBlock;
  if (budget <= used || p.sharedMemPerBlockOptin <= k.static_shared) return 0;
  return std::min(budget - used, p.sharedMemPerBlockOptin - k.static_shared);
}

int max_threads_per_block(const cudaDeviceProp& p, std::uint32_t registers,
                          std::uint32_t launch_bound) {
  int threads = p.maxThreadsPerBlock;
  if (launch_bound != 0 && launch_bound < static_cast<std::uint32_t>(std::max(threads, 0))) {
    threads = static_cast<int>(launch_bound);
  }
  const int per_warp = registers_per_warp(p, registers);
  if (per_warp > 0 && p.warpSize > 0) {
    const int parts = sub_partitions(p);
    const int warps = p.regsPerBlock / per_warp / parts * parts;
    threads = std::min(threads, warps * p.warpSize);
  }
  return std::max(threads, 0);
}

}  // namespace warpsim::runtime
