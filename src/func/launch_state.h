#pragma once

// Everything one kernel launch shares across its CTAs: the kernel, the grid, the parameter
// buffer and the kernel's shared-memory layout.

#include <cstdint>
#include <vector>

#include "func/dim3.h"
#include "func/loaded_module.h"

namespace warpsim::func {

class Device;

struct LaunchConfig {
  Dim3 grid;
  Dim3 block;
  std::uint32_t dynamic_shared = 0;  // bytes
};

struct LaunchState {
  Device* device = nullptr;
  const LoadedModule* module = nullptr;
  const FunctionCode* kernel = nullptr;
  LaunchConfig config;
  std::vector<std::uint8_t> params;           // the kernel parameter buffer
  std::vector<std::uint32_t> shared_offsets;  // shared id -> offset (kNoSlot: unused)
  std::uint32_t static_shared = 0;
  std::uint32_t shared_size = 0;  // static + dynamic
  std::uint32_t warps_per_cta = 0;
  std::uint64_t launch_id = 0;
  // Value of %clock/%clock64: the timing model sets the current cycle; functional mode counts
  // warp instructions executed so far in the launch.
  std::uint64_t clock = 0;
  std::uint32_t smid = 0;
};

}  // namespace warpsim::func
