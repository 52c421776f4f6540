// Pitched and 3D memory: cudaMallocPitch, cudaMalloc3D, cudaMemcpy3D, cudaMemset3D. A 3D block
// of linear memory is described by a cudaPitchedPtr: rows `pitch` bytes apart, slices
// `pitch * ysize` bytes apart. CUDA arrays take part in 3D copies slice by slice (a 3D array's
// depth slices, or a layered array's layers).

#include <algorithm>
#include <numeric>
#include <optional>

#include "runtime/api_memory.h"

namespace warpsim::runtime {
namespace {

// The pitch of a pitched allocation `width` bytes wide. CUDA does not document how it pads rows;
// real GPUs return multiples of 512 bytes, which is their cudaDeviceProp::textureAlignment. We
// round to the simulated device's textureAlignment (and texturePitchAlignment, which divides it
// on every GPU) for the same reason: every row then starts at an address a texture may be bound
// to, and the pitch is one cudaCreateTextureObject accepts for a pitch2D resource.
std::size_t pitch_alignment(Runtime& rt) {
  const cudaDeviceProp& p = rt.properties();
  return std::lcm(std::max<std::size_t>(p.textureAlignment, 1),
                  std::max<std::size_t>(p.texturePitchAlignment, 1));
}

// Allocates `height` * `depth` rows of `width` bytes, each row starting at a multiple of the
// pitch alignment; size 0 gives nullptr, as cudaMalloc does.
cudaError_t allocate_pitched(Runtime& rt, void** out, std::size_t* pitch, std::size_t width,
                             std::size_t height, std::size_t depth) {
  *out = nullptr;
  const std::size_t align = pitch_alignment(rt);
  *pitch = (width + align - 1) / align * align;
  if (*pitch < width) return cudaErrorMemoryAllocation;  // wrapped around
  std::size_t size = 0;
  if (__builtin_mul_overflow(*pitch, height, &size) || __builtin_mul_overflow(size, depth, &size)) {
    return cudaErrorMemoryAllocation;
  }
  return allocate_device(rt, out, size, std::max<std::size_t>(align, 256));
}

// One side of a 3D copy resolved to a strided block: the start of the copied region, its row
// and slice pitches, and whether it is a CUDA array (always device memory).
struct Side {
  Strided block;
  bool array = false;
};

// The region of `array` at `pos` (x in elements) spanning `extent`, or nullopt when it does not
// fit in the array.
std::optional<Side> array_side(const cudaArray& array, const cudaPos& pos,
                               const cudaExtent& extent) {
  if (pos.x > array.width || extent.width > array.width - pos.x) return std::nullopt;
  if (pos.y > array.height || extent.height > array.height - pos.y) return std::nullopt;
  if (pos.z > array.depth || extent.depth > array.depth - pos.z) return std::nullopt;
  const Addr start = array.base + pos.z * array.slice_bytes() + pos.y * array.row_bytes() +
                     pos.x * array.format.bytes();
  return Side{{device_pointer(start), array.row_bytes(), array.slice_bytes()}, true};
}

// The region of pitched memory at `pos` (x in bytes) spanning `extent` rows of `width` bytes,
// or nullopt when the region leaves the rows or, for several slices, the slice height.
std::optional<Side> linear_side(const cudaPitchedPtr& p, const cudaPos& pos,
                                const cudaExtent& extent, std::size_t width) {
  const bool one_row = extent.height <= 1 && extent.depth <= 1 && pos.y == 0 && pos.z == 0;
  if (!one_row && (pos.x > p.pitch || width > p.pitch - pos.x)) return std::nullopt;
  const bool one_slice = extent.depth <= 1 && pos.z == 0;
  if (!one_slice && (pos.y > p.ysize || extent.height > p.ysize - pos.y)) return std::nullopt;
  std::size_t slice_pitch = 0;
  if (!one_slice && __builtin_mul_overflow(p.pitch, p.ysize, &slice_pitch)) return std::nullopt;
  Addr start = 0;
  if (__builtin_mul_overflow(pos.z, slice_pitch, &start) ||
      __builtin_add_overflow(start, pos.y * p.pitch + pos.x, &start) ||
      __builtin_add_overflow(start, device_address(p.ptr), &start)) {
    return std::nullopt;
  }
  return Side{{device_pointer(start), p.pitch, slice_pitch}, false};
}

// The copy direction once array sides are taken as device memory, which CUDA does silently
// whatever the kind says.
cudaMemcpyKind corrected_kind(cudaMemcpyKind kind, bool dst_array, bool src_array) {
  if (kind == cudaMemcpyDefault || (!dst_array && !src_array)) return kind;
  const bool dst_device =
      dst_array || kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
  const bool src_device =
      src_array || kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
  if (dst_device) return src_device ? cudaMemcpyDeviceToDevice : cudaMemcpyHostToDevice;
  return src_device ? cudaMemcpyDeviceToHost : cudaMemcpyHostToHost;
}

cudaError_t copy_3d_params(Runtime& rt, const cudaMemcpy3DParms* p) {
  if (p == nullptr) return cudaErrorInvalidValue;
  if ((p->srcArray != nullptr) == (p->srcPtr.ptr != nullptr)) return cudaErrorInvalidValue;
  if ((p->dstArray != nullptr) == (p->dstPtr.ptr != nullptr)) return cudaErrorInvalidValue;
  if (p->kind < cudaMemcpyHostToHost || p->kind > cudaMemcpyDefault) {
    return cudaErrorInvalidMemcpyDirection;
  }
  const cudaArray* src_array =
      p->srcArray != nullptr ? rt.handles().arrays.find(p->srcArray) : nullptr;
  const cudaArray* dst_array =
      p->dstArray != nullptr ? rt.handles().arrays.find(p->dstArray) : nullptr;
  if ((p->srcArray != nullptr && src_array == nullptr) ||
      (p->dstArray != nullptr && dst_array == nullptr)) {
    return cudaErrorInvalidValue;
  }
  // Extents count the array's elements when an array takes part, bytes otherwise.
  std::size_t element = 1;
  if (src_array != nullptr) element = src_array->format.bytes();
  if (dst_array != nullptr) {
    if (src_array != nullptr && dst_array->format.bytes() != element) return cudaErrorInvalidValue;
    element = dst_array->format.bytes();
  }
  std::size_t width = 0;
  if (__builtin_mul_overflow(p->extent.width, element, &width)) return cudaErrorInvalidValue;
  const std::optional<Side> src = src_array != nullptr
                                      ? array_side(*src_array, p->srcPos, p->extent)
                                      : linear_side(p->srcPtr, p->srcPos, p->extent, width);
  const std::optional<Side> dst = dst_array != nullptr
                                      ? array_side(*dst_array, p->dstPos, p->extent)
                                      : linear_side(p->dstPtr, p->dstPos, p->extent, width);
  if (!src || !dst) return cudaErrorInvalidValue;
  return copy_3d(dst->block, src->block, width, p->extent.height, p->extent.depth,
                 corrected_kind(p->kind, dst->array, src->array));
}

cudaError_t fill_pitched(const cudaPitchedPtr& p, int value, const cudaExtent& extent) {
  std::size_t slice_pitch = 0;
  if (extent.depth > 1 &&
      (extent.height > p.ysize || __builtin_mul_overflow(p.pitch, p.ysize, &slice_pitch))) {
    return cudaErrorInvalidValue;
  }
  return fill_3d({p.ptr, p.pitch, slice_pitch}, value, extent.width, extent.height, extent.depth);
}

}  // namespace
}  // namespace warpsim::runtime

