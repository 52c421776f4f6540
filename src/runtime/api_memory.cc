// Linear device memory: cudaMalloc/Free (also stream-ordered), cudaMemGetInfo, cudaMemcpy and
// cudaMemset in 1D and 2D, peer copies. Async variants run synchronously on a valid stream.

#include <cstring>

#include "runtime/api_memory.h"

namespace warpsim::runtime {
namespace {

// Whether one side of a copy is reached as device memory: as the kind says, or for
// cudaMemcpyDefault as the pointer says (unified addressing).
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

// The host view of `extent` bytes at `pointer` seen from the device or the host (see
// api_memory.h), or nullptr when that side cannot reach them.
unsigned char* side_view(bool device, const void* pointer, std::size_t extent,
                         func::DeviceMemory& memory) {
  const Addr address = device_address(pointer);
  if (device) return memory.resolve(address, extent);
  if (pointer == nullptr) return nullptr;
  const func::Allocation* a = memory.find(address);
  if (a == nullptr) return static_cast<unsigned char*>(const_cast<void*>(pointer));
  return a->host_mapped ? memory.resolve(address, extent) : nullptr;
}

bool valid_kind(cudaMemcpyKind kind) {
  return kind >= cudaMemcpyHostToHost && kind <= cudaMemcpyDefault;
}

// Bytes from the first to the last byte of a strided block; false on overflow.
bool block_extent(const Strided& side, std::size_t width, std::size_t height, std::size_t depth,
                  std::size_t* extent) {
  std::size_t rows = 0;
  std::size_t slices = 0;
  return !__builtin_mul_overflow(height - 1, side.pitch, &rows) &&
         !__builtin_mul_overflow(depth - 1, side.slice_pitch, &slices) &&
         !__builtin_add_overflow(rows, slices, extent) &&
         !__builtin_add_overflow(*extent, width, extent);
}

// Rows of one slice must not run into the next slice.
bool valid_slices(const Strided& side, std::size_t width, std::size_t height, std::size_t depth) {
  return depth == 1 || side.slice_pitch >= (height - 1) * side.pitch + width;
}

}  // namespace

cudaError_t copy_3d(Strided dst, Strided src, std::size_t width, std::size_t height,
                    std::size_t depth, cudaMemcpyKind kind) {
  if (!valid_kind(kind)) return cudaErrorInvalidMemcpyDirection;
  if (width == 0 || height == 0 || depth == 0) return cudaSuccess;
  Runtime& rt = Runtime::instance();
  if (height > 1 || depth > 1) {
    const std::size_t max_pitch = rt.properties().memPitch;
    if (dst.pitch < width || src.pitch < width) return cudaErrorInvalidPitchValue;
    if (dst.pitch > max_pitch || src.pitch > max_pitch) return cudaErrorInvalidPitchValue;
  }
  if (!valid_slices(dst, width, height, depth) || !valid_slices(src, width, height, depth)) {
    return cudaErrorInvalidValue;
  }
  std::size_t dst_extent = 0;
  std::size_t src_extent = 0;
  if (!block_extent(dst, width, height, depth, &dst_extent) ||
      !block_extent(src, width, height, depth, &src_extent)) {
    return cudaErrorInvalidValue;
  }
  func::DeviceMemory& memory = rt.device().memory();
  const bool dst_device = on_device(kind, true, dst.ptr, memory);
  const bool src_device = on_device(kind, false, src.ptr, memory);
  unsigned char* to = side_view(dst_device, dst.ptr, dst_extent, memory);
  const unsigned char* from = side_view(src_device, src.ptr, src_extent, memory);
  if (to == nullptr || from == nullptr) return cudaErrorInvalidValue;
  for (std::size_t z = 0; z < depth; ++z) {
    for (std::size_t y = 0; y < height; ++y) {
      const std::size_t at = z * dst.slice_pitch + y * dst.pitch;
      std::memmove(to + at, from + z * src.slice_pitch + y * src.pitch, width);
      if (dst_device) rt.note_device_write(device_address(dst.ptr) + at, width);
    }
  }
  if (dst_device || src_device) rt.account_copy(width * height * depth);
  if (dst_device && !src_device) {
    rt.note_copy_to_device(device_address(dst.ptr), width * height * depth);
  }
  return cudaSuccess;
}

cudaError_t copy_2d(void* dst, std::size_t dpitch, const void* src, std::size_t spitch,
                    std::size_t width, std::size_t height, cudaMemcpyKind kind) {
  if (!valid_kind(kind)) return cudaErrorInvalidMemcpyDirection;
  if (width == 0 || height == 0) return cudaSuccess;
  if (dpitch < width || spitch < width) return cudaErrorInvalidPitchValue;
  return copy_3d({dst, dpitch, 0}, {src, spitch, 0}, width, height, 1, kind);
}

cudaError_t fill_3d(Strided dst, int value, std::size_t width, std::size_t height,
                    std::size_t depth) {
  if (width == 0 || height == 0 || depth == 0) return cudaSuccess;
  if ((height > 1 || depth > 1) && dst.pitch < width) return cudaErrorInvalidValue;
  std::size_t extent = 0;
  if (!valid_slices(dst, width, height, depth) ||
      !block_extent(dst, width, height, depth, &extent)) {
    return cudaErrorInvalidValue;
  }
  Runtime& rt = Runtime::instance();
  unsigned char* to = rt.device().memory().resolve(device_address(dst.ptr), extent);
  if (to == nullptr) return cudaErrorInvalidValue;
  for (std::size_t z = 0; z < depth; ++z) {
    for (std::size_t y = 0; y < height; ++y) {
      const std::size_t at = z * dst.slice_pitch + y * dst.pitch;
      std::memset(to + at, value, width);
      rt.note_device_write(device_address(dst.ptr) + at, width);
    }
  }
  rt.account_copy(width * height * depth);
  return cudaSuccess;
}

cudaError_t allocate_device(Runtime& rt, void** out, std::size_t size, std::size_t align) {
  if (out == nullptr) return cudaErrorInvalidValue;
  *out = nullptr;
  if (size == 0) return cudaSuccess;
  func::DeviceMemory& memory = rt.device().memory();
  const std::size_t total = rt.properties().totalGlobalMem;
  if (memory.live_bytes() > total || size > total - memory.live_bytes()) {
    return cudaErrorMemoryAllocation;
  }
  *out = device_pointer(memory.allocate(size, func::AllocationKind::kMalloc, {}, align));
  return cudaSuccess;
}

cudaError_t free_device(Runtime& rt, void* pointer) {
  if (pointer == nullptr) return cudaSuccess;
  func::DeviceMemory& memory = rt.device().memory();
  const Addr base = device_address(pointer);
  const func::Allocation* a = memory.find(base);
  if (a == nullptr || a->base != base ||
      (a->kind != func::AllocationKind::kMalloc && a->kind != func::AllocationKind::kManaged)) {
    return cudaErrorInvalidValue;
  }
  memory.free(base);
  return cudaSuccess;
}

}  // namespace warpsim::runtime

