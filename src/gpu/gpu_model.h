#pragma once

// The timing model of one GPU: the components build_gpu() makes from a resolved config (CTA
// dispatcher, SMs, memory system), fed with kernel launches. Launches are queued per stream
// and run when the host synchronizes: kernels of one stream run in order, kernels of different
// streams may run at the same time, and a launch on the legacy default stream (stream 0) waits
// for everything launched before it and holds back everything launched after it.
//
// Execute at issue: each SM runs the functional model (func::step) when it issues a warp
// instruction, so the results in device memory are those of functional mode. A trace-driven
// launch replays recorded instructions instead (sm/kernel_source.h).

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "func/launch_state.h"
#include "gpu/occupancy.h"
#include "sim/config_node.h"
#include "sm/kernel_source.h"
#include "sm/sm.h"

namespace warpsim {

class ReplacementGroup;

class Simulation;

// Where a kernel's register and local-memory numbers came from (stats.json says which).
struct KernelResourceInfo {
  std::uint32_t registers_per_thread = 0;
  std::uint64_t local_per_thread = 0;
  std::string source;  // "ptxas", "estimate" or "config"
};

// One finished kernel, in the order kernels finish.
struct KernelResult {
  std::uint64_t launch_id = 0;
  std::string name;
  std::uint64_t stream = 0;
  std::uint64_t start_cycle = 0;  // core cycle the first CTA was dispatched
  std::uint64_t end_cycle = 0;    // core cycle the last CTA retired
  std::uint64_t warp_insts = 0;
  std::uint64_t thread_insts = 0;
  std::uint64_t ctas = 0;
  // stats.json's per-kernel fields beyond the above: "cycles", "ipc", "occupancy", "stalls",
  // "sm", ... (docs/stats.md).
  nlohmann::ordered_json stats;
};

// Called now and then during long runs (for --progress): simulated cycles, warp instructions.
using ProgressFn = std::function<void(std::uint64_t cycles, std::uint64_t warp_insts)>;

class GpuModel {
 public:
  // `resolved`: a config resolved against gpu_schema(). Throws ConfigError.
  explicit GpuModel(const ConfigNode& resolved);
  ~GpuModel();
  GpuModel(const GpuModel&) = delete;
  GpuModel& operator=(const GpuModel&) = delete;

  // Queues a prepared launch (func::Device::prepare) on `stream` (0: the legacy default
  // stream). Nothing runs until synchronize(). Throws LaunchError when one CTA cannot fit on
  // an SM (registers, shared memory, threads).
  void launch(func::LaunchState launch, std::uint64_t stream, const KernelResourceInfo& resources);
  // The same for any kernel source (a trace: trace/trace_kernel.h).
  void launch(std::unique_ptr<KernelSource> source, std::uint64_t stream,
              const KernelResourceInfo& resources);

  // Simulates until every queued kernel has finished and returns them in completion order.
  // Throws func::ExecError when a kernel misbehaves (the same messages as functional mode) and
  // DeadlockError when the model stops making progress.
  std::vector<KernelResult> synchronize();

  // Kernels that finished before synchronize() threw (the failing run's earlier kernels).
  std::vector<KernelResult> take_finished();
  // stats.json's run-wide fields (stalls, sm, memory) from cycle 0 to cycle(): everything the
  // model did, without the double counting that summing overlapping kernel windows gives.
  nlohmann::ordered_json run_stats();

  // The host wrote [addr, addr + bytes) of device memory (a copy or memset, done at a sync
  // point): each L2 line it touched is handed to its slice (l2.host_writes).
  void host_write(Addr addr, std::uint64_t bytes);
  bool idle() const;
  std::uint64_t cycle() const;  // current core cycle
  // `fn` runs every gpu.progress_cycles simulated cycles.
  void set_progress(ProgressFn fn);
  // Called for every warp instruction any SM issues (tests, trace writers).
  void set_issue_observer(const IssueObserver& observer);

  Simulation& sim();
  const Simulation& sim() const;
  // State the SMs' L1D policies share (replacement_group.h): RPR's predictor, Profiled-BYPASS's
  // profile, which a caller may hand over before the first launch.
  ReplacementGroup& l1d_group();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace warpsim
