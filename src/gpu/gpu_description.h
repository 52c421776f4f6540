#pragma once

// The numbers a resolved GPU config gives about the device as a whole: what the CUDA runtime
// reports (cudaDeviceProp, attributes, occupancy) and what the functional model enforces
// (launch limits). One struct, read once from the config, so every consumer agrees.

#include <cstdint>
#include <string>

#include "sim/config_node.h"

namespace warpsim {

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
