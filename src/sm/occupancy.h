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
#include <limits>
#include <vector>

#include "gpu/gpu_description.h"

namespace warpsim {

// What one CTA of a kernel needs.
struct KernelFootprint {
  std::uint32_t threads_per_cta = 0;
  std::uint32_t registers_per_thread = 0;
  std::uint64_t shared_per_cta = 0;    // static + dynamic bytes, before rounding
  std::uint64_t local_per_thread = 0;  // bytes of local memory (stack frame); limits nothing
};

// Ties between limits are reported in this order (the first limit equal to the result).
enum class OccupancyLimiter : std::uint8_t { kCtaSlots, kWarps, kRegisters, kSharedMemory };
const char* occupancy_limiter_name(OccupancyLimiter limiter);  // "cta_slots", "warps", ...

// A limit that does not bind at all (a kernel without registers or shared memory).
inline constexpr std::uint32_t kNoCtaLimit = std::numeric_limits<std::uint32_t>::max();

struct Occupancy {
  std::uint32_t ctas_per_sm = 0;  // 0: one CTA does not fit (or cannot launch)
  OccupancyLimiter limiter = OccupancyLimiter::kCtaSlots;
  // The CTAs each resource alone allows (kNoCtaLimit: unlimited).
  std::uint32_t ctas_by_slots = 0;
  std::uint32_t ctas_by_warps = 0;
  std::uint32_t ctas_by_registers = 0;
  std::uint32_t ctas_by_shared = 0;

  std::uint32_t warps_per_cta = 0;
  std::uint32_t registers_per_warp = 0;  // as allocated (0 with per-CTA allocation)
  std::uint32_t registers_per_cta = 0;   // as allocated
  std::uint64_t shared_per_cta = 0;      // as allocated (rounded, reserved bytes included)
  // Bytes of the unified L1/shared array given to shared memory for this kernel: the smallest
  // carve-out that still holds ctas_per_sm CTAs (sm.shared_carveout_choice: smallest), or the
  // largest; the SM's shared_memory where the split is fixed.
  std::uint64_t shared_carveout = 0;
};

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

// Where one booked CTA's warps went: warp i of the CTA uses register partition
// warp_partition[i] (empty with per-CTA register allocation). Pass it back to remove().
struct CtaBooking {
  std::vector<std::uint8_t> warp_partition;
};

// Whether one more CTA of the kernel `per_cta` describes fits next to what `used` holds.
// Always false when ctas_per_sm is 0.
bool fits(const GpuDescription& gpu, const SmUsage& used, const Occupancy& per_cta);
// Books one CTA (the caller has checked fits()).
CtaBooking add(const GpuDescription& gpu, SmUsage& used, const Occupancy& per_cta);
// Releases a CTA booked by add().
void remove(SmUsage& used, const Occupancy& per_cta, const CtaBooking& booking);

}  // namespace warpsim
