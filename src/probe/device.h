#pragma once

// The device the microbenchmarks run on, as the probe sees it: memory, textures and kernel
// launches by name. Two implementations: the simulator (src/probe/sim_device: the functional
// model and the timing model of a resolved config) and a real GPU (microbench/native: the CUDA
// runtime). Everything above this interface (array set-up, the experiments, the inference) is
// one code base shared by both, so the simulator and the hardware are measured the same way.
//
// This folder is plain C++20 plus nlohmann-json (no CUDA, no simulator headers): nvcc's host
// compiler builds it into the native program.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace warpsim::probe {

struct DeviceInfo {
  std::string name;  // "gtx480 (warpsim)", or the CUDA device name
  std::uint32_t sm_count = 0;
  std::uint32_t compute_major = 0;
  std::uint32_t compute_minor = 0;
  double core_mhz = 0;  // the clock %clock counts
  std::uint64_t global_bytes = 0;
  std::uint64_t l2_bytes = 0;          // what the device reports (search bound only)
  std::uint32_t shared_per_block = 0;  // largest dynamic shared memory one block may use
  std::uint32_t max_threads_per_sm = 0;
  std::uint32_t max_threads_per_block = 0;
  std::uint32_t max_blocks_per_sm = 0;
  std::uint32_t shared_per_sm = 0;
};

// One kernel launch. Every microbenchmark kernel takes only 8-byte parameters (pointers,
// 64-bit integers, texture objects), so `args` holds their values in order.
struct Launch {
  std::string kernel;  // the extern "C" entry name in microbench/kernels/*.cu
  std::array<std::uint32_t, 3> grid{1, 1, 1};
  std::array<std::uint32_t, 3> block{1, 1, 1};
  std::uint32_t dynamic_shared = 0;
  std::vector<std::uint64_t> args;
};

class Device {
 public:
  virtual ~Device() = default;
  virtual DeviceInfo info() const = 0;

  // Global memory: 256-byte aligned, zero-filled. Throws std::runtime_error when it cannot.
  virtual std::uint64_t alloc(std::uint64_t bytes) = 0;
  virtual void free(std::uint64_t address) = 0;
  virtual void write(std::uint64_t address, const void* data, std::uint64_t bytes) = 0;
  virtual void read(void* data, std::uint64_t address, std::uint64_t bytes) = 0;

  // A texture object over [address, address + bytes) read as 1D linear memory of 32-bit
  // unsigned words (tex1Dfetch<unsigned>); the value is what a kernel takes as
  // cudaTextureObject_t.
  virtual std::uint64_t linear_texture(std::uint64_t address, std::uint64_t bytes) = 0;

  // Runs one kernel to completion. Returns its duration in core cycles: the timing model's
  // kernel cycles, or on hardware the elapsed time times the core clock.
  virtual double launch(const Launch& launch) = 0;
};

}  // namespace warpsim::probe
