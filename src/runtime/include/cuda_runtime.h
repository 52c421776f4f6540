#pragma once

// warpsim's <cuda_runtime.h> for host code compiled by a plain C++ compiler: the runtime API
// (cuda_runtime_api.h), the vector types and their make_* functions, and the C++ helpers of
// CUDA's own header that the test programs use. Device code is not compiled against it; it runs
// from the PTX nvcc produced (see warpsim_functional.h).

#include "cuda_runtime_api.h"
#include "driver_functions.h"
#include "host_defines.h"
#include "kernel_templates.h"
#include "vector_functions.h"

// C++ conveniences of CUDA's header: typed pointers for the allocators, flags for cudaMallocHost
// and cudaEventCreate.
template <class T>
inline cudaError_t cudaMalloc(T** devPtr, size_t size) {
  return ::cudaMalloc(reinterpret_cast<void**>(devPtr), size);
}

inline cudaError_t cudaMallocHost(void** ptr, size_t size, unsigned int flags) {
  return ::cudaHostAlloc(ptr, size, flags);
}

template <class T>
inline cudaError_t cudaMallocHost(T** ptr, size_t size, unsigned int flags = 0) {
  return ::cudaHostAlloc(reinterpret_cast<void**>(ptr), size, flags);
}

template <class T>
inline cudaError_t cudaHostAlloc(T** ptr, size_t size, unsigned int flags) {
  return ::cudaHostAlloc(reinterpret_cast<void**>(ptr), size, flags);
}

template <class T>
inline cudaError_t cudaHostGetDevicePointer(T** pDevice, void* pHost, unsigned int flags) {
  return ::cudaHostGetDevicePointer(reinterpret_cast<void**>(pDevice), pHost, flags);
}

template <class T>
inline cudaError_t cudaMallocManaged(T** devPtr, size_t size,
                                     unsigned int flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged(reinterpret_cast<void**>(devPtr), size, flags);
}

template <class T>
inline cudaError_t cudaMallocPitch(T** devPtr, size_t* pitch, size_t width, size_t height) {
  return ::cudaMallocPitch(reinterpret_cast<void**>(devPtr), pitch, width, height);
}

template <class T>
inline cudaError_t cudaMallocAsync(T** ptr, size_t size, cudaStream_t stream) {
  return ::cudaMallocAsync(reinterpret_cast<void**>(ptr), size, stream);
}

inline cudaError_t cudaEventCreate(cudaEvent_t* event, unsigned int flags) {
  return ::cudaEventCreateWithFlags(event, flags);
}

// The channel format of a texel type: cudaCreateChannelDesc<float4>() and so on.
template <class T>
inline cudaChannelFormatDesc cudaCreateChannelDesc() {
  return cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
}

#define WARPSIM_CHANNEL_DESC(T, kind, n)                                                           \
  template <>                                                                                      \
  inline cudaChannelFormatDesc cudaCreateChannelDesc<T>() {                                        \
    const int bits = static_cast<int>(sizeof(T) / (n)*8);                                          \
    return cudaCreateChannelDesc(bits, (n) > 1 ? bits : 0, (n) > 2 ? bits : 0, (n) > 3 ? bits : 0, \
                                 cudaChannelFormatKind##kind);                                     \
  }
#define WARPSIM_CHANNEL_DESCS(prefix, scalar, kind) \
  WARPSIM_CHANNEL_DESC(scalar, kind, 1)             \
  WARPSIM_CHANNEL_DESC(prefix##1, kind, 1)          \
  WARPSIM_CHANNEL_DESC(prefix##2, kind, 2)          \
  WARPSIM_CHANNEL_DESC(prefix##4, kind, 4)

WARPSIM_CHANNEL_DESC(char, Signed, 1)
WARPSIM_CHANNEL_DESCS(char, signed char, Signed)
WARPSIM_CHANNEL_DESCS(uchar, unsigned char, Unsigned)
WARPSIM_CHANNEL_DESCS(short, short, Signed)
WARPSIM_CHANNEL_DESCS(ushort, unsigned short, Unsigned)
WARPSIM_CHANNEL_DESCS(int, int, Signed)
WARPSIM_CHANNEL_DESCS(uint, unsigned int, Unsigned)
WARPSIM_CHANNEL_DESCS(float, float, Float)

#undef WARPSIM_CHANNEL_DESCS
#undef WARPSIM_CHANNEL_DESC
