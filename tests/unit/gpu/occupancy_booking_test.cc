// Booking CTAs on an SM (fits/add/remove): one kernel's CTAs added one by one to an empty SM stop
// exactly at the calculator's ctas_per_sm, and kernels sharing an SM split its registers by
// partition as worked out by hand below.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "gpu/occupancy.h"
#include "occupancy_test_util.h"

namespace warpsim {
namespace {

using testing::preset_gpu;

std::uint32_t fill(const GpuDescription& gpu, SmUsage& used, const Occupancy& per_cta,
                   std::vector<CtaBooking>& bookings) {
  std::uint32_t added = 0;
  while (fits(gpu, used, per_cta) && added < 10000) {
    bookings.push_back(add(gpu, used, per_cta));
    ++added;
  }
  return added;
}

TEST(OccupancyBooking, OneKernelStopsAtCtasPerSm) {
  const std::uint32_t threads[] = {1, 32, 64, 96, 100, 128, 192, 256, 352, 512, 640, 768, 1024};
  const std::uint32_t registers[] = {0,  8,  16, 20, 21,  22,  32,  40,  48,
                                     63, 64, 72, 96, 102, 128, 168, 200, 255};
  const std::uint64_t shared[] = {0, 1000, 2000, 5000, 12288, 20000, 40000, 49152, 100000};
  for (const char* name : {"gtx480", "v100", "rtx2060", "h100"}) {
    const GpuDescription gpu = preset_gpu(name);
    for (const std::uint32_t t : threads) {
      for (const std::uint32_t r : registers) {
        for (const std::uint64_t s : shared) {
          SCOPED_TRACE(std::string(name) + " " + std::to_string(t) + "/" + std::to_string(r) + "/" +
                       std::to_string(s));
          const Occupancy occ = compute_occupancy(gpu, {t, r, s, 0});
          SmUsage used;
          std::vector<CtaBooking> bookings;
          ASSERT_EQ(fill(gpu, used, occ, bookings), occ.ctas_per_sm);
          for (const CtaBooking& booking : bookings) remove(used, occ, booking);
          EXPECT_EQ(used.ctas, 0u);
          EXPECT_EQ(used.warps, 0u);
          EXPECT_EQ(used.registers, 0u);
          EXPECT_EQ(used.shared, 0u);
          for (const std::uint32_t partition : used.partition_registers) {
            EXPECT_EQ(partition, 0u);
          }
        }
      }
    }
  }
}

TEST(OccupancyBooking, WarpsSpreadOverThePartitions) {
  const GpuDescription h100 = preset_gpu("h100");
  const Occupancy occ = compute_occupancy(h100, {192, 32, 0, 0});  // 6 warps of 1024 registers
  SmUsage used;
  const CtaBooking first = add(h100, used, occ);
  EXPECT_EQ(first.warp_partition, (std::vector<std::uint8_t>{0, 1, 2, 3, 0, 1}));
  const CtaBooking second = add(h100, used, occ);
  EXPECT_EQ(second.warp_partition, (std::vector<std::uint8_t>{2, 3, 0, 1, 2, 3}));
  EXPECT_EQ(used.partition_registers[0], 3u * 1024);
  EXPECT_EQ(used.partition_registers[3], 3u * 1024);
  EXPECT_EQ(used.registers, 12u * 1024);
}

// H100. Kernel A: 256 threads, 64 registers (2048 per warp), 4 CTAs alone. Kernel B: 128
// threads, 32 registers (1024 per warp), 16 CTAs alone.
TEST(OccupancyBooking, KernelsShareAnSm) {
  const GpuDescription h100 = preset_gpu("h100");
  const Occupancy a = compute_occupancy(h100, {256, 64, 0, 0});
  const Occupancy b = compute_occupancy(h100, {128, 32, 0, 0});
  ASSERT_EQ(a.ctas_per_sm, 4u);
  ASSERT_EQ(b.ctas_per_sm, 16u);
  SmUsage used;
  std::vector<CtaBooking> a_bookings;
  a_bookings.push_back(add(h100, used, a));
  a_bookings.push_back(add(h100, used, a));
  // Two CTAs of A hold 4 warps x 2048 = 8192 of each partition's 16384 registers; B's warps
  // take 1024: 8 more per partition, 32 warps, 8 CTAs of 4 warps (warp slots: 48 left).
  std::vector<CtaBooking> b_bookings;
  EXPECT_EQ(fill(h100, used, b, b_bookings), 8u);
  EXPECT_FALSE(fits(h100, used, a));
  EXPECT_EQ(used.warps, 48u);
  // Releasing one A frees 2 x 2048 per partition: 4 more B warps per partition, 4 CTAs
  // (warp slots: 64 - 8 - 32 = 24 would allow 6).
  remove(used, a, a_bookings.back());
  a_bookings.pop_back();
  EXPECT_EQ(fill(h100, used, b, b_bookings), 4u);
  EXPECT_EQ(used.ctas, 13u);
}

// Shared memory and CTA slots are booked across kernels as well.
TEST(OccupancyBooking, SharedMemoryAndSlotsAcrossKernels) {
  const GpuDescription v100 = preset_gpu("v100");
  const Occupancy big = compute_occupancy(v100, {64, 16, 40000, 0});   // 40192 bytes each
  const Occupancy small = compute_occupancy(v100, {32, 16, 1000, 0});  // 1024 bytes each
  SmUsage used;
  add(v100, used, big);
  add(v100, used, big);
  // 98304 - 2 x 40192 = 17920: 17 CTAs of 1024 bytes.
  std::vector<CtaBooking> bookings;
  EXPECT_EQ(fill(v100, used, small, bookings), 17u);
  EXPECT_FALSE(fits(v100, used, big));
  // A kernel that cannot launch never fits, even on an empty SM.
  EXPECT_FALSE(fits(v100, SmUsage{}, compute_occupancy(v100, {256, 0, 200000, 0})));
  // 32 CTA slots: 30 one-warp CTAs after 2 others.
  const Occupancy tiny = compute_occupancy(v100, {32, 0, 0, 0});
  SmUsage slots;
  add(v100, slots, tiny);
  add(v100, slots, tiny);
  std::vector<CtaBooking> more;
  EXPECT_EQ(fill(v100, slots, tiny, more), 30u);
}

}  // namespace
}  // namespace warpsim
