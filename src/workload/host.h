#pragma once

// The in-process device a workload's host driver talks to: the functional model's Device
// (memory, modules, launches) and, in timing mode, the cycle-level GpuModel that runs the
// launches, both built from one resolved GPU config. It plays the part the CUDA runtime library
// plays for a CUDA program (src/runtime), with the same semantics: launches queue on the legacy
// default stream and run when the host synchronizes, and copies synchronize first, so what a
// driver reads back is what functional mode computes. Every finished kernel leaves a record in
// the launch log's format (runtime/launch_records.h), from which `warpsim run` builds stats.json.
//
//   Host host(resolved, Host::Mode::kTiming);
//   host.load_workload_ptx("polybench/atax");
//   Addr a = host.alloc_copy(matrix);
//   host.launch("atax_kernel1", {grid}, {256}, 0, a, x, tmp, n, n);
//   std::vector<float> out = host.read<float>(tmp, n);   // synchronizes

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "func/device.h"
#include "gpu/gpu_description.h"
#include "gpu/gpu_model.h"
#include "sim/config_node.h"
#include "workload/host_calls.h"

namespace warpsim::trace {
class TraceWriter;
}

namespace warpsim::workload {

class Host : public HostCalls<Host> {
 public:
  enum class Mode { kFunctional, kTiming };

  // `resolved`: a config resolved against gpu_schema(). Throws ConfigError.
  Host(const ConfigNode& resolved, Mode mode);
  ~Host();
  Host(const Host&) = delete;
  Host& operator=(const Host&) = delete;

  // Loads PTX text (ptx::ParseError for bad PTX).
  void load_ptx(std::string_view text, const std::string& file_name);
  // Loads the PTX built into warpsim for workload "suite/name" (embedded_ptx.h), or the
  // replacement set_workload_ptx gave for that name; throws std::runtime_error when there is
  // neither.
  void load_workload_ptx(std::string_view workload_name);

  // Replacement PTX (a compiler's rewrite of a workload's kernels, `run --kernel-ptx`): from now
  // on load_workload_ptx(`workload_name`) loads `text` instead of the embedded PTX, with
  // `file_name` in its parse errors. `workload_name` kAllWorkloads replaces the PTX of every
  // name that has no replacement of its own. Each load_workload_ptx call loads the text, as it
  // would the embedded PTX: a driver that loads several workloads' PTX (concurrent/pairs) loads
  // a replace-all text once per name, and a launch finds a kernel in the first module holding
  // it, so that text must hold every kernel the driver launches. Setting a name again replaces
  // its text; modules already loaded stay. The text is parsed when it is loaded.
  static constexpr std::string_view kAllWorkloads = "";
  void set_workload_ptx(std::string_view workload_name, std::string text, std::string file_name);

  // Thread compaction (`run --block-divide`): every later launch of kernel `kernel` (its PTX
  // name) runs with its block divided by `divisor` per dimension, the grid unchanged; the
  // transformed kernel does the work of several of the driver's threads per thread. A launch
  // whose block does not divide exactly throws std::invalid_argument naming kernel, block and
  // divisor; a zero in `divisor` throws std::invalid_argument here. Setting a kernel again
  // replaces its divisor. A divisor whose kernel is never launched is not an error here:
  // unlaunched_block_divisors() names them.
  void set_block_divisor(std::string kernel, func::Dim3 divisor);
  // The kernels with a block divisor that no launch has used yet, sorted.
  std::vector<std::string> unlaunched_block_divisors() const;

  Addr alloc(std::size_t bytes);
  void copy_in(Addr dst, const void* src, std::size_t bytes);
  void copy_out(void* dst, Addr src, std::size_t bytes);
  // alloc_copy, read, launch and launch_on (workload/host_calls.h). In functional mode a
  // kernel runs when launched; in timing mode it is queued until synchronize() or the next copy.
  // A kernel with a block divisor (set_block_divisor) runs with its block divided, and is
  // recorded so. Kernels of different nonzero streams may run at the same time in timing mode
  // (a concurrent pair); in functional mode each runs when launched.
  void launch_dims(std::string_view kernel, func::Dim3 grid, func::Dim3 block, std::uint32_t shared,
                   std::span<const KernelArg> args, std::uint64_t stream) {
    launch_args(kernel, func::LaunchConfig{grid, block, shared}, args, stream);
  }
  void launch_args(std::string_view kernel, const func::LaunchConfig& config,
                   std::span<const KernelArg> args, std::uint64_t stream = 0);

  // Runs every queued launch to completion (timing mode). Throws func::ExecError when a kernel
  // misbehaves and DeadlockError when the model stops making progress; the kernels that finished
  // before are recorded first.
  void synchronize();

  Mode mode() const { return mode_; }
  const GpuDescription& gpu() const { return gpu_; }
  func::Device& device() { return *device_; }
  // Timing mode: the cycle-level model (null in functional mode).
  GpuModel* model() { return model_.get(); }
  // The finished kernels' launch-log records, in the order they finished.
  const std::vector<nlohmann::ordered_json>& records() const { return records_; }
  // Timing mode: the whole run's record (runtime/launch_records.h run_record), after
  // synchronizing; nullopt in functional mode.
  std::optional<nlohmann::ordered_json> run_record();
  // Timing mode: `fn` runs every gpu.progress_cycles simulated cycles.
  void set_progress(ProgressFn fn);
  // Functional mode: every launch and host-to-device copy is also written as an Accel-Sim
  // trace (`run --write-trace`). Not owned; nullptr stops it.
  void set_trace_writer(trace::TraceWriter* writer);

 private:
  struct Queued {
    const func::FunctionCode* kernel = nullptr;
    func::LaunchConfig config;
  };

  struct Found {
    const func::LoadedModule* module = nullptr;
    const func::FunctionCode* kernel = nullptr;
  };

  struct PtxText {
    std::string text;
    std::string file_name;
  };
  struct Divisor {
    func::Dim3 divisor;
    bool launched = false;
  };

  Found find_kernel(std::string_view name) const;
  // `config` with the block divided by `kernel`'s divisor, if it has one.
  func::LaunchConfig divided(std::string_view kernel, const func::LaunchConfig& config);
  KernelResourceInfo resources(const Found& found, const func::LaunchConfig& config);
  void record_finished(const std::vector<KernelResult>& finished);

  Mode mode_;
  GpuDescription gpu_;
  std::unique_ptr<func::Device> device_;
  std::unique_ptr<GpuModel> model_;  // timing mode only
  std::map<const func::LoadedModule*, std::string> ptx_texts_;
  std::map<std::string, PtxText, std::less<>> replaced_ptx_;  // by workload name
  std::map<std::string, Divisor, std::less<>> divisors_;      // by kernel name
  std::map<const func::FunctionCode*, KernelResourceInfo> measured_;
  std::map<std::uint64_t, Queued> queued_;  // by launch id
  std::vector<nlohmann::ordered_json> records_;
  trace::TraceWriter* writer_ = nullptr;
};

}  // namespace warpsim::workload
