#pragma once

// probe::Device on a real GPU, through the CUDA driver API: the microbenchmark kernels are
// loaded from the fatbins the native build compiles from microbench/kernels/*.cu (one module
// per file), and kernels are looked up by name in them.

#include <cuda.h>

#include <cstdint>
#include <string>
#include <vector>

#include "probe/device.h"

namespace warpsim::probe {

class CudaDevice : public Device {
 public:
  // `modules`: paths of the kernel fatbins. `carveout`: the shared-memory carve-out each launch
  // asks for, in percent of the SM's largest (CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT),
  // kSmallestCarveout for the least that holds the launch's shared memory (the most L1, as the
  // presets' `shared_carveout_choice: smallest`), or kDriverCarveout to leave it to the driver.
  // Throws std::runtime_error with the CUDA error.
  static constexpr int kSmallestCarveout = -1;
  static constexpr int kDriverCarveout = -2;
  CudaDevice(int ordinal, const std::vector<std::string>& modules,
             int carveout = kSmallestCarveout);
  ~CudaDevice() override;
  CudaDevice(const CudaDevice&) = delete;
  CudaDevice& operator=(const CudaDevice&) = delete;

  DeviceInfo info() const override { return info_; }
  std::uint64_t alloc(std::uint64_t bytes) override;
  void free(std::uint64_t address) override;
  void write(std::uint64_t address, const void* data, std::uint64_t bytes) override;
  void read(void* data, std::uint64_t address, std::uint64_t bytes) override;
  std::uint64_t linear_texture(std::uint64_t address, std::uint64_t bytes) override;
  double launch(const Launch& launch) override;

 private:
  CUfunction find(const std::string& kernel);
  void set_carveout(CUfunction function, std::uint32_t dynamic_shared);

  CUdevice device_ = 0;
  CUcontext context_ = nullptr;
  std::vector<CUmodule> modules_;
  std::vector<CUtexObject> textures_;
  DeviceInfo info_;
  int carveout_;
};

}  // namespace warpsim::probe
