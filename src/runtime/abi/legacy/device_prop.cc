// The cudaDeviceProp layouts of CUDA 11 and 12. The fields CUDA 13 still has come from CUDA 13's
// cudaGetDeviceProperties, so every version reports the same device; the fields CUDA 13 removed
// come from cudaDeviceGetAttribute, which CUDA 13 documents as their replacement and which this
// library's version layer answers for every one of them (cooperativeMultiDeviceLaunch included,
// see common_api.cc).

// runtime.h first: it includes the standard library before our CUDA headers define their macros.
#include "runtime/runtime.h"

#include "runtime/abi/legacy/legacy_types.h"

namespace warpsim::runtime::legacy {
namespace {

// An attribute that fails leaves 0 and no trace in the last error: the caller asked for the
// properties, not for this attribute.
int attribute(cudaDeviceAttr attr, int device) {
  Runtime& rt = Runtime::instance();
  const cudaError_t earlier = rt.peek_last_error();
  int value = 0;
  if (cudaDeviceGetAttribute(&value, attr, device) != cudaSuccess) {
    rt.take_last_error();
    rt.record(earlier);
    return 0;
  }
  return value;
}

void fill_removed_fields(DeviceProp11& prop, int device) {
  prop.clockRate = attribute(cudaDevAttrClockRate, device);
  prop.deviceOverlap = attribute(cudaDevAttrGpuOverlap, device);
  prop.kernelExecTimeoutEnabled = attribute(cudaDevAttrKernelExecTimeout, device);
  prop.computeMode = attribute(cudaDevAttrComputeMode, device);
  prop.maxTexture1DLinear = attribute(cudaDevAttrMaxTexture1DLinearWidth, device);
  prop.memoryClockRate = attribute(cudaDevAttrMemoryClockRate, device);
  prop.singleToDoublePrecisionPerfRatio =
      attribute(cudaDevAttrSingleToDoublePrecisionPerfRatio, device);
  prop.cooperativeMultiDeviceLaunch =
      attribute(static_cast<cudaDeviceAttr>(kCooperativeMultiDeviceLaunchAttr), device);
}

}  // namespace

cudaError_t device_prop(DeviceProp11* prop, int device) {
  cudaDeviceProp current{};
  const cudaError_t error =
      warpsim_v13_cudaGetDeviceProperties(prop == nullptr ? nullptr : &current, device);
  if (error != cudaSuccess) return error;
  DeviceProp11 legacy{};
  copy_shared_fields(current, legacy);
  fill_removed_fields(legacy, device);
  *prop = legacy;
  return cudaSuccess;
}

cudaError_t device_prop(DeviceProp12* prop, int device) {
  cudaDeviceProp current{};
  const cudaError_t error =
      warpsim_v13_cudaGetDeviceProperties(prop == nullptr ? nullptr : &current, device);
  if (error != cudaSuccess) return error;
  DeviceProp12 legacy{};
  copy_shared_fields(current, legacy);
  fill_removed_fields(legacy.v11, device);
  *prop = legacy;
  return cudaSuccess;
}

}  // namespace warpsim::runtime::legacy
