// Copies to, from and between CUDA arrays. Offsets and widths are in bytes, heights in rows, as
// in CUDA. The 2D copies address the rows of the array's first slice (or layer); the deprecated
// linear copies (cudaMemcpyToArray and kin) walk the array's bytes row after row from
// (wOffset, hOffset), which are contiguous since arrays have no row padding. Execution is
// synchronous, so the Async forms complete inside the call once their stream is checked.

#include "runtime/runtime.h"

namespace warpsim::runtime {
namespace {

bool copies_to_device(cudaMemcpyKind kind) {
  return kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice ||
         kind == cudaMemcpyDefault;
}

bool copies_from_device(cudaMemcpyKind kind) {
  return kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice ||
         kind == cudaMemcpyDefault;
}

// The device pointer of byte `w_offset` of row `h_offset`, or nullptr when a block of `width`
// bytes by `height` rows starting there does not fit in the array's first slice.
void* array_window(const cudaArray& array, std::size_t w_offset, std::size_t h_offset,
                   std::size_t width, std::size_t height) {
  if (w_offset > array.row_bytes() || width > array.row_bytes() - w_offset) return nullptr;
  if (h_offset > array.height || height > array.height - h_offset) return nullptr;
  return device_pointer(array.base + h_offset * array.row_bytes() + w_offset);
}

// The device pointer of byte `w_offset` of row `h_offset`, or nullptr when `count` bytes from
// there run past the array's last byte.
void* array_run(const cudaArray& array, std::size_t w_offset, std::size_t h_offset,
                std::size_t count) {
  const std::size_t rows = array.height * array.depth;
  if (w_offset > array.row_bytes() || h_offset >= rows) return nullptr;
  const std::size_t start = h_offset * array.row_bytes() + w_offset;
  if (count > array.row_bytes() * rows - start) return nullptr;
  return device_pointer(array.base + start);
}

cudaError_t to_array_2d(Runtime& rt, cudaArray_t dst, std::size_t w_offset, std::size_t h_offset,
                        const void* src, std::size_t spitch, std::size_t width, std::size_t height,
                        cudaMemcpyKind kind) {
  const cudaArray* a = rt.handles().arrays.find(dst);
  if (a == nullptr) return cudaErrorInvalidValue;
  if (!copies_to_device(kind)) return cudaErrorInvalidMemcpyDirection;
  void* to = array_window(*a, w_offset, h_offset, width, height);
  if (to == nullptr) return cudaErrorInvalidValue;
  return copy_2d(to, a->row_bytes(), src, spitch, width, height, kind);
}

cudaError_t from_array_2d(Runtime& rt, void* dst, std::size_t dpitch, cudaArray_const_t src,
                          std::size_t w_offset, std::size_t h_offset, std::size_t width,
                          std::size_t height, cudaMemcpyKind kind) {
  const cudaArray* a = rt.handles().arrays.find(src);
  if (a == nullptr) return cudaErrorInvalidValue;
  if (!copies_from_device(kind)) return cudaErrorInvalidMemcpyDirection;
  const void* from = array_window(*a, w_offset, h_offset, width, height);
  if (from == nullptr) return cudaErrorInvalidValue;
  return copy_2d(dst, dpitch, from, a->row_bytes(), width, height, kind);
}

cudaError_t to_array(Runtime& rt, cudaArray_t dst, std::size_t w_offset, std::size_t h_offset,
                     const void* src, std::size_t count, cudaMemcpyKind kind) {
  const cudaArray* a = rt.handles().arrays.find(dst);
  if (a == nullptr) return cudaErrorInvalidValue;
  if (!copies_to_device(kind)) return cudaErrorInvalidMemcpyDirection;
  void* to = array_run(*a, w_offset, h_offset, count);
  if (to == nullptr) return cudaErrorInvalidValue;
  return copy_2d(to, count, src, count, count, 1, kind);
}

cudaError_t from_array(Runtime& rt, void* dst, cudaArray_const_t src, std::size_t w_offset,
                       std::size_t h_offset, std::size_t count, cudaMemcpyKind kind) {
  const cudaArray* a = rt.handles().arrays.find(src);
  if (a == nullptr) return cudaErrorInvalidValue;
  if (!copies_from_device(kind)) return cudaErrorInvalidMemcpyDirection;
  const void* from = array_run(*a, w_offset, h_offset, count);
  if (from == nullptr) return cudaErrorInvalidValue;
  return copy_2d(dst, count, from, count, count, 1, kind);
}

// Both sides are device memory whatever `kind` says (CUDA takes arrays as device memory
// silently, as in cudaMemcpy3D), but `kind` must still be a copy kind.
bool valid_kind(cudaMemcpyKind kind) {
  return kind >= cudaMemcpyHostToHost && kind <= cudaMemcpyDefault;
}

}  // namespace
}  // namespace warpsim::runtime

