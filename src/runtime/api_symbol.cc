// Module variables (__device__ and __constant__): copies to and from them, their addresses and
// sizes. A symbol handle names a variable through Runtime::find_symbol; an unknown handle, or
// a name no loaded module defines, is cudaErrorInvalidSymbol.

#include "runtime/runtime.h"

namespace warpsim::runtime {
namespace {

// The device pointer of [offset, offset + count) inside the variable, or the error.
cudaError_t symbol_range(Runtime& rt, const void* symbol, std::size_t count, std::size_t offset,
                         void** out) {
  auto info = rt.code().find_symbol(symbol);
  if (!info) return cudaErrorInvalidSymbol;
  if (offset > info->size || count > info->size - offset) return cudaErrorInvalidValue;
  *out = device_pointer(info->address + offset);
  return cudaSuccess;
}

cudaError_t to_symbol(Runtime& rt, const void* symbol, const void* src, std::size_t count,
                      std::size_t offset, cudaMemcpyKind kind) {
  if (kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToDevice &&
      kind != cudaMemcpyDefault) {
    return cudaErrorInvalidMemcpyDirection;
  }
  void* dst = nullptr;
  if (cudaError_t e = symbol_range(rt, symbol, count, offset, &dst); e != cudaSuccess) return e;
  return copy_2d(dst, count, src, count, count, 1, kind);
}

cudaError_t from_symbol(Runtime& rt, void* dst, const void* symbol, std::size_t count,
                        std::size_t offset, cudaMemcpyKind kind) {
  if (kind != cudaMemcpyDeviceToHost && kind != cudaMemcpyDeviceToDevice &&
      kind != cudaMemcpyDefault) {
    return cudaErrorInvalidMemcpyDirection;
  }
  void* src = nullptr;
  if (cudaError_t e = symbol_range(rt, symbol, count, offset, &src); e != cudaSuccess) return e;
  return copy_2d(dst, count, src, count, count, 1, kind);
}

}  // namespace
}  // namespace warpsim::runtime

using warpsim::runtime::api_call;
using warpsim::runtime::Runtime;

extern "C" {

cudaError_t cudaMemcpyToSymbol(const void* symbol, const void* src, size_t count, size_t offset,
                               cudaMemcpyKind kind) {
  return api_call([&](Runtime& rt) {
    return warpsim::runtime::to_symbol(rt, symbol, src, count, offset, kind);
  });
}

cudaError_t cudaMemcpyFromSymbol(void* dst, const void* symbol, size_t count, size_t offset,
                                 cudaMemcpyKind kind) {
  return api_call([&](Runtime& rt) {
    return warpsim::runtime::from_symbol(rt, dst, symbol, count, offset, kind);
  });
}

cudaError_t cudaMemcpyToSymbolAsync(const void* symbol, const void* src, size_t count,
                                    size_t offset, cudaMemcpyKind kind, cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    if (!rt.handles().valid_stream(stream)) return cudaErrorInvalidResourceHandle;
    return warpsim::runtime::to_symbol(rt, symbol, src, count, offset, kind);
  });
}

cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const void* symbol, size_t count, size_t offset,
                                      cudaMemcpyKind kind, cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    if (!rt.handles().valid_stream(stream)) return cudaErrorInvalidResourceHandle;
    return warpsim::runtime::from_symbol(rt, dst, symbol, count, offset, kind);
  });
}

cudaError_t cudaGetSymbolAddress(void** devPtr, const void* symbol) {
  return api_call([&](Runtime& rt) {
    if (devPtr == nullptr) return cudaErrorInvalidValue;
    auto info = rt.code().find_symbol(symbol);
    if (!info) return cudaErrorInvalidSymbol;
    *devPtr = warpsim::runtime::device_pointer(info->address);
    return cudaSuccess;
  });
}

cudaError_t cudaGetSymbolSize(size_t* size, const void* symbol) {
  return api_call([&](Runtime& rt) {
    if (size == nullptr) return cudaErrorInvalidValue;
    auto info = rt.code().find_symbol(symbol);
    if (!info) return cudaErrorInvalidSymbol;
    *size = info->size;
    return cudaSuccess;
  });
}

}  // extern "C"
