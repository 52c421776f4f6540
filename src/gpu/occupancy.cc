#include "gpu/occupancy.h"

#include <algorithm>

// The rules follow NVIDIA's occupancy calculator as cuda_occupancy.h (CUDA 13) implements it for
// compute capability 3.0 on, and as CUDA 7.0's cuda_occupancy.h and the CUDA Occupancy
// Calculator spreadsheet give them for Fermi (2.x); the per-architecture numbers they hard-code
// are config keys here (docs/timing.md lists them).

namespace warpsim {
namespace {

std::uint64_t round_up(std::uint64_t value, std::uint64_t unit) {
  return unit == 0 ? value : (value + unit - 1) / unit * unit;
}

std::uint32_t clamp_u32(std::uint64_t value) {
  return static_cast<std::uint32_t>(std::min<std::uint64_t>(value, kNoCtaLimit));
}

std::uint32_t warp_size(const GpuDescription& gpu) { return std::max(gpu.warp_size, 1u); }

std::uint32_t partitions(const GpuDescription& gpu) {
  return std::clamp<std::uint32_t>(gpu.register_file_partitions, 1,
                                   static_cast<std::uint32_t>(kMaxRegisterPartitions));
}

std::uint32_t ctas_by_warps(const GpuDescription& gpu, const KernelFootprint& kernel,
                            std::uint32_t warps) {
  if (kernel.threads_per_cta == 0 || kernel.threads_per_cta > gpu.max_threads_per_cta) return 0;
  return gpu.max_threads_per_sm / warp_size(gpu) / warps;
}

// Registers allocated per CTA (cc 1.x): the warps round up to the partitions (the
// calculator's warp allocation granularity) and the whole to the allocation unit.
std::uint64_t registers_per_cta_block_granularity(const GpuDescription& gpu,
                                                  std::uint32_t registers, std::uint32_t warps) {
  const std::uint64_t raw =
      std::uint64_t{registers} * warp_size(gpu) * round_up(warps, partitions(gpu));
  return round_up(raw, gpu.register_allocation_unit);
}

// Fills the register fields of `occ` and returns the CTAs the register file allows.
std::uint32_t ctas_by_registers(const GpuDescription& gpu, std::uint32_t registers,
                                Occupancy& occ) {
  const std::uint32_t warps = occ.warps_per_cta;
  if (gpu.register_allocation_granularity == RegisterGranularity::kCta) {
    const std::uint64_t per_cta = registers_per_cta_block_granularity(gpu, registers, warps);
    occ.registers_per_cta = clamp_u32(per_cta);
    if (registers > gpu.max_registers_per_thread || per_cta > gpu.max_registers_per_cta) return 0;
    return per_cta == 0 ? kNoCtaLimit : clamp_u32(gpu.registers_per_sm / per_cta);
  }
  const std::uint64_t per_warp = registers_per_warp(gpu, registers);
  occ.registers_per_warp = clamp_u32(per_warp);
  occ.registers_per_cta = clamp_u32(per_warp * warps);
  // The hardware checks the per-CTA limit as if the CTA's warps were spread evenly over all
  // partitions, so the warp count rounds up to a multiple of them.
  const std::uint64_t assumed = per_warp * round_up(warps, partitions(gpu));
  if (registers > gpu.max_registers_per_thread || assumed > gpu.max_registers_per_cta) return 0;
  if (per_warp == 0) return kNoCtaLimit;
  const std::uint64_t warps_per_partition = gpu.registers_per_sm / partitions(gpu) / per_warp;
  return clamp_u32(warps_per_partition * partitions(gpu) / warps);
}

// Fills occ.shared_per_cta and returns the CTAs shared memory allows. Every CTA may use the
// SM's whole shared memory (the largest carve-out); the per-CTA limit counts the reserved bytes
// too, as the calculator does.
std::uint32_t ctas_by_shared(const GpuDescription& gpu, std::uint64_t shared, Occupancy& occ) {
  const std::uint64_t allocated =
      round_up(shared + gpu.reserved_shared_per_cta, gpu.shared_allocation_unit);
  occ.shared_per_cta = allocated;
  if (allocated > gpu.max_shared_per_cta + gpu.reserved_shared_per_cta) return 0;
  return allocated == 0 ? kNoCtaLimit : clamp_u32(gpu.shared_per_sm / allocated);
}

OccupancyLimiter pick_limiter(const Occupancy& occ) {
  if (occ.ctas_per_sm == occ.ctas_by_slots) return OccupancyLimiter::kCtaSlots;
  if (occ.ctas_per_sm == occ.ctas_by_warps) return OccupancyLimiter::kWarps;
  if (occ.ctas_per_sm == occ.ctas_by_registers) return OccupancyLimiter::kRegisters;
  return OccupancyLimiter::kSharedMemory;
}

std::uint64_t choose_carveout(const GpuDescription& gpu, const Occupancy& occ) {
  if (gpu.shared_carveouts.empty()) return gpu.shared_per_sm;
  if (gpu.shared_carveout_choice == CarveoutChoice::kLargest || occ.ctas_per_sm == 0) {
    return gpu.shared_carveouts.back();
  }
  const std::uint64_t needed = occ.shared_per_cta * occ.ctas_per_sm;
  for (const std::uint64_t carveout : gpu.shared_carveouts) {
    if (carveout >= needed) return carveout;
  }
  return gpu.shared_carveouts.back();
}

}  // namespace

const char* occupancy_limiter_name(OccupancyLimiter limiter) {
  switch (limiter) {
    case OccupancyLimiter::kCtaSlots:
      return "cta_slots";
    case OccupancyLimiter::kWarps:
      return "warps";
    case OccupancyLimiter::kRegisters:
      return "registers";
    case OccupancyLimiter::kSharedMemory:
      return "shared_memory";
  }
  return "unknown";
}

std::uint32_t registers_per_warp(const GpuDescription& gpu, std::uint32_t registers_per_thread) {
  const std::uint64_t raw = std::uint64_t{registers_per_thread} * warp_size(gpu);
  if (gpu.register_allocation_granularity == RegisterGranularity::kCta) return clamp_u32(raw);
  std::uint64_t unit = gpu.register_allocation_unit;
  const auto& doubled = gpu.registers_in_double_units;
  if (std::find(doubled.begin(), doubled.end(), registers_per_thread) != doubled.end()) unit *= 2;
  return clamp_u32(round_up(raw, unit));
}

std::uint32_t max_warps_per_cta_by_registers(const GpuDescription& gpu,
                                             std::uint32_t registers_per_thread) {
  const auto most = static_cast<std::uint32_t>(round_up(gpu.max_threads_per_cta, warp_size(gpu)) /
                                               warp_size(gpu));
  if (gpu.register_allocation_granularity == RegisterGranularity::kCta) {
    std::uint32_t warps = most;
    while (warps > 0 && registers_per_cta_block_granularity(gpu, registers_per_thread, warps) >
                            gpu.max_registers_per_cta) {
      --warps;
    }
    return warps;
  }
  const std::uint32_t per_warp = registers_per_warp(gpu, registers_per_thread);
  if (per_warp == 0) return most;
  const std::uint32_t parts = partitions(gpu);
  return std::min(most, gpu.max_registers_per_cta / per_warp / parts * parts);
}

Occupancy compute_occupancy(const GpuDescription& gpu, const KernelFootprint& kernel) {
  Occupancy occ;
  occ.warps_per_cta = std::max<std::uint32_t>(
      1, static_cast<std::uint32_t>(round_up(kernel.threads_per_cta, warp_size(gpu)) /
                                    warp_size(gpu)));
  occ.ctas_by_slots = gpu.max_ctas_per_sm;
  occ.ctas_by_warps = ctas_by_warps(gpu, kernel, occ.warps_per_cta);
  occ.ctas_by_registers = ctas_by_registers(gpu, kernel.registers_per_thread, occ);
  occ.ctas_by_shared = ctas_by_shared(gpu, kernel.shared_per_cta, occ);
  occ.ctas_per_sm =
      std::min({occ.ctas_by_slots, occ.ctas_by_warps, occ.ctas_by_registers, occ.ctas_by_shared});
  occ.limiter = pick_limiter(occ);
  occ.shared_carveout = choose_carveout(gpu, occ);
  return occ;
}

// ---- Booking ----

namespace {

// Places `per_cta.warps_per_cta` warps, each in the partition with the most registers free;
// false when one does not fit. Records each warp's partition in `placement` when given.
bool place_warps(const GpuDescription& gpu, SmUsage& used, const Occupancy& per_cta,
                 std::vector<std::uint8_t>* placement) {
  const std::uint32_t parts = partitions(gpu);
  const std::uint64_t capacity = gpu.registers_per_sm / parts;
  for (std::uint32_t warp = 0; warp < per_cta.warps_per_cta; ++warp) {
    std::uint32_t best = 0;
    for (std::uint32_t p = 1; p < parts; ++p) {
      if (used.partition_registers[p] < used.partition_registers[best]) best = p;
    }
    if (used.partition_registers[best] + std::uint64_t{per_cta.registers_per_warp} > capacity) {
      return false;
    }
    used.partition_registers[best] += per_cta.registers_per_warp;
    if (placement != nullptr) placement->push_back(static_cast<std::uint8_t>(best));
  }
  return true;
}

bool registers_fit(const GpuDescription& gpu, const SmUsage& used, const Occupancy& per_cta) {
  if (gpu.register_allocation_granularity == RegisterGranularity::kCta) {
    return used.registers + per_cta.registers_per_cta <= gpu.registers_per_sm;
  }
  if (per_cta.registers_per_warp == 0) return true;
  SmUsage trial = used;
  return place_warps(gpu, trial, per_cta, nullptr);
}

}  // namespace

bool fits(const GpuDescription& gpu, const SmUsage& used, const Occupancy& per_cta) {
  if (per_cta.ctas_per_sm == 0) return false;
  const std::uint32_t max_warps = gpu.max_threads_per_sm / warp_size(gpu);
  return used.ctas + 1 <= gpu.max_ctas_per_sm &&
         std::uint64_t{used.warps} + per_cta.warps_per_cta <= max_warps &&
         used.shared + per_cta.shared_per_cta <= gpu.shared_per_sm &&
         registers_fit(gpu, used, per_cta);
}

CtaBooking add(const GpuDescription& gpu, SmUsage& used, const Occupancy& per_cta) {
  CtaBooking booking;
  if (gpu.register_allocation_granularity == RegisterGranularity::kWarp) {
    booking.warp_partition.reserve(per_cta.warps_per_cta);
    place_warps(gpu, used, per_cta, &booking.warp_partition);
  }
  used.ctas += 1;
  used.warps += per_cta.warps_per_cta;
  used.registers += per_cta.registers_per_cta;
  used.shared += per_cta.shared_per_cta;
  return booking;
}

void remove(SmUsage& used, const Occupancy& per_cta, const CtaBooking& booking) {
  for (const std::uint8_t partition : booking.warp_partition) {
    used.partition_registers[partition] -= per_cta.registers_per_warp;
  }
  used.ctas -= 1;
  used.warps -= per_cta.warps_per_cta;
  used.registers -= per_cta.registers_per_cta;
  used.shared -= per_cta.shared_per_cta;
}

}  // namespace warpsim