using warpsim::runtime::api_call;
using warpsim::runtime::copy_2d;
using warpsim::runtime::Runtime;

extern "C" {

cudaError_t cudaMalloc(void** devPtr, size_t size) {
  return api_call([&](Runtime& rt) { return warpsim::runtime::allocate_device(rt, devPtr, size); });
}

cudaError_t cudaFree(void* devPtr) {
  return api_call([&](Runtime& rt) { return warpsim::runtime::free_device(rt, devPtr); });
}

// The stream-ordered allocator hands out ordinary device memory: with every stream operation
// complete on return, stream order holds trivially.
cudaError_t cudaMallocAsync(void** devPtr, size_t size, cudaStream_t hStream) {
  return api_call([&](Runtime& rt) {
    if (!rt.handles().valid_stream(hStream)) return cudaErrorInvalidResourceHandle;
    return warpsim::runtime::allocate_device(rt, devPtr, size);
  });
}

cudaError_t cudaFreeAsync(void* devPtr, cudaStream_t hStream) {
  return api_call([&](Runtime& rt) {
    if (!rt.handles().valid_stream(hStream)) return cudaErrorInvalidResourceHandle;
    return warpsim::runtime::free_device(rt, devPtr);
  });
}

// Free device memory is the device's total less its live allocations (cudaMalloc'ed, managed,
// module variables and arrays; pinned host memory does not count).
cudaError_t cudaMemGetInfo(size_t* free, size_t* total) {
  return api_call([&](Runtime& rt) {
    if (free == nullptr || total == nullptr) return cudaErrorInvalidValue;
    *total = rt.properties().totalGlobalMem;
    const std::size_t live = rt.device().memory().live_bytes();
    *free = live < *total ? *total - live : 0;
    return cudaSuccess;
  });
}

cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, cudaMemcpyKind kind) {
  return api_call([&](Runtime&) { return copy_2d(dst, count, src, count, count, 1, kind); });
}

cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t count, cudaMemcpyKind kind,
                            cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    if (!rt.handles().valid_stream(stream)) return cudaErrorInvalidResourceHandle;
    return copy_2d(dst, count, src, count, count, 1, kind);
  });
}

cudaError_t cudaMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                         size_t height, cudaMemcpyKind kind) {
  return api_call([&](Runtime&) { return copy_2d(dst, dpitch, src, spitch, width, height, kind); });
}

cudaError_t cudaMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch,
                              size_t width, size_t height, cudaMemcpyKind kind,
                              cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    if (!rt.handles().valid_stream(stream)) return cudaErrorInvalidResourceHandle;
    return copy_2d(dst, dpitch, src, spitch, width, height, kind);
  });
}

// One device, so a peer copy is a device-to-device copy on device 0.
cudaError_t cudaMemcpyPeerAsync(void* dst, int dstDevice, const void* src, int srcDevice,
                                size_t count, cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    if (dstDevice != 0 || srcDevice != 0) return cudaErrorInvalidDevice;
    if (!rt.handles().valid_stream(stream)) return cudaErrorInvalidResourceHandle;
    return copy_2d(dst, count, src, count, count, 1, cudaMemcpyDeviceToDevice);
  });
}

cudaError_t cudaMemcpyPeer(void* dst, int dstDevice, const void* src, int srcDevice, size_t count) {
  return cudaMemcpyPeerAsync(dst, dstDevice, src, srcDevice, count, nullptr);
}

cudaError_t cudaMemset(void* devPtr, int value, size_t count) {
  return cudaMemsetAsync(devPtr, value, count, nullptr);
}

cudaError_t cudaMemsetAsync(void* devPtr, int value, size_t count, cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    if (!rt.handles().valid_stream(stream)) return cudaErrorInvalidResourceHandle;
    return warpsim::runtime::fill_3d({devPtr, count, 0}, value, count, 1, 1);
  });
}

cudaError_t cudaMemset2D(void* devPtr, size_t pitch, int value, size_t width, size_t height) {
  return cudaMemset2DAsync(devPtr, pitch, value, width, height, nullptr);
}

cudaError_t cudaMemset2DAsync(void* devPtr, size_t pitch, int value, size_t width, size_t height,
                              cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    if (!rt.handles().valid_stream(stream)) return cudaErrorInvalidResourceHandle;
    return warpsim::runtime::fill_3d({devPtr, pitch, 0}, value, width, height, 1);
  });
}

}  // extern "C"
