#pragma once

// The simulated 64-bit address layout. Global allocations (cudaMalloc, module variables,
// constant banks) live in one heap well above 4 GiB, so a 32-bit truncation anywhere shows up
// as an out-of-bounds error. Shared, local and kernel-parameter memory have their own spaces
// (offsets from 0) and appear in the generic space through fixed 4 GiB windows, as on hardware.

#include <cstdint>
#include <optional>

#include "ptx/types.h"
#include "sim/time.h"

namespace warpsim::func {

inline constexpr Addr kGlobalHeapBase = 0x0000'0007'0000'0000ULL;
// The heap of a host-mapped device (the CUDA runtime's, DeviceMemory): its managed and pinned
// allocations are host memory at their device address, so the heap sits where a process has
// nothing, also under AddressSanitizer (whose shadow covers 0x7fff8000..0x10007fff7fff).
inline constexpr Addr kHostMappedHeapBase = 0x0000'2000'0000'0000ULL;
inline constexpr Addr kWindowSize = 0x1'0000'0000ULL;
inline constexpr Addr kSharedWindow = 0x0000'7f00'0000'0000ULL;
inline constexpr Addr kLocalWindow = 0x0000'7e00'0000'0000ULL;
inline constexpr Addr kParamWindow = 0x0000'7d00'0000'0000ULL;
// Function "addresses" (mov %rd, func; indirect calls): index + this base.
inline constexpr Addr kFunctionBase = 0x0000'7c00'0000'0000ULL;
// In the param state space, kernel parameters sit at this offset so they cannot be confused
// with the per-thread parameter areas of .func calls (which live in the thread's frame).
inline constexpr Addr kKernelParamTag = 0x0000'0100'0000'0000ULL;

// `value` rounded up to a multiple of `align` (> 0).
inline constexpr std::uint64_t align_up(std::uint64_t value, std::uint64_t align) {
  return (value + align - 1) / align * align;
}

struct SpaceAddress {
  ptx::StateSpace space = ptx::StateSpace::kGlobal;
  Addr offset = 0;
};

// Splits a generic address into the space it points to and the address within that space.
inline SpaceAddress from_generic(Addr generic) {
  if (generic >= kSharedWindow && generic - kSharedWindow < kWindowSize) {
    return {ptx::StateSpace::kShared, generic - kSharedWindow};
  }
  if (generic >= kLocalWindow && generic - kLocalWindow < kWindowSize) {
    return {ptx::StateSpace::kLocal, generic - kLocalWindow};
  }
  if (generic >= kParamWindow && generic - kParamWindow < kWindowSize) {
    return {ptx::StateSpace::kParam, kKernelParamTag + (generic - kParamWindow)};
  }
  return {ptx::StateSpace::kGlobal, generic};
}

// The generic address of `address` in `space`; nullopt when the space has no generic window
// (or, for param, when the address is a .func parameter, which lives in the local frame).
inline std::optional<Addr> to_generic(ptx::StateSpace space, Addr address) {
  switch (space) {
    case ptx::StateSpace::kShared:
    case ptx::StateSpace::kSharedCta:
      return kSharedWindow + address;
    case ptx::StateSpace::kLocal:
      return kLocalWindow + address;
    case ptx::StateSpace::kParam:
    case ptx::StateSpace::kParamEntry:
      if (address >= kKernelParamTag) return kParamWindow + (address - kKernelParamTag);
      return kLocalWindow + address;
    case ptx::StateSpace::kGlobal:
    case ptx::StateSpace::kConst:
    case ptx::StateSpace::kGeneric:
      return address;
    default:
      return std::nullopt;
  }
}

}  // namespace warpsim::func
