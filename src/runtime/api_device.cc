// Device management: one simulated device, number 0. Its properties follow the architecture the
// loaded PTX targets (an H100-class part for sm_90, a T4-class part for sm_75), so programs
// that size their grids from them see plausible numbers.

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include "runtime/runtime.h"

namespace warpsim::runtime {
namespace {

static_assert(sizeof(cudaDeviceProp) == 1008, "cudaDeviceProp must keep CUDA 13's layout");

struct Architecture {
  int major;
  int minor;
  int multiprocessors;
  int l2_bytes;
  int threads_per_sm;
  std::size_t shared_per_sm;
};

constexpr std::size_t kKiB = 1024;
constexpr Architecture kHopper{9, 0, 132, 50 * 1024 * 1024, 2048, 228 * kKiB};
constexpr Architecture kTuring{7, 5, 40, 4 * 1024 * 1024, 1024, 64 * kKiB};

// The sm_XY of the first module's `.target`; 9.0 when nothing says otherwise.
Architecture architecture(func::Device& device) {
  for (const auto& module : device.modules()) {
    for (const std::string& target : module->ir->target) {
      int version = 0;
      if (std::sscanf(target.c_str(), "sm_%d", &version) == 1) {
        return version < 80 ? kTuring : kHopper;
      }
    }
  }
  return kHopper;
}

void fill_properties(cudaDeviceProp& p, func::Device& device) {
  const Architecture arch = architecture(device);
  const func::DeviceOptions& options = device.options();
  std::memset(&p, 0, sizeof p);
  std::snprintf(p.name, sizeof p.name, "warpsim functional sm_%d%d", arch.major, arch.minor);
  p.totalGlobalMem = std::size_t{16} << 30;
  p.sharedMemPerBlock = 48 * kKiB;
  p.sharedMemPerBlockOptin = std::min<std::size_t>(options.max_shared_per_cta, arch.shared_per_sm);
  p.sharedMemPerMultiprocessor = arch.shared_per_sm;
  p.regsPerBlock = 65536;
  p.regsPerMultiprocessor = 65536;
  p.warpSize = 32;
  p.memPitch = 0x7fffffff;
  p.maxThreadsPerBlock = static_cast<int>(options.max_threads_per_cta);
  p.maxThreadsDim[0] = p.maxThreadsDim[1] = 1024;
  p.maxThreadsDim[2] = 64;
  p.maxGridSize[0] = 0x7fffffff;
  p.maxGridSize[1] = p.maxGridSize[2] = 65535;
  p.totalConstMem = 64 * kKiB;
  p.major = arch.major;
  p.minor = arch.minor;
  p.textureAlignment = 256;
  p.texturePitchAlignment = 32;
  p.multiProcessorCount = arch.multiprocessors;
  p.maxThreadsPerMultiProcessor = arch.threads_per_sm;
  p.maxBlocksPerMultiProcessor = arch.threads_per_sm / 64;
  p.l2CacheSize = arch.l2_bytes;
  p.maxTexture1D = 131072;
  p.maxTexture2D[0] = 131072;
  p.maxTexture2D[1] = 65536;
  p.concurrentKernels = 1;
  p.unifiedAddressing = 1;
  p.globalL1CacheSupported = p.localL1CacheSupported = 1;
  p.cooperativeLaunch = 1;
}

}  // namespace
}  // namespace warpsim::runtime

using warpsim::runtime::api_call;
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
  return api_call([&](Runtime&) {
    if (count == nullptr) return cudaErrorInvalidValue;
    *count = 1;
    return cudaSuccess;
  });
}

cudaError_t cudaGetDevice(int* device) {
  return api_call([&](Runtime&) {
    if (device == nullptr) return cudaErrorInvalidValue;
    *device = 0;
    return cudaSuccess;
  });
}

cudaError_t cudaSetDevice(int device) {
  return api_call([&](Runtime&) { return device == 0 ? cudaSuccess : cudaErrorInvalidDevice; });
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device) {
  return api_call([&](Runtime& rt) {
    if (prop == nullptr) return cudaErrorInvalidValue;
    if (device != 0) return cudaErrorInvalidDevice;
    warpsim::runtime::fill_properties(*prop, rt.device());
    return cudaSuccess;
  });
}

}  // extern "C"
