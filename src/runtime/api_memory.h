#pragma once

// What the memory API files (api_memory*.cc, api_managed.cc) share: strided copies and fills
// that reach each side as CUDA's unified addressing does, and the device allocator's checks.
//
// A pointer is reachable from the device when it lies in an allocation of the simulated device
// (device, managed, pinned or registered host memory). It is reachable from the host when it is
// the program's own memory (in no allocation) or lies in a host-mapped allocation (managed or
// pinned: the same bytes at the same address); a plain device address is not, as dereferencing
// it on the host would crash.

#include <cstddef>

#include "runtime/runtime.h"

namespace warpsim::runtime {

// One side of a strided copy: `depth` slices `slice_pitch` bytes apart, each of `height` rows
// `pitch` bytes apart.
struct Strided {
  const void* ptr = nullptr;
  std::size_t pitch = 0;
  std::size_t slice_pitch = 0;
};

// Copies `depth` x `height` rows of `width` bytes. Each side is device or host memory as `kind`
// says (cudaMemcpyDefault: as the pointer says); pitches below `width` (for more than one row)
// or above cudaDeviceProp::memPitch are cudaErrorInvalidPitchValue, an unreachable side
// cudaErrorInvalidValue.
cudaError_t copy_3d(Strided dst, Strided src, std::size_t width, std::size_t height,
                    std::size_t depth, cudaMemcpyKind kind);

// Sets `depth` x `height` rows of `width` bytes of device-reachable memory to `value`.
cudaError_t fill_3d(Strided dst, int value, std::size_t width, std::size_t height,
                    std::size_t depth);

// cudaMalloc's allocator: nullptr for size 0, cudaErrorMemoryAllocation beyond the free device
// memory (cudaDeviceProp::totalGlobalMem less what is allocated).
cudaError_t allocate_device(Runtime& rt, void** out, std::size_t size, std::size_t align = 256);

// cudaFree's rule: `pointer` must be the start of a cudaMalloc'ed or managed allocation.
cudaError_t free_device(Runtime& rt, void* pointer);

}  // namespace warpsim::runtime
