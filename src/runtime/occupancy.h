#pragma once

// The CUDA runtime's occupancy calls (cudaOccupancy*, cooperative launch checks, a kernel's
// largest block) on the simulated GPU's description, through the timing model's calculation
// (gpu/occupancy.h), so what a program is told matches what the timing model runs. The kernel's
// own limits (launch bound, dynamic shared memory attribute) are applied here. The carveout
// preference is not: every block may use the SM's whole shared memory.

#include <cstddef>
#include <cstdint>

#include <optional>

#include "gpu/gpu_description.h"
#include "gpu/gpu_model.h"
#include "runtime/settings.h"

namespace warpsim::runtime {

// Blocks of `block_size` threads, each with `dynamic_shared` bytes of dynamic shared memory,
// that one SM holds at once; 0 when a single block does not fit.
int max_active_blocks(const GpuDescription& gpu, const KernelLimits& k, int block_size,
                      std::size_t dynamic_shared);

// The most dynamic shared memory per block that still lets `blocks` blocks of `block_size`
// threads share one SM; 0 when that many blocks do not fit even without any.
std::size_t available_dynamic_shared(const GpuDescription& gpu, const KernelLimits& k, int blocks,
                                     int block_size);

// The largest block a kernel with `registers` registers per thread and the launch bound
// `launch_bound` (0: none) can be launched with.
int max_threads_per_block(const GpuDescription& gpu, std::uint32_t registers,
                          std::uint32_t launch_bound);

// What a launch of blocks of `block_threads` threads books: ptxas's or the config's numbers as
// they are, or nullopt when such a block does not fit (CUDA refuses that launch); an estimate is
// only an estimate, so it never fails a launch: it is lowered until one block fits, as ptxas
// would have to allocate for a kernel launched with such blocks.
std::optional<KernelResourceInfo> fit_to_block(const GpuDescription& gpu, KernelResourceInfo info,
                                               std::uint64_t block_threads);

}  // namespace warpsim::runtime
