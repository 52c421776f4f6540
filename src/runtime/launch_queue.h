#pragma once

// Timing mode's launches: queued on one cycle-level GpuModel, built from the resolved config,
// and run when the host synchronizes (timing_mode.cc says when). Each finished kernel is logged
// (launch_log.h) with the configuration it was launched with.

#include <cstdint>
#include <map>
#include <memory>

#include "func/device.h"
#include "gpu/gpu_model.h"
#include "runtime/include/cuda_runtime_api.h"
#include "sim/config_node.h"

namespace warpsim::runtime {

class LaunchQueue {
 public:
  // Builds the model; a config it cannot be built from throws. `progress`: a progress line on
  // stderr (gpu.progress_cycles).
  LaunchQueue(const ConfigNode& config, bool progress);

  // Queues a prepared launch on the model's `stream`. A block the model cannot place is
  // cudaErrorLaunchOutOfResources (with a message on stderr); any other failure is fatal.
  cudaError_t queue(const func::FunctionCode& kernel, const func::LaunchConfig& config,
                    func::LaunchState state, std::uint64_t stream,
                    const KernelResourceInfo& resources);
  // Runs every queued kernel to completion and logs it. A fault in a kernel is fatal with
  // status 2, any failure of the model with status 1, after the kernels that finished before it
  // are logged. A model that failed is never run again.
  void drain();
  // Logs the whole run's figures, once (at exit, after the last drain).
  void log_run_once();

  // The host wrote device memory (GpuModel::host_write).
  void host_write(std::uint64_t addr, std::uint64_t bytes) { model_.host_write(addr, bytes); }
  bool idle() const { return model_.idle(); }
  std::uint64_t cycle() const { return model_.cycle(); }

 private:
  struct QueuedLaunch {
    const func::FunctionCode* kernel = nullptr;
    func::LaunchConfig config;
  };
  void log_finished(const std::vector<KernelResult>& finished);

  GpuModel model_;
  std::map<std::uint64_t, QueuedLaunch> queued_;  // by launch id
  bool failed_ = false;
  bool draining_ = false;
  bool run_logged_ = false;
};

}  // namespace warpsim::runtime