using warpsim::runtime::api_call;
using warpsim::runtime::Runtime;
namespace rt_impl = warpsim::runtime;

extern "C" {

cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                                size_t spitch, size_t width, size_t height, cudaMemcpyKind kind) {
  return api_call([&](Runtime& rt) {
    return rt_impl::to_array_2d(rt, dst, wOffset, hOffset, src, spitch, width, height, kind);
  });
}

cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset,
                                     const void* src, size_t spitch, size_t width, size_t height,
                                     cudaMemcpyKind kind, cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    if (!rt.handles().valid_stream(stream)) return cudaErrorInvalidResourceHandle;
    return rt_impl::to_array_2d(rt, dst, wOffset, hOffset, src, spitch, width, height, kind);
  });
}

cudaError_t cudaMemcpy2DFromArray(void* dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                  size_t hOffset, size_t width, size_t height,
                                  cudaMemcpyKind kind) {
  return api_call([&](Runtime& rt) {
    return rt_impl::from_array_2d(rt, dst, dpitch, src, wOffset, hOffset, width, height, kind);
  });
}

cudaError_t cudaMemcpy2DFromArrayAsync(void* dst, size_t dpitch, cudaArray_const_t src,
                                       size_t wOffset, size_t hOffset, size_t width, size_t height,
                                       cudaMemcpyKind kind, cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    if (!rt.handles().valid_stream(stream)) return cudaErrorInvalidResourceHandle;
    return rt_impl::from_array_2d(rt, dst, dpitch, src, wOffset, hOffset, width, height, kind);
  });
}

cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                              size_t count, cudaMemcpyKind kind) {
  return api_call(
      [&](Runtime& rt) { return rt_impl::to_array(rt, dst, wOffset, hOffset, src, count, kind); });
}

cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                                   size_t count, cudaMemcpyKind kind, cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    if (!rt.handles().valid_stream(stream)) return cudaErrorInvalidResourceHandle;
    return rt_impl::to_array(rt, dst, wOffset, hOffset, src, count, kind);
  });
}

cudaError_t cudaMemcpyFromArray(void* dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                size_t count, cudaMemcpyKind kind) {
  return api_call([&](Runtime& rt) {
    return rt_impl::from_array(rt, dst, src, wOffset, hOffset, count, kind);
  });
}

cudaError_t cudaMemcpyFromArrayAsync(void* dst, cudaArray_const_t src, size_t wOffset,
                                     size_t hOffset, size_t count, cudaMemcpyKind kind,
                                     cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    if (!rt.handles().valid_stream(stream)) return cudaErrorInvalidResourceHandle;
    return rt_impl::from_array(rt, dst, src, wOffset, hOffset, count, kind);
  });
}

cudaError_t cudaMemcpyArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
                                   cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc,
                                   size_t count, cudaMemcpyKind kind) {
  return api_call([&](Runtime& rt) {
    const cudaArray* d = rt.handles().arrays.find(dst);
    const cudaArray* s = rt.handles().arrays.find(src);
    if (d == nullptr || s == nullptr) return cudaErrorInvalidValue;
    if (!rt_impl::valid_kind(kind)) return cudaErrorInvalidMemcpyDirection;
    void* to = rt_impl::array_run(*d, wOffsetDst, hOffsetDst, count);
    const void* from = rt_impl::array_run(*s, wOffsetSrc, hOffsetSrc, count);
    if (to == nullptr || from == nullptr) return cudaErrorInvalidValue;
    return rt_impl::copy_2d(to, count, from, count, count, 1, cudaMemcpyDeviceToDevice);
  });
}

cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
                                     cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc,
                                     size_t width, size_t height, cudaMemcpyKind kind) {
  return api_call([&](Runtime& rt) {
    const cudaArray* d = rt.handles().arrays.find(dst);
    const cudaArray* s = rt.handles().arrays.find(src);
    if (d == nullptr || s == nullptr) return cudaErrorInvalidValue;
    if (!rt_impl::valid_kind(kind)) return cudaErrorInvalidMemcpyDirection;
    void* to = rt_impl::array_window(*d, wOffsetDst, hOffsetDst, width, height);
    const void* from = rt_impl::array_window(*s, wOffsetSrc, hOffsetSrc, width, height);
    if (to == nullptr || from == nullptr) return cudaErrorInvalidValue;
    return rt_impl::copy_2d(to, d->row_bytes(), from, s->row_bytes(), width, height,
                            cudaMemcpyDeviceToDevice);
  });
}

}  // extern "C"
