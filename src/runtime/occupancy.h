#pragma once

// How many blocks of a kernel one SM holds at once, as CUDA's occupancy calculator computes it:
// the least of the limits set by resident warps, block slots, registers and shared memory.
// Architecture facts the properties do not carry (allocation granularities, SM sub-partitions)
// follow the compute capability, as the calculator documents them. The shared-memory carveout
// preference is not applied: every block may use the SM's whole shared memory.

#include <cstddef>
#include <cstdint>

#include "runtime/include/cuda_runtime_api.h"
#include "runtime/settings.h"

namespace warpsim::runtime {

// Blocks of `block_size` threads, each with `dynamic_shared` bytes of dynamic shared memory,
// that one SM holds at once; 0 when a single block does not fit.
int max_active_blocks(const cudaDeviceProp& p, const KernelLimits& k, int block_size,
                      std::size_t dynamic_shared);

// The most dynamic shared memory per block that still lets `blocks` blocks of `block_size`
// threads share one SM; 0 when that many blocks do not fit even without any.
std::size_t available_dynamic_shared(const cudaDeviceProp& p, const KernelLimits& k, int blocks,
                                     int block_size);

// The largest block a kernel with `registers` registers per thread and the launch bound
// `launch_bound` (0: none) can be launched with.
int max_threads_per_block(const cudaDeviceProp& p, std::uint32_t registers,
                          std::uint32_t launch_bound);

}  // namespace warpsim::runtime
