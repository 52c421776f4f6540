// Device management: one simulated device, number 0, with the properties of the simulated GPU
// preset (Runtime::gpu()), so programs that size their grids from them see the modeled GPU.

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "runtime/runtime.h"

namespace warpsim::runtime {
namespace {

static_assert(sizeof(cudaDeviceProp) == 1008, "cudaDeviceProp must keep CUDA 13's layout");

constexpr std::size_t kKiB = 1024;

int as_int(std::uint64_t value) {
  return static_cast<int>(std::min<std::uint64_t>(value, 0x7fffffff));
}

// Limits that are the same on every GPU CUDA 11-13 supports (CUDA C++ Programming Guide,
// "Technical Specifications per Compute Capability"), then the preset's numbers.
void fill_properties(cudaDeviceProp& p, const GpuDescription& gpu,
                     const func::DeviceOptions& options) {
  std::memset(&p, 0, sizeof p);
  std::snprintf(p.name, sizeof p.name, "warpsim %s (%s)", gpu.name.c_str(),
                gpu.description.c_str());
  p.totalGlobalMem = gpu.global_memory;
  p.sharedMemPerBlock = std::min<std::size_t>(48 * kKiB, gpu.max_shared_per_cta);
  p.sharedMemPerBlockOptin = std::min<std::size_t>(options.max_shared_per_cta, gpu.shared_per_sm);
  p.sharedMemPerMultiprocessor = gpu.shared_per_sm;
  p.reservedSharedMemPerBlock = gpu.compute_capability() >= 80 ? kKiB : 0;
  p.regsPerBlock = as_int(std::min<std::uint32_t>(gpu.registers_per_sm, 65536));
  p.regsPerMultiprocessor = as_int(gpu.registers_per_sm);
  p.warpSize = as_int(gpu.warp_size);
  p.memPitch = 0x7fffffff;
  p.maxThreadsPerBlock = static_cast<int>(options.max_threads_per_cta);
  p.maxThreadsDim[0] = p.maxThreadsDim[1] = 1024;
  p.maxThreadsDim[2] = 64;
  p.maxGridSize[0] = 0x7fffffff;
  p.maxGridSize[1] = p.maxGridSize[2] = 65535;
  p.totalConstMem = 64 * kKiB;
  p.major = gpu.cc_major;
  p.minor = gpu.cc_minor;
  p.textureAlignment = 512;
  p.texturePitchAlignment = 32;
  p.multiProcessorCount = as_int(gpu.sm_count);
  p.maxThreadsPerMultiProcessor = as_int(gpu.max_threads_per_sm);
  p.maxBlocksPerMultiProcessor = as_int(gpu.max_ctas_per_sm);
  p.l2CacheSize = as_int(gpu.l2_size);
  p.memoryBusWidth = as_int(gpu.memory_bus_bits);
  p.maxTexture1D = 131072;
  p.maxTexture2D[0] = 131072;
  p.maxTexture2D[1] = 65536;
  p.maxTexture2DGather[0] = p.maxTexture2DGather[1] = 32768;
  p.maxTexture3D[0] = p.maxTexture3D[1] = p.maxTexture3D[2] = 16384;
  p.maxTexture1DLayered[0] = 32768;
  p.maxTexture1DLayered[1] = 2048;
  p.maxTexture2DLayered[0] = p.maxTexture2DLayered[1] = 32768;
  p.maxTexture2DLayered[2] = 2048;
  p.maxSurface1D = 32768;
  p.maxSurface2D[0] = 131072;
  p.maxSurface2D[1] = 65536;
  p.maxSurface3D[0] = p.maxSurface3D[1] = p.maxSurface3D[2] = 16384;
  p.maxSurface1DLayered[0] = 32768;
  p.maxSurface1DLayered[1] = 2048;
  p.maxSurface2DLayered[0] = p.maxSurface2DLayered[1] = 32768;
  p.maxSurface2DLayered[2] = 2048;
  p.concurrentKernels = 1;
  p.streamPrioritiesSupported = 1;
  p.unifiedAddressing = 1;
  p.canMapHostMemory = 1;
  p.hostRegisterSupported = 1;  // registered memory gets its own device address (api_memory_host)
  p.managedMemory = 1;
  p.concurrentManagedAccess = 1;
  p.globalL1CacheSupported = p.localL1CacheSupported = 1;
  p.cooperativeLaunch = 1;
  p.asyncEngineCount = 2;
}

}  // namespace

const cudaDeviceProp& Runtime::properties() {
  if (properties_ == nullptr) {
    properties_ = std::make_unique<cudaDeviceProp>();
    fill_properties(*properties_, gpu(), device().options());
  }
  return *properties_;
}

}  // namespace warpsim::runtime

using warpsim::runtime::api_call;
using warpsim::runtime::api_call_without_sync;
using warpsim::runtime::Runtime;

extern "C" {

cudaError_t cudaDeviceSynchronize(void) {
  return api_call([](Runtime&) { return cudaSuccess; });
}

// Nothing is released: allocations and loaded modules stay, as a real reset would reload them.
cudaError_t cudaDeviceReset(void) {
  return api_call([](Runtime&) { return cudaSuccess; });
}

cudaError_t cudaGetDeviceCount(int* count) {
  return api_call_without_sync([&](Runtime&) {
    if (count == nullptr) return cudaErrorInvalidValue;
    *count = 1;
    return cudaSuccess;
  });
}

cudaError_t cudaGetDevice(int* device) {
  return api_call_without_sync([&](Runtime&) {
    if (device == nullptr) return cudaErrorInvalidValue;
    *device = 0;
    return cudaSuccess;
  });
}

cudaError_t cudaSetDevice(int device) {
  return api_call([&](Runtime&) { return device == 0 ? cudaSuccess : cudaErrorInvalidDevice; });
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device) {
  return api_call_without_sync([&](Runtime& rt) {
    if (prop == nullptr) return cudaErrorInvalidValue;
    if (device != 0) return cudaErrorInvalidDevice;
    *prop = rt.properties();
    return cudaSuccess;
  });
}

}  // extern "C"
