#pragma once

// What the occupancy calculator (gpu/occupancy.h) finds for a kernel and what the CTA dispatcher
// books for one CTA: the numbers an SM carries with each kernel and CTA it runs.

#include <cstdint>
#include <limits>
#include <vector>

namespace warpsim {

// Ties between limits are reported in this order (the first limit equal to the result).
enum class OccupancyLimiter : std::uint8_t { kCtaSlots, kWarps, kRegisters, kSharedMemory };

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

// Seed 002's scratchpad sharing for one kernel (gpu/sharing_occupancy.h): an SM holds
// `unshared` CTAs with their whole scratchpad and `pairs` pairs of CTAs that each keep
// `private_bytes` (floor(t * the CTA's bytes)) to themselves and share the rest under the
// pair's lock. No pairs: sharing is off for the kernel (the ShSM bit is clear).
struct SharingOccupancy {
  std::uint32_t unshared = 0;
  std::uint32_t pairs = 0;
  std::uint64_t private_bytes = 0;
  std::uint32_t total() const { return unshared + 2 * pairs; }
  bool sharing() const { return pairs > 0; }
};

inline constexpr std::uint32_t kNoPair = std::numeric_limits<std::uint32_t>::max();

// Where one booked CTA's warps went: warp i of the CTA uses register partition
// warp_partition[i] (empty with per-CTA register allocation). Pass it back to remove().
// With scratchpad sharing, the CTA's place in its SM's sharing table (gpu/sharing_slots.h)
// and its pair (kNoPair: unshared).
struct CtaBooking {
  std::vector<std::uint8_t> warp_partition;
  std::uint32_t sharing_slot = kNoPair;
  std::uint32_t pair = kNoPair;
};

}  // namespace warpsim
