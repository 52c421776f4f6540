// Entry points libcudart.so.12 and libcudart.so.11.0 share where CUDA 13 changed the ABI: they
// convert to CUDA 13's structs and parameters and call CUDA 13's implementation
// (warpsim_v13_NAME), so every version behaves the same.

#include "runtime/abi/legacy/legacy_types.h"

using warpsim::runtime::legacy::PointerAttributes;
using warpsim::runtime::legacy::ResourceDesc;
using warpsim::runtime::legacy::ResourceViewDesc;
using warpsim::runtime::legacy::ResourceViewDesc13;
using warpsim::runtime::legacy::SurfaceObject;

namespace warpsim::runtime::legacy {
namespace {

// Before CUDA 13 a memory location was a device ordinal, cudaCpuDeviceId meaning the host
// (cudaMemAdvise and cudaMemPrefetchAsync in the CUDA 11 and 12 runtime API reference).
cudaMemLocation location_of(int device) {
  cudaMemLocation location{};
  if (device == cudaCpuDeviceId) {
    location.type = cudaMemLocationTypeHost;
  } else {
    location.type = cudaMemLocationTypeDevice;
    location.id = device;
  }
  return location;
}

}  // namespace

cudaError_t create_texture_object(cudaTextureObject_t* object, const ResourceDesc* resource,
                                  const cudaTextureDesc* texture, const ResourceViewDesc* view) {
  cudaResourceDesc current_resource{};
  if (resource != nullptr) current_resource = to_current(*resource);
  ResourceViewDesc13 current_view{};
  if (view != nullptr) current_view = to_current(*view);
  return warpsim_v13_cudaCreateTextureObject(
      object, resource == nullptr ? nullptr : &current_resource, texture,
      view == nullptr ? nullptr : reinterpret_cast<const cudaResourceViewDesc*>(&current_view));
}

}  // namespace warpsim::runtime::legacy

extern "C" {

// CUDA 13 dropped attribute 96 (cudaDevAttrCooperativeMultiDeviceLaunch). warpsim does not
// implement cudaLaunchCooperativeKernelMultiDevice, so the answer is 0; the arguments are checked
// as for any other attribute by asking CUDA 13's implementation for one first.
cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device) {
  if (attr != warpsim::runtime::legacy::kCooperativeMultiDeviceLaunchAttr) {
    return warpsim_v13_cudaDeviceGetAttribute(value, attr, device);
  }
  const cudaError_t error =
      warpsim_v13_cudaDeviceGetAttribute(value, cudaDevAttrCooperativeLaunch, device);
  if (error == cudaSuccess) *value = 0;
  return error;
}

cudaError_t cudaPointerGetAttributes(PointerAttributes* attributes, const void* ptr) {
  cudaPointerAttributes current{};
  const cudaError_t error =
      warpsim_v13_cudaPointerGetAttributes(attributes == nullptr ? nullptr : &current, ptr);
  if (error == cudaSuccess) {
    attributes->type = current.type;
    attributes->device = current.device;
    attributes->devicePointer = current.devicePointer;
    attributes->hostPointer = current.hostPointer;
  }
  return error;
}

cudaError_t cudaGetTextureObjectResourceDesc(ResourceDesc* resource, cudaTextureObject_t object) {
  cudaResourceDesc current{};
  const cudaError_t error = warpsim_v13_cudaGetTextureObjectResourceDesc(
      resource == nullptr ? nullptr : &current, object);
  if (error == cudaSuccess) *resource = warpsim::runtime::legacy::to_legacy(current);
  return error;
}

cudaError_t cudaGetTextureObjectResourceViewDesc(ResourceViewDesc* view,
                                                 cudaTextureObject_t object) {
  ResourceViewDesc13 current{};
  const cudaError_t error = warpsim_v13_cudaGetTextureObjectResourceViewDesc(
      view == nullptr ? nullptr : reinterpret_cast<cudaResourceViewDesc*>(&current), object);
  if (error == cudaSuccess) *view = current.v12;
  return error;
}

cudaError_t cudaCreateSurfaceObject(SurfaceObject* object, const ResourceDesc* resource) {
  cudaResourceDesc current{};
  if (resource != nullptr) current = warpsim::runtime::legacy::to_current(*resource);
  return warpsim_v13_cudaCreateSurfaceObject(object, resource == nullptr ? nullptr : &current);
}

cudaError_t cudaGetSurfaceObjectResourceDesc(ResourceDesc* resource, SurfaceObject object) {
  cudaResourceDesc current{};
  const cudaError_t error = warpsim_v13_cudaGetSurfaceObjectResourceDesc(
      resource == nullptr ? nullptr : &current, object);
  if (error == cudaSuccess) *resource = warpsim::runtime::legacy::to_legacy(current);
  return error;
}

cudaError_t cudaMemAdvise(const void* ptr, size_t count, cudaMemoryAdvise advice, int device) {
  return warpsim_v13_cudaMemAdvise(ptr, count, advice,
                                   warpsim::runtime::legacy::location_of(device));
}

cudaError_t cudaMemPrefetchAsync(const void* ptr, size_t count, int device, cudaStream_t stream) {
  return warpsim_v13_cudaMemPrefetchAsync(ptr, count, warpsim::runtime::legacy::location_of(device),
                                          0, stream);
}

// Every simulated device computes in double precision, so there is nothing to convert (the CUDA
// 11 and 12 runtime API reference: "does nothing" on such devices; the result is cudaSuccess).
cudaError_t cudaSetDoubleForDevice(double*) { return cudaSuccess; }
cudaError_t cudaSetDoubleForHost(double*) { return cudaSuccess; }

}  // extern "C"
