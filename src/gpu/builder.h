#pragma once

#include <memory>

#include "sim/clock.h"
#include "sim/config_node.h"
#include "sim/simulation.h"

namespace warpsim {

struct GpuClocks {
  ClockDomainId core = 0;
  ClockDomainId icnt = 0;
  ClockDomainId l2 = 0;
  ClockDomainId dram = 0;
};

// A GPU model built from a resolved config (resolve_config against gpu_schema()). Owns the
// Simulation; the builder is the only code that creates components and wires Links.
struct BuiltGpu {
  std::unique_ptr<Simulation> sim;
  GpuClocks clocks;
};

// Throws ConfigError for values the schema cannot check on its own.
BuiltGpu build_gpu(const ConfigNode& resolved);

}  // namespace warpsim
