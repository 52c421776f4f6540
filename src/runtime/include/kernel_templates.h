#pragma once

// The C++ helpers of CUDA's <cuda_runtime.h> for kernel attributes, occupancy and cooperative
// launches: overloads that take the kernel itself instead of `const void*`, and the
// cudaOccupancyMaxPotentialBlockSize family, which CUDA defines in its header on top of the
// C calls. Included by cuda_runtime.h.

#include "cuda_runtime_api.h"

template <class T>
inline cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attr, T* entry) {
  return ::cudaFuncGetAttributes(attr, reinterpret_cast<const void*>(entry));
}

template <class T>
inline cudaError_t cudaFuncSetAttribute(T* func, cudaFuncAttribute attr, int value) {
  return ::cudaFuncSetAttribute(reinterpret_cast<const void*>(func), attr, value);
}

template <class T>
inline cudaError_t cudaFuncSetCacheConfig(T* func, cudaFuncCache cacheConfig) {
  return ::cudaFuncSetCacheConfig(reinterpret_cast<const void*>(func), cacheConfig);
}

template <class T>
inline cudaError_t cudaFuncGetName(const char** name, const T* func) {
  return ::cudaFuncGetName(name, reinterpret_cast<const void*>(func));
}

template <class T>
inline cudaError_t cudaGetKernel(cudaKernel_t* kernelPtr, T* func) {
  return ::cudaGetKernel(kernelPtr, reinterpret_cast<const void*>(func));
}

template <class T>
inline cudaError_t cudaLaunchCooperativeKernel(const T* func, dim3 gridDim, dim3 blockDim,
                                               void** args, size_t sharedMem = 0,
                                               cudaStream_t stream = nullptr) {
  return ::cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(func), gridDim, blockDim, args,
                                       sharedMem, stream);
}

template <class T>
inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, T func,
                                                                 int blockSize,
                                                                 size_t dynamicSMemSize) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, reinterpret_cast<const void*>(func), blockSize, dynamicSMemSize,
      cudaOccupancyDefault);
}

template <class T>
inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* numBlocks, T func,
                                                                          int blockSize,
                                                                          size_t dynamicSMemSize,
                                                                          unsigned int flags) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, reinterpret_cast<const void*>(func), blockSize, dynamicSMemSize, flags);
}

template <class T>
inline cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t* dynamicSmemSize, T* func,
                                                             int numBlocks, int blockSize) {
  return ::cudaOccupancyAvailableDynamicSMemPerBlock(
      dynamicSmemSize, reinterpret_cast<const void*>(func), numBlocks, blockSize);
}

namespace warpsim_occupancy {

// The block sizes worth trying, largest first: the limit itself, then each smaller multiple of
// the warp size (a partial warp occupies a whole one).
inline int next_block_size(int size, int warp) {
  return size % warp != 0 ? size - size % warp : size - warp;
}

}  // namespace warpsim_occupancy

// The block size (at most blockSizeLimit when that is positive) that keeps the most threads of
// `func` resident per SM, the largest such size on a tie, and the grid that fills the device
// with blocks of that size. blockSizeToDynamicSMemSize(size) gives the dynamic shared memory a
// block of `size` threads needs.
template <class UnaryFunction, class T>
inline cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
    int* minGridSize, int* blockSize, T func, UnaryFunction blockSizeToDynamicSMemSize,
    int blockSizeLimit = 0, unsigned int flags = cudaOccupancyDefault) {
  if (minGridSize == nullptr || blockSize == nullptr) return cudaErrorInvalidValue;
  const void* kernel = reinterpret_cast<const void*>(func);
  int device = 0;
  int sms = 0;
  int warp = 0;
  int sm_threads = 0;
  cudaFuncAttributes attr{};
  cudaError_t status = cudaGetDevice(&device);
  if (status == cudaSuccess) {
    status = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  }
  if (status == cudaSuccess) status = cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, device);
  if (status == cudaSuccess) {
    status = cudaDeviceGetAttribute(&sm_threads, cudaDevAttrMaxThreadsPerMultiProcessor, device);
  }
  if (status == cudaSuccess) status = ::cudaFuncGetAttributes(&attr, kernel);
  if (status != cudaSuccess) return status;
  int limit = attr.maxThreadsPerBlock;
  if (blockSizeLimit > 0 && blockSizeLimit < limit) limit = blockSizeLimit;
  int best_size = 0;
  int best_blocks = 0;
  for (int size = limit; size > 0; size = warpsim_occupancy::next_block_size(size, warp)) {
    int blocks = 0;
    status = ::cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
        &blocks, kernel, size, static_cast<size_t>(blockSizeToDynamicSMemSize(size)), flags);
    if (status != cudaSuccess) return status;
    if (static_cast<long long>(blocks) * size > static_cast<long long>(best_blocks) * best_size) {
      best_size = size;
      best_blocks = blocks;
    }
    if (static_cast<long long>(best_blocks) * best_size >= sm_threads) break;  // cannot do better
  }
  *blockSize = best_size;
  *minGridSize = best_blocks * sms;
  return cudaSuccess;
}

template <class UnaryFunction, class T>
inline cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(
    int* minGridSize, int* blockSize, T func, UnaryFunction blockSizeToDynamicSMemSize,
    int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, blockSizeToDynamicSMemSize, blockSizeLimit,
      cudaOccupancyDefault);
}

template <class T>
inline cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(
    int* minGridSize, int* blockSize, T func, size_t dynamicSMemSize = 0, int blockSizeLimit = 0,
    unsigned int flags = cudaOccupancyDefault) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, [dynamicSMemSize](int) { return dynamicSMemSize; },
      blockSizeLimit, flags);
}

template <class T>
inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int* minGridSize, int* blockSize, T func,
                                                      size_t dynamicSMemSize = 0,
                                                      int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeWithFlags(minGridSize, blockSize, func, dynamicSMemSize,
                                                     blockSizeLimit, cudaOccupancyDefault);
}
