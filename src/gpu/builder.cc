#include "gpu/builder.h"

#include <stdexcept>

namespace warpsim {

namespace {

ClockDomainId add_clock(Simulation& sim, const ConfigNode& clocks, const char* key,
                        const char* name) {
  const ConfigNode& mhz = clocks.at(key);
  try {
    return sim.add_clock(name, period_from_mhz(mhz.as_double()));
  } catch (const std::invalid_argument& e) {
    throw mhz.error(e.what());
  }
}

}  // namespace

BuiltGpu build_gpu(const ConfigNode& resolved) {
  const ConfigNode& sim_cfg = resolved.at("sim");
  SimOptions options;
  options.skip_idle = sim_cfg.at("skip_idle").as_bool();
  options.watchdog_cycles = sim_cfg.at("watchdog_cycles").as_uint();
  options.root = "gpu";

  BuiltGpu gpu;
  gpu.sim = std::make_unique<Simulation>(options);
  const ConfigNode& clocks = resolved.at("clocks");
  // The core clock is added first: the watchdog counts in its cycles.
  gpu.clocks.core = add_clock(*gpu.sim, clocks, "core_mhz", "core");
  gpu.clocks.icnt = add_clock(*gpu.sim, clocks, "icnt_mhz", "icnt");
  gpu.clocks.l2 = add_clock(*gpu.sim, clocks, "l2_mhz", "l2");
  gpu.clocks.dram = add_clock(*gpu.sim, clocks, "dram_mhz", "dram");
  return gpu;
}

}  // namespace warpsim
