#pragma once

#include <memory>
#include <vector>

#include "gpu/gpu_description.h"
#include "sim/clock.h"
#include "sim/config_node.h"
#include "sim/simulation.h"
#include "sm/gpc_icache.h"
#include "sm/sm_config.h"

namespace warpsim {

class CtaDispatcher;
class ReplacementGroup;
class Sm;
class Timeline;
struct MemorySystem;
class SharedTlb;

struct GpuClocks {
  ClockDomainId core = 0;
  ClockDomainId icnt = 0;
  ClockDomainId l2 = 0;
  ClockDomainId dram = 0;
};

// A GPU model built from a resolved config (resolve_config against gpu_schema()). Owns the
// Simulation; the builder is the only code that creates components and wires Links. The
// numbers the components read live here too, declared first so they outlive the components.
struct BuiltGpu {
  std::unique_ptr<SmConfig> sm_config;
  GpuDescription description;
  // The SMs' L1 data caches' replacement group (RPR's shared predictor); before `sim`, so that
  // it outlives the caches.
  std::unique_ptr<ReplacementGroup> l1d_group;
  std::unique_ptr<Simulation> sim;
  GpuClocks clocks;
  CtaDispatcher* dispatcher = nullptr;
  std::vector<Sm*> sms;
  std::unique_ptr<SharedTlb> tlb;  // the GPU-wide L2 TLB, used by every SM
  std::unique_ptr<MemorySystem> memory;
  std::vector<std::unique_ptr<GpcIcache>> gpc_icaches;  // sm.gpc_icache: one per group of SMs
  Timeline* timeline = nullptr;                         // gpu.timeline_cycles != 0

  BuiltGpu();
  BuiltGpu(BuiltGpu&&) noexcept;
  BuiltGpu& operator=(BuiltGpu&&) noexcept;
  ~BuiltGpu();
};

// Throws ConfigError for values the schema cannot check on its own.
BuiltGpu build_gpu(const ConfigNode& resolved);

}  // namespace warpsim
