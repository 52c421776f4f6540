// Seed 002's occupancy with scratchpad sharing: every count the paper reports (digest §2.1 and
// §5), from the kernels' shared memory and the SM limits of its configurations.
#include <gtest/gtest.h>

#include <algorithm>

#include "gpu/sharing_occupancy.h"

namespace warpsim {
namespace {

// A kernel limited by shared memory on an SM with `capacity` bytes, `max_ctas` CTA slots and
// `max_threads` threads.
SharingOccupancy count(std::uint64_t cta_bytes, std::uint32_t block, std::uint64_t capacity,
                       std::uint32_t max_ctas, std::uint32_t max_threads, double t = 0.1) {
  Occupancy base;
  base.ctas_by_slots = max_ctas;
  base.ctas_by_warps = max_threads / block;
  base.ctas_by_registers = kNoCtaLimit;
  base.ctas_by_shared = static_cast<std::uint32_t>(capacity / cta_bytes);
  base.ctas_per_sm = std::min({base.ctas_by_slots, base.ctas_by_warps, base.ctas_by_shared});
  base.limiter = base.ctas_per_sm == base.ctas_by_shared ? OccupancyLimiter::kSharedMemory
                                                         : OccupancyLimiter::kWarps;
  return sharing_occupancy(base, cta_bytes, capacity, t);
}

constexpr std::uint64_t k16 = 16 * 1024, k48 = 48 * 1024, k64 = 64 * 1024;

TEST(SharingOccupancy, ReproducesThePapersCountsAt16KB) {
  // Table 4's SM: 16 CTAs, 3072 threads.
  const auto dct12 = count(2112, 64, k16, 16, 3072);
  EXPECT_EQ(dct12.total(), 14u);  // 7 -> 14: seven pairs
  EXPECT_EQ(dct12.pairs, 7u);
  const auto dct34 = count(2176, 128, k16, 16, 3072);
  EXPECT_EQ(dct34.total(), 12u);  // 7 -> 12: five pairs and two unshared (Ex. 3.3)
  EXPECT_EQ(dct34.pairs, 5u);
  EXPECT_EQ(dct34.unshared, 2u);
  const auto fdtd = count(3840, 128, k16, 16, 3072);
  EXPECT_EQ(fdtd.total(), 6u);  // 4 -> 6: two pairs
  EXPECT_EQ(fdtd.pairs, 2u);
  // The one-CTA kernels: backprop, NQU, SRAD1/2, heartwall, histogram, MC1, NW1/2.
  for (auto [bytes, block] : {std::pair{9408u, 256u},
                              {10496u, 64u},
                              {13824u, 576u},
                              {11520u, 576u},
                              {11872u, 128u},
                              {9216u, 192u},
                              {9216u, 32u},
                              {8452u, 32u}}) {
    const auto one = count(bytes, block, k16, 16, 3072);
    EXPECT_EQ(one.total(), 2u) << bytes;
    EXPECT_EQ(one.pairs, 1u) << bytes;
  }
}

TEST(SharingOccupancy, ReproducesThePapersCountsAt48And64KB) {
  // Table 6: Config-1 48 KB, 16 CTAs, 2048 threads; Config-2 64 KB, 32 CTAs, 2048 threads.
  const auto fdtd48 = count(3840, 128, k48, 16, 2048);
  EXPECT_EQ(fdtd48.total(), 16u);
  EXPECT_EQ(fdtd48.pairs, 4u);  // capped by the CTA and thread limits: p = n - m
  const auto backprop64 = count(9408, 256, k64, 32, 2048);
  EXPECT_EQ(backprop64.total(), 8u);
  EXPECT_EQ(backprop64.pairs, 2u);
  // DCT1/2 at 48 KB (8320 B): 8 CTAs with 256-thread blocks (the digest's note on Table 5).
  EXPECT_EQ(count(8320, 256, k48, 16, 2048).total(), 8u);
}

TEST(SharingOccupancy, NoSharingWhenScratchpadDoesNotLimit) {
  // Set-3: the thread limit binds (gaussian FAN1: 512-thread blocks, little shared memory).
  const auto fan1 = count(64, 512, k16, 16, 3072);
  EXPECT_FALSE(fan1.sharing());
  EXPECT_EQ(fan1.total(), 6u);
  // A kernel that just fits its baseline count: sharing would not add a CTA.
  const auto tight = count(8192, 1024, k16, 16, 3072);  // 2 CTAs by shared and by threads
  EXPECT_FALSE(tight.sharing());
}

TEST(SharingOccupancy, TheProgressGuaranteeHolds) {
  for (std::uint64_t bytes = 500; bytes <= 16000; bytes += 97) {
    for (double t : {0.0, 0.1, 0.3, 0.74}) {
      const auto s = count(bytes, 32, k16, 32, 3072, t);
      const std::uint32_t m = static_cast<std::uint32_t>(std::min<std::uint64_t>(k16 / bytes, 32));
      EXPECT_GE(s.unshared + s.pairs, m) << bytes << " " << t;
      EXPECT_LE(s.unshared * bytes + s.pairs * (bytes + private_bytes(bytes, t)), k16);
      EXPECT_GE(s.total(), m);
    }
  }
}

}  // namespace
}  // namespace warpsim
