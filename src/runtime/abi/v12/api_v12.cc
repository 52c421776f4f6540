// The entry points of libcudart.so.12 whose CUDA 12 ABI differs from CUDA 13's and that only
// CUDA 12 has (the ones shared with CUDA 11 are in ../legacy/).
//
// cudaDeviceProp: CUDA 12 headers map cudaGetDeviceProperties to cudaGetDeviceProperties_v2,
// which fills the CUDA 12 layout; the plain name stays for callers of the old entry point and
// fills the CUDA 11 layout, the shorter of the two, so that it never writes past a caller's struct.
// cudaMemAdvise_v2 and cudaMemPrefetchAsync_v2 (CUDA 12.2 on) take CUDA 13's parameters: CUDA 13
// gave the plain names their signatures.

#include "runtime/abi/legacy/legacy_types.h"

using warpsim::runtime::legacy::DeviceProp11;
using warpsim::runtime::legacy::DeviceProp12;
using warpsim::runtime::legacy::ResourceDesc;
using warpsim::runtime::legacy::ResourceViewDesc;

extern "C" {

cudaError_t cudaGetDeviceProperties(DeviceProp11* prop, int device) {
  return warpsim::runtime::legacy::device_prop(prop, device);
}

cudaError_t cudaGetDeviceProperties_v2(DeviceProp12* prop, int device) {
  return warpsim::runtime::legacy::device_prop(prop, device);
}

cudaError_t cudaChooseDevice(int* device, const DeviceProp12* prop) {
  cudaDeviceProp current{};
  if (prop != nullptr) current = warpsim::runtime::legacy::to_current(*prop);
  return warpsim_v13_cudaChooseDevice(device, prop == nullptr ? nullptr : &current);
}

// CUDA 12's cudaTextureDesc is CUDA 13's; only the resource and view descriptions changed.
cudaError_t cudaCreateTextureObject(cudaTextureObject_t* object, const ResourceDesc* resource,
                                    const cudaTextureDesc* texture, const ResourceViewDesc* view) {
  return warpsim::runtime::legacy::create_texture_object(object, resource, texture, view);
}

cudaError_t cudaMemAdvise_v2(const void* ptr, size_t count, cudaMemoryAdvise advice,
                             cudaMemLocation location) {
  return warpsim_v13_cudaMemAdvise(ptr, count, advice, location);
}

cudaError_t cudaMemPrefetchAsync_v2(const void* ptr, size_t count, cudaMemLocation location,
                                    unsigned int flags, cudaStream_t stream) {
  return warpsim_v13_cudaMemPrefetchAsync(ptr, count, location, flags, stream);
}

}  // extern "C"
