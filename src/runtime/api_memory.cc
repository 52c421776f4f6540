// Linear device memory: cudaMalloc/Free, cudaMemcpy (all directions, 2D, async), cudaMemset.
// Async variants run synchronously on a valid stream.

#include <cstring>

#include "runtime/runtime.h"

namespace warpsim::runtime {
namespace {

constexpr std::size_t kTotalMemory = std::size_t{16} << 30;  // what cudaGetDeviceProperties says

// Whether one side of a copy is device memory: as the kind says, or for cudaMemcpyDefault as the
// pointer says (unified addressing).
bool on_device(cudaMemcpyKind kind, bool destination, const void* pointer,
               const func::DeviceMemory& memory) {
  switch (kind) {
    case cudaMemcpyHostToHost:
      return false;
    case cudaMemcpyHostToDevice:
      return destination;
    case cudaMemcpyDeviceToHost:
      return !destination;
    case cudaMemcpyDeviceToDevice:
      return true;
    default:
      return memory.find(device_address(pointer)) != nullptr;
  }
}

// The host view of one side of a copy covering `extent` bytes, or nullptr when the side is not
// usable: a device range outside every allocation, a null host pointer, or a "host" pointer that
// is really a simulated device address (dereferencing it would crash the simulator).
unsigned char* side_view(bool device, const void* pointer, std::size_t extent,
                         func::DeviceMemory& memory) {
  if (device) return memory.resolve(device_address(pointer), extent);
  if (pointer == nullptr || memory.find(device_address(pointer)) != nullptr) return nullptr;
  return static_cast<unsigned char*>(const_cast<void*>(pointer));
}

bool valid_kind(cudaMemcpyKind kind) {
  return kind >= cudaMemcpyHostToHost && kind <= cudaMemcpyDefault;
}

}  // namespace

cudaError_t copy_2d(void* dst, std::size_t dpitch, const void* src, std::size_t spitch,
                    std::size_t width, std::size_t height, cudaMemcpyKind kind) {
  if (!valid_kind(kind)) return cudaErrorInvalidMemcpyDirection;
  if (width == 0 || height == 0) return cudaSuccess;
  if (dpitch < width || spitch < width) return cudaErrorInvalidPitchValue;
  Runtime& rt = Runtime::instance();
  func::DeviceMemory& memory = rt.device().memory();
  const bool dst_device = on_device(kind, true, dst, memory);
  const bool src_device = on_device(kind, false, src, memory);
  unsigned char* to = side_view(dst_device, dst, (height - 1) * dpitch + width, memory);
  const unsigned char* from = side_view(src_device, src, (height - 1) * spitch + width, memory);
  if (to == nullptr || from == nullptr) return cudaErrorInvalidValue;
  for (std::size_t row = 0; row < height; ++row) {
    std::memmove(to + row * dpitch, from + row * spitch, width);
  }
  if (dst_device || src_device) rt.account_copy(width * height);
  return cudaSuccess;
}

}  // namespace warpsim::runtime

using warpsim::runtime::api_call;
using warpsim::runtime::copy_2d;
using warpsim::runtime::Runtime;

extern "C" {

cudaError_t cudaMalloc(void** devPtr, size_t size) {
  return api_call([&](Runtime& rt) {
    if (devPtr == nullptr) return cudaErrorInvalidValue;
    *devPtr = nullptr;
    if (size == 0) return cudaSuccess;
    auto& memory = rt.device().memory();
    if (size > warpsim::runtime::kTotalMemory - memory.live_bytes()) {
      return cudaErrorMemoryAllocation;
    }
    *devPtr = warpsim::runtime::device_pointer(memory.allocate(size));
    return cudaSuccess;
  });
}

cudaError_t cudaFree(void* devPtr) {
  return api_call([&](Runtime& rt) {
    if (devPtr == nullptr) return cudaSuccess;
    auto& memory = rt.device().memory();
    const warpsim::Addr base = warpsim::runtime::device_address(devPtr);
    const warpsim::func::Allocation* a = memory.find(base);
    if (a == nullptr || a->base != base || a->kind != warpsim::func::AllocationKind::kMalloc) {
      return cudaErrorInvalidValue;
    }
    memory.free(base);
    return cudaSuccess;
  });
}

cudaError_t cudaMemGetInfo(size_t* free, size_t* total) {
  return api_call([&](Runtime& rt) {
    if (free == nullptr || total == nullptr) return cudaErrorInvalidValue;
    *total = warpsim::runtime::kTotalMemory;
    *free = *total - rt.device().memory().live_bytes();
    return cudaSuccess;
  });
}

cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, cudaMemcpyKind kind) {
  return api_call([&](Runtime&) { return copy_2d(dst, count, src, count, count, 1, kind); });
}

cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t count, cudaMemcpyKind kind,
                            cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    if (!rt.valid_stream(stream)) return cudaErrorInvalidResourceHandle;
    return copy_2d(dst, count, src, count, count, 1, kind);
  });
}

cudaError_t cudaMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                         size_t height, cudaMemcpyKind kind) {
  return api_call([&](Runtime&) { return copy_2d(dst, dpitch, src, spitch, width, height, kind); });
}

cudaError_t cudaMemset(void* devPtr, int value, size_t count) {
  return cudaMemsetAsync(devPtr, value, count, nullptr);
}

cudaError_t cudaMemsetAsync(void* devPtr, int value, size_t count, cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    if (!rt.valid_stream(stream)) return cudaErrorInvalidResourceHandle;
    if (count == 0) return cudaSuccess;
    auto& memory = rt.device().memory();
    const warpsim::Addr address = warpsim::runtime::device_address(devPtr);
    if (memory.find(address, count) == nullptr) return cudaErrorInvalidValue;
    memory.fill(address, static_cast<std::uint8_t>(value), count);
    rt.account_copy(count);
    return cudaSuccess;
  });
}

}  // extern "C"
