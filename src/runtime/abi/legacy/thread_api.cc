// The cudaThread* names CUDA 4.0 replaced by cudaDevice* and CUDA 13 removed; libcudart.so.11.0
// and libcudart.so.12 still export them, documented as equivalent to their cudaDevice*
// counterparts.

#include "runtime/include/cuda_runtime.h"

extern "C" {

cudaError_t cudaThreadExit(void) { return cudaDeviceReset(); }

cudaError_t cudaThreadSynchronize(void) { return cudaDeviceSynchronize(); }

cudaError_t cudaThreadSetLimit(cudaLimit limit, size_t value) {
  return cudaDeviceSetLimit(limit, value);
}

cudaError_t cudaThreadGetLimit(size_t* value, cudaLimit limit) {
  return cudaDeviceGetLimit(value, limit);
}

cudaError_t cudaThreadGetCacheConfig(cudaFuncCache* config) {
  return cudaDeviceGetCacheConfig(config);
}

cudaError_t cudaThreadSetCacheConfig(cudaFuncCache config) {
  return cudaDeviceSetCacheConfig(config);
}

}  // extern "C"
