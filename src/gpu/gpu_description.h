#pragma once

// The numbers a resolved GPU config gives about the device as a whole: what the CUDA runtime
// reports (cudaDeviceProp, attributes, occupancy) and what the functional model enforces
// (launch limits). One struct, read once from the config, so every consumer agrees.

#include <cstdint>
#include <string>
#include <vector>

#include "sim/config_node.h"

namespace warpsim {

// How an SM hands out registers: to each warp (compute capability 2.0 on) or to a whole CTA.
enum class RegisterGranularity : std::uint8_t { kWarp, kCta };
// Which carve-out of the unified L1/shared array a kernel gets when it sets no preference.
enum class CarveoutChoice : std::uint8_t { kSmallest, kLargest };

struct GpuDescription {
  std::string name;         // the preset's short name ("h100")
  std::string description;  // its one-line description
  int cc_major = 0;
  int cc_minor = 0;
  std::uint32_t sm_count = 0;
  std::uint32_t warp_size = 32;
  std::uint32_t max_threads_per_sm = 0;
  std::uint32_t max_ctas_per_sm = 0;
  std::uint32_t registers_per_sm = 0;
  std::uint64_t shared_per_sm = 0;
  std::uint64_t max_shared_per_cta = 0;
  // The occupancy calculator's architecture facts (gpu/occupancy.h, docs/timing.md).
  std::uint32_t max_threads_per_cta = 1024;
  std::uint32_t max_registers_per_cta = 0;
  std::uint32_t max_registers_per_thread = 0;
  std::uint32_t register_allocation_unit = 256;
  RegisterGranularity register_allocation_granularity = RegisterGranularity::kWarp;
  std::uint32_t register_file_partitions = 4;
  std::vector<std::uint32_t> registers_in_double_units;  // per-thread counts (a Fermi quirk)
  std::uint64_t shared_allocation_unit = 256;
  std::uint64_t reserved_shared_per_cta = 0;
  std::vector<std::uint64_t> shared_carveouts;  // bytes, ascending; empty: a fixed split
  CarveoutChoice shared_carveout_choice = CarveoutChoice::kSmallest;
  // gpu.kernel_registers / kernel_local_bytes: resources booked for every kernel instead of the
  // measured ones (0 registers: no override).
  std::uint32_t kernel_registers = 0;
  std::uint32_t kernel_local_bytes = 0;
  std::uint64_t global_memory = 0;
  std::uint64_t l2_size = 0;
  std::uint32_t memory_bus_bits = 0;
  double core_mhz = 0;
  double dram_mhz = 0;

  int compute_capability() const { return cc_major * 10 + cc_minor; }  // 90 for "9.0"
};

// Reads a config resolved against gpu_schema(). Throws ConfigError (with the key's location)
// for a compute capability that is not MAJOR.MINOR or limits that contradict each other.
GpuDescription describe_gpu(const ConfigNode& resolved);

}  // namespace warpsim
