#pragma once

// Seed 002's occupancy with scratchpad sharing (digest §2.1): how many CTAs an SM holds when
// extra CTAs may share part of a partner's scratchpad. A shared CTA keeps floor(t * R_tb) bytes
// private; a pair shares the rest, so a pair costs R_tb + floor(t * R_tb) bytes. The SM holds
// `unshared` + 2 * `pairs` CTAs, chosen to
//   maximise n = unshared + 2 * pairs, then minimise pairs (fewest CTAs that may wait), with
//   unshared * R_tb + pairs * (R_tb + floor(t * R_tb)) <= the SM's shared memory,
//   unshared + pairs >= m (the progress guarantee: at least m CTAs never wait), and
//   n within every other limit (CTA slots, warps, registers).
// Sharing applies (the ShSM bit) only when it launches more than the m CTAs of the baseline.
// This rule reproduces every count the paper reports (DCT1/2 7 -> 14, DCT3/4 7 -> 12, FDTD3d
// 4 -> 6, one-CTA kernels 1 -> 2, FDTD3d at 48 KB -> 16, backprop at 64 KB -> 8).

#include <cstdint>

#include "sm/kernel_occupancy.h"

namespace warpsim {

// Bytes of a shared CTA's private part: floor(t * cta_bytes).
std::uint64_t private_bytes(std::uint64_t cta_bytes, double t);

// `base`: the kernel's occupancy without sharing; `cta_bytes`: its shared memory per CTA as
// allocated; `capacity`: the SM's shared memory for this kernel (the carve-out). The result's
// private_bytes is floor(t * cta_bytes); the caller may restate it for the CTA's exact bytes.
SharingOccupancy sharing_occupancy(const Occupancy& base, std::uint64_t cta_bytes,
                                   std::uint64_t capacity, double t);

}  // namespace warpsim
