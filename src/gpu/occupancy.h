#pragma once

// How many CTAs of a kernel one SM holds at once (the CUDA occupancy calculator's rules), and
// the per-CTA allocations the CTA dispatcher books on an SM: warp slots, registers (allocated
// per warp or per CTA in the architecture's units) and shared memory (in its allocation unit,
// plus what the driver reserves per CTA). Used by the timing model's CTA dispatcher and by the
// CUDA runtime's occupancy API, so both always agree. The architecture facts come from the
// config's `sm` section (GpuDescription); the rules are described in docs/timing.md.

#include <array>
#include <cstddef>
#include <cstdint>

#include "gpu/gpu_description.h"
#include "sm/kernel_occupancy.h"

namespace warpsim {

// What one CTA of a kernel needs.
struct KernelFootprint {
  std::uint32_t threads_per_cta = 0;
  std::uint32_t registers_per_thread = 0;
  std::uint64_t shared_per_cta = 0;    // static + dynamic bytes, before rounding
  std::uint64_t local_per_thread = 0;  // bytes of local memory (stack frame); limits nothing
};

const char* occupancy_limiter_name(OccupancyLimiter limiter);  // "cta_slots", "warps", ...

Occupancy compute_occupancy(const GpuDescription& gpu, const KernelFootprint& kernel);

// Registers one warp of a kernel with `registers_per_thread` is allocated (per-warp allocation;
// with per-CTA allocation, a warp's exact share).
std::uint32_t registers_per_warp(const GpuDescription& gpu, std::uint32_t registers_per_thread);

// The most warps one CTA may have within the per-CTA register limit (the hardware's check,
// which rounds a CTA's warps up to a multiple of the register file partitions), at most the
// warps of a max_threads_per_cta block.
std::uint32_t max_warps_per_cta_by_registers(const GpuDescription& gpu,
                                             std::uint32_t registers_per_thread);

// ---- Booking CTAs on one SM while several kernels share it ----
//
// Registers are booked per register-file partition: each warp takes registers_per_warp from
// the partition with the most registers free (the lowest-numbered on a tie), as the calculator
// assumes. Adding CTAs of one kernel to an empty SM one by one stops exactly at ctas_per_sm.
// Shared memory is booked against the SM's whole shared_memory (the largest carve-out).

inline constexpr std::size_t kMaxRegisterPartitions = 8;  // sm.register_file_partitions' limit

struct SmUsage {
  std::uint32_t ctas = 0;
  std::uint32_t warps = 0;
  std::uint64_t registers = 0;  // all partitions together
  std::uint64_t shared = 0;
  std::array<std::uint32_t, kMaxRegisterPartitions> partition_registers{};
};

// Whether one more CTA of the kernel `per_cta` describes fits next to what `used` holds.
// Always false when ctas_per_sm is 0.
bool fits(const GpuDescription& gpu, const SmUsage& used, const Occupancy& per_cta);
// Books one CTA (the caller has checked fits()).
CtaBooking add(const GpuDescription& gpu, SmUsage& used, const Occupancy& per_cta);
// Releases a CTA booked by add().
void remove(SmUsage& used, const Occupancy& per_cta, const CtaBooking& booking);

}  // namespace warpsim
