#pragma once

// The simulator as a probe::Device: a timing-mode workload::Host (the functional model's memory,
// textures and kernels, and the cycle-level GpuModel that times the launches, both built from
// one resolved config), as a workload's driver uses it. The microbenchmark kernels are the embedded
// PTX of microbench/kernels/ (probe/microbench_ptx.h). One GpuModel lives as long as the device, so
// the L2, the TLBs and DRAM keep their state from one launch to the next as on a GPU; whether the
// L1 caches do is the config's `sm.ldst.flush_l1_between_kernels`.

#include <cstdint>
#include <map>
#include <ostream>
#include <string>

#include "probe/device.h"
#include "sim/config_node.h"
#include "workload/host.h"

namespace warpsim::probe {

class SimDevice : public Device {
 public:
  // `resolved`: a config resolved against gpu_schema(). Throws ConfigError for a config the
  // timing model cannot be built from.
  explicit SimDevice(const ConfigNode& resolved);
  ~SimDevice() override;

  DeviceInfo info() const override;
  std::uint64_t alloc(std::uint64_t bytes) override;
  void free(std::uint64_t address) override;
  void write(std::uint64_t address, const void* data, std::uint64_t bytes) override;
  void read(void* data, std::uint64_t address, std::uint64_t bytes) override;
  std::uint64_t linear_texture(std::uint64_t address, std::uint64_t bytes) override;
  // Throws std::runtime_error for an unknown kernel, arguments that do not match its
  // parameters, a block that does not fit an SM, or a kernel that deadlocks (func::ExecError
  // for one that faults).
  double launch(const Launch& launch) override;

  // From now on, each launch's stats record (a stats.json `kernels` entry, docs/stats.md) with
  // its arguments as `args` goes to `out` as one JSON line; nullptr stops it. `out` must outlive
  // the launches.
  void write_launch_stats(std::ostream* out) { launch_stats_ = out; }

  // Kernel launches and simulated cycles so far (for progress and timing reports).
  std::uint64_t launches() const { return launches_; }
  std::uint64_t simulated_cycles() const { return simulated_cycles_; }
  // Per kernel launched: the shared memory carve-out of its last launch (stats.json's
  // occupancy.shared_carveout), which sizes the L1D where L1 and shared memory share an array.
  const std::map<std::string, std::uint64_t>& shared_carveouts() const { return carveouts_; }

 private:
  workload::Host host_;
  std::uint64_t live_bytes_ = 0;
  std::map<std::uint64_t, std::uint64_t> sizes_;
  std::uint64_t launches_ = 0;
  std::uint64_t simulated_cycles_ = 0;
  std::map<std::string, std::uint64_t> carveouts_;
  std::ostream* launch_stats_ = nullptr;
};

}  // namespace warpsim::probe
