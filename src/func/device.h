#pragma once

// The functional model's C++ API: one simulated device with its memory, loaded modules and
// texture objects. Workloads, the CUDA runtime replacement and tests use it to load PTX,
// allocate and copy memory and launch kernels; the timing model drives the same state one warp
// instruction at a time through executor.h.
//
//   func::Device dev;
//   const auto& mod = dev.load_module(ptx_text, "vecadd.ptx");
//   Addr a = dev.malloc(n * 4);
//   dev.memory().write(a, host.data(), n * 4);
//   const void* args[] = {&a, &n};
//   dev.launch(*mod.find_kernel("vecadd"), {grid, block, 0}, args);

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "func/device_memory.h"
#include "func/launch_observer.h"
#include "func/launch_state.h"
#include "func/loaded_module.h"
#include "func/texture.h"

namespace warpsim::func {

struct DeviceOptions {
  std::ostream* printf_out = nullptr;     // device printf; nullptr: std::cout
  std::uint32_t stack_limit = 64 * 1024;  // bytes of local memory (stack) per thread
  std::uint32_t max_shared_per_cta = 228 * 1024;
  std::uint32_t max_threads_per_cta = 1024;
  std::uint32_t resident_ctas = 8;  // CTAs interleaved by the functional runner
  std::uint32_t quantum = 64;       // warp instructions per turn in functional mode
  // Managed and pinned host allocations live in host memory at their device address, so the
  // host can use device pointers to them (DeviceMemory). One such device per process: the CUDA
  // runtime's.
  bool host_mapped = false;
  // Functional launches report each instruction here (not owned; nullptr: none).
  LaunchObserver* observer = nullptr;
  // Applied to every module after parsing, before it is verified again and decoded: the
  // configured PTX passes (src/passes). Empty: none.
  std::function<void(ptx::Module&)> transform;
  // Whether modules may use warpsim's `relssp` (seed 002's scratchpad sharing: only a GPU with
  // sm.scratchpad_sharing.enabled has it); a module that does otherwise fails to load.
  bool allow_relssp = false;
  // Volta's independent thread scheduling (func/its.h): a warp's diverged paths interleave when
  // one spins or waits at a barrier, so threads of a warp may wait for each other. false: the
  // lockstep SIMT stack of earlier GPUs.
  bool independent_scheduling = false;
};

struct LaunchResult {
  std::uint64_t warp_insts = 0;
  std::uint64_t thread_insts = 0;  // executing (active and unpredicated) lanes summed
  std::uint64_t ctas = 0;
};

class Device {
 public:
  explicit Device(DeviceOptions options = {});
  ~Device();
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;

  // Parses, verifies and decodes PTX; allocates and initializes its .global/.const variables.
  // Throws ptx::ParseError for bad PTX and LaunchError for what the executor cannot place.
  const LoadedModule& load_module(std::string_view ptx_text, const std::string& file_name);
  const LoadedModule& load_module_file(const std::string& path);
  std::span<const std::unique_ptr<LoadedModule>> modules() const { return modules_; }

  DeviceMemory& memory() { return memory_; }
  const DeviceMemory& memory() const { return memory_; }
  Addr malloc(std::size_t bytes) { return memory_.allocate(bytes); }
  bool free(Addr base) { return memory_.free(base); }

  TextureTable& textures() { return textures_; }
  const TextureTable& textures() const { return textures_; }

  // Prepares a launch: lays out the parameter buffer from `args` (one pointer per kernel
  // parameter, each to a value of that parameter's size, as cudaLaunchKernel takes them) and
  // the shared memory. Throws LaunchError for bad dimensions, sizes or argument counts.
  LaunchState prepare(const FunctionCode& kernel, const LaunchConfig& config,
                      std::span<const void* const> args);
  // Runs a launch to completion in functional mode. Throws ExecError when the kernel misbehaves.
  LaunchResult run(LaunchState& launch);
  LaunchResult launch(const FunctionCode& kernel, const LaunchConfig& config,
                      std::span<const void* const> args) {
    LaunchState state = prepare(kernel, config, args);
    return run(state);
  }

  std::ostream& printf_out() const;
  const DeviceOptions& options() const { return options_; }
  // cudaDeviceSetLimit(cudaLimitStackSize): applies to launches that start after the call.
  void set_stack_limit(std::uint32_t bytes) { options_.stack_limit = bytes; }
  // How many CTAs the functional runner keeps in flight (a cooperative launch needs them all).
  void set_resident_ctas(std::uint32_t ctas) { options_.resident_ctas = ctas; }
  void set_observer(LaunchObserver* observer) { options_.observer = observer; }

 private:
  DeviceOptions options_;
  DeviceMemory memory_;
  TextureTable textures_;
  std::vector<std::unique_ptr<LoadedModule>> modules_;
  std::uint64_t launches_ = 0;
};

}  // namespace warpsim::func