using warpsim::runtime::api_call;
using warpsim::runtime::Runtime;

extern "C" {

cudaError_t cudaMallocPitch(void** devPtr, size_t* pitch, size_t width, size_t height) {
  return api_call([&](Runtime& rt) {
    if (devPtr == nullptr || pitch == nullptr) return cudaErrorInvalidValue;
    return warpsim::runtime::allocate_pitched(rt, devPtr, pitch, width, height, 1);
  });
}

cudaError_t cudaMalloc3D(cudaPitchedPtr* pitchedDevPtr, cudaExtent extent) {
  return api_call([&](Runtime& rt) {
    if (pitchedDevPtr == nullptr) return cudaErrorInvalidValue;
    cudaPitchedPtr p{nullptr, 0, extent.width, extent.height};
    const cudaError_t error = warpsim::runtime::allocate_pitched(rt, &p.ptr, &p.pitch, extent.width,
                                                                 extent.height, extent.depth);
    if (error == cudaSuccess) *pitchedDevPtr = p;
    return error;
  });
}

cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms* p) {
  return api_call([&](Runtime& rt) { return warpsim::runtime::copy_3d_params(rt, p); });
}

cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms* p, cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    if (!rt.handles().valid_stream(stream)) return cudaErrorInvalidResourceHandle;
    return warpsim::runtime::copy_3d_params(rt, p);
  });
}

cudaError_t cudaMemset3D(cudaPitchedPtr pitchedDevPtr, int value, cudaExtent extent) {
  return cudaMemset3DAsync(pitchedDevPtr, value, extent, nullptr);
}

cudaError_t cudaMemset3DAsync(cudaPitchedPtr pitchedDevPtr, int value, cudaExtent extent,
                              cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    if (!rt.handles().valid_stream(stream)) return cudaErrorInvalidResourceHandle;
    return warpsim::runtime::fill_pitched(pitchedDevPtr, value, extent);
  });
}

}  // extern "C"
