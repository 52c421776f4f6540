#pragma once

// probe::Device on a real GPU, through the CUDA driver API: the microbenchmark kernels are
// loaded from the fatbins the native build compiles from microbench/kernels/*.cu (one module
// per file), and kernels are looked up by name in them.

#include <cuda.h>

#include <cstdint>
#include <string>
#include <vector>

#include "microbench/probe/device.h"

namespace warpsim::probe {

class CudaDevice : public Device {
 public:
  // `modules`: paths of the kernel fatbins. Throws std::runtime_error with the CUDA error.
  CudaDevice(int ordinal, const std::vector<std::string>& modules);
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

  CUdevice device_ = 0;
  CUcontext context_ = nullptr;
  std::vector<CUmodule> modules_;
  std::vector<CUtexObject> textures_;
  DeviceInfo info_;
};

}  // namespace warpsim::probe
