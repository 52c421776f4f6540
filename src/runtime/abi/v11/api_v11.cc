// The entry points of libcudart.so.11.0 whose CUDA 11 ABI differs from CUDA 13's and that only
// CUDA 11 has (the ones shared with CUDA 12 are in ../legacy/).
//
// Textures: the plain cudaCreateTextureObject and cudaGetTextureObjectTextureDesc take the
// cudaTextureDesc without seamlessCubemap; their _v2 forms (CUDA 11.x only) take CUDA 13's.
// cudaFuncAttributes ended at preferredShmemCarveout in CUDA 11.

#include "runtime/abi/legacy/legacy_types.h"

using warpsim::runtime::legacy::DeviceProp11;
using warpsim::runtime::legacy::FuncAttributes11;
using warpsim::runtime::legacy::ResourceDesc;
using warpsim::runtime::legacy::ResourceViewDesc;
using warpsim::runtime::legacy::TextureDesc11;

extern "C" {

cudaError_t cudaGetDeviceProperties(DeviceProp11* prop, int device) {
  return warpsim::runtime::legacy::device_prop(prop, device);
}

cudaError_t cudaChooseDevice(int* device, const DeviceProp11* prop) {
  cudaDeviceProp current{};
  if (prop != nullptr) current = warpsim::runtime::legacy::to_current(*prop);
  return warpsim_v13_cudaChooseDevice(device, prop == nullptr ? nullptr : &current);
}

cudaError_t cudaCreateTextureObject(cudaTextureObject_t* object, const ResourceDesc* resource,
                                    const TextureDesc11* texture, const ResourceViewDesc* view) {
  cudaTextureDesc current{};
  if (texture != nullptr) current = warpsim::runtime::legacy::to_current(*texture);
  return warpsim::runtime::legacy::create_texture_object(
      object, resource, texture == nullptr ? nullptr : &current, view);
}

cudaError_t cudaCreateTextureObject_v2(cudaTextureObject_t* object, const ResourceDesc* resource,
                                       const cudaTextureDesc* texture,
                                       const ResourceViewDesc* view) {
  return warpsim::runtime::legacy::create_texture_object(object, resource, texture, view);
}

cudaError_t cudaGetTextureObjectTextureDesc(TextureDesc11* texture, cudaTextureObject_t object) {
  cudaTextureDesc current{};
  const cudaError_t error =
      warpsim_v13_cudaGetTextureObjectTextureDesc(texture == nullptr ? nullptr : &current, object);
  if (error == cudaSuccess) *texture = warpsim::runtime::legacy::to_legacy(current);
  return error;
}

cudaError_t cudaGetTextureObjectTextureDesc_v2(cudaTextureDesc* texture,
                                               cudaTextureObject_t object) {
  return warpsim_v13_cudaGetTextureObjectTextureDesc(texture, object);
}

cudaError_t cudaFuncGetAttributes(FuncAttributes11* attr, const void* func) {
  cudaFuncAttributes current{};
  const cudaError_t error =
      warpsim_v13_cudaFuncGetAttributes(attr == nullptr ? nullptr : &current, func);
  if (error == cudaSuccess) {
    attr->sharedSizeBytes = current.sharedSizeBytes;
    attr->constSizeBytes = current.constSizeBytes;
    attr->localSizeBytes = current.localSizeBytes;
    attr->maxThreadsPerBlock = current.maxThreadsPerBlock;
    attr->numRegs = current.numRegs;
    attr->ptxVersion = current.ptxVersion;
    attr->binaryVersion = current.binaryVersion;
    attr->cacheModeCA = current.cacheModeCA;
    attr->maxDynamicSharedSizeBytes = current.maxDynamicSharedSizeBytes;
    attr->preferredShmemCarveout = current.preferredShmemCarveout;
  }
  return error;
}

}  // extern "C"
