// CTAs per SM on the four presets, against values worked out by hand with the CUDA occupancy
// calculator's documented rules (cuda_occupancy.h; for Fermi, CUDA 7.0's cuda_occupancy.h and
// the Occupancy Calculator spreadsheet):
//   warps:      floor(max warps per SM / ceil(threads / 32)); 0 past 1024 threads
//   registers:  per warp = roundup(regs * 32, unit); 0 when regs exceed the per-thread limit or
//               per warp * roundup(warps, partitions) exceeds the per-block limit; else
//               floor(floor(registers per SM / partitions / per warp) * partitions / warps)
//   shared:     per CTA = roundup(bytes + reserved, unit); 0 past the per-block limit (plus
//               reserved); else floor(shared per SM / per CTA)
// with, per preset (units: registers, bytes):
//   gtx480 (2.0): 48 warps, 8 CTAs, 32768 registers in 2 partitions, unit 64 (128 for 21, 22,
//                 29, 30, 37, 38, 45, 46 registers), 63 per thread; 48 KiB shared, unit 128
//   v100 (7.0):   64 warps, 32 CTAs, 65536 registers in 4 partitions, unit 256; 96 KiB, unit 256
//   rtx2060 (7.5): 32 warps, 16 CTAs, as v100 otherwise but 64 KiB shared
//   h100 (9.0):   64 warps, 32 CTAs, as v100; 228 KiB shared (227 KiB per CTA), unit 128,
//                 1 KiB reserved per CTA
// Ties are reported in the order CTA slots, warps, registers, shared memory.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "gpu/occupancy.h"
#include "occupancy_test_util.h"
#include "sim/config_node.h"

namespace warpsim {
namespace {

using L = OccupancyLimiter;
using testing::preset_gpu;

struct Case {
  const char* gpu;
  std::uint32_t threads;
  std::uint32_t registers;
  std::uint64_t shared;
  std::uint32_t ctas;
  OccupancyLimiter limiter;
};

constexpr Case kCases[] = {
    // -- h100 --
    // 8 warps: 64 / 8 = 8; 32 regs: 1024 per warp, 16384 / 1024 = 16 per partition, 64 / 8 = 8;
    // shared 0 + 1024 reserved = 1024: 228. Warps and registers tie at 8.
    {"h100", 256, 32, 0, 8, L::kWarps},
    // 40 regs: 1280 per warp, 16384 / 1280 = 12 per partition, 48 warps / 4 = 12 (warps: 16).
    {"h100", 128, 40, 0, 12, L::kRegisters},
    // 102 regs: 3264 -> 3328, 16384 / 3328 = 4 per partition, 16 warps / 8 = 2.
    {"h100", 256, 102, 0, 2, L::kRegisters},
    // 64 regs: 2048 per warp, 2048 * 32 = 65536 fits the block limit; 8 per partition: 1.
    {"h100", 1024, 64, 0, 1, L::kRegisters},
    // 65 regs: 2080 -> 2304 per warp, 2304 * 32 = 73728 > 65536: cannot launch.
    {"h100", 1024, 65, 0, 0, L::kRegisters},
    // 20000 + 1024 = 21024 -> 21120, 233472 / 21120 = 11 (warps 32, registers 64).
    {"h100", 64, 16, 20000, 11, L::kSharedMemory},
    // One warp, no registers: 64 by warps, 228 by shared memory, 32 slots.
    {"h100", 32, 0, 0, 32, L::kCtaSlots},
    // 255 regs: 8160 -> 8192; 8192 * roundup(3, 4) = 32768 fits; 2 per partition, 8 / 3 = 2.
    {"h100", 96, 255, 0, 2, L::kRegisters},
    // 100 threads take 4 whole warps: 64 / 4 = 16 (registers: 512 per warp, 32).
    {"h100", 100, 16, 0, 16, L::kWarps},
    // 227 KiB + 1 KiB = 233472, the whole SM: 1. One byte more rounds to 233600 > 233472: 0.
    {"h100", 256, 32, 232448, 1, L::kSharedMemory},
    {"h100", 256, 32, 232449, 0, L::kSharedMemory},
    {"h100", 1025, 0, 0, 0, L::kWarps},
    // 20 warps: 64 / 20 = 3; 48 regs: 1536 per warp, 10 per partition, 40 / 20 = 2.
    {"h100", 640, 48, 0, 2, L::kRegisters},
    // -- v100 --
    {"v100", 256, 32, 0, 8, L::kWarps},
    // 12288 bytes: 98304 / 12288 = 8 (warps 16, registers 16).
    {"v100", 128, 32, 12288, 8, L::kSharedMemory},
    // 5000 -> 5120: 19 by shared memory; 16 by warps and registers.
    {"v100", 128, 32, 5000, 16, L::kWarps},
    // 1000 -> 1024: 96; two warps: 32; registers 32: all tie with the 32 slots.
    {"v100", 64, 32, 1000, 32, L::kCtaSlots},
    {"v100", 256, 0, 98305, 0, L::kSharedMemory},
    // 72 regs: 2304 per warp, 7 per partition, 28 / 16 = 1 (warps 4).
    {"v100", 512, 72, 0, 1, L::kRegisters},
    // 200 regs: 6400 per warp, 2 per partition, 8 warps of one: 8.
    {"v100", 32, 200, 0, 8, L::kRegisters},
    // -- rtx2060 --
    {"rtx2060", 256, 32, 0, 4, L::kWarps},  // 32 / 8 = 4 (registers 8)
    {"rtx2060", 64, 32, 0, 16, L::kCtaSlots},
    {"rtx2060", 128, 64, 0, 8, L::kWarps},  // 32 / 4 = 8; 2048 per warp: 32 warps, 8
    // 20000 -> 20224: 65536 / 20224 = 3; 10000 -> 10240: 6.
    {"rtx2060", 128, 32, 20000, 3, L::kSharedMemory},
    {"rtx2060", 128, 32, 10000, 6, L::kSharedMemory},
    {"rtx2060", 1024, 64, 0, 1, L::kWarps},
    // -- gtx480 --
    // 8 warps: 48 / 8 = 6; 20 regs: 640 per warp, 16384 / 640 = 25 per partition, 50 / 8 = 6.
    {"gtx480", 256, 20, 0, 6, L::kWarps},
    // 22 regs: 704, allocated in units of 128 as 768; 21 per partition, 42 / 11 = 3 (warps 4;
    // in units of 64 it would be 23 per partition, 46 / 11 = 4).
    {"gtx480", 352, 22, 0, 3, L::kRegisters},
    // 63 regs: 2016 -> 2048, 8 per partition, 16 / 8 = 2; 64 regs exceed the 63 allowed.
    {"gtx480", 256, 63, 0, 2, L::kRegisters},
    {"gtx480", 256, 64, 0, 0, L::kRegisters},
    // 32 regs: 1024 * 32 = 32768 fits the block limit; warps 48 / 32 = 1, registers 32 / 32 = 1.
    {"gtx480", 1024, 32, 0, 1, L::kWarps},
    // 33 regs: 1056 -> 1088, 1088 * 32 = 34816 > 32768: cannot launch.
    {"gtx480", 1024, 33, 0, 0, L::kRegisters},
    {"gtx480", 128, 16, 12288, 4, L::kSharedMemory},  // 49152 / 12288 = 4
    {"gtx480", 128, 16, 1000, 8, L::kCtaSlots},       // 1000 -> 1024: 48; warps 12
    {"gtx480", 32, 0, 49153, 0, L::kSharedMemory},
    // 6000 -> 6016: 49152 / 6016 = 8, tying the 8 slots (warps 12, registers 32).
    {"gtx480", 100, 8, 6000, 8, L::kCtaSlots},
};

TEST(SmOccupancy, CalculatorTable) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(std::string(c.gpu) + " threads " + std::to_string(c.threads) + " registers " +
                 std::to_string(c.registers) + " shared " + std::to_string(c.shared));
    const Occupancy occ =
        compute_occupancy(preset_gpu(c.gpu), {c.threads, c.registers, c.shared, 0});
    EXPECT_EQ(occ.ctas_per_sm, c.ctas);
    EXPECT_EQ(occupancy_limiter_name(occ.limiter), std::string(occupancy_limiter_name(c.limiter)));
  }
}

TEST(SmOccupancy, ReportsWhatOneCtaIsAllocated) {
  const GpuDescription h100 = preset_gpu("h100");
  Occupancy occ = compute_occupancy(h100, {128, 40, 0, 0});
  EXPECT_EQ(occ.warps_per_cta, 4u);
  EXPECT_EQ(occ.registers_per_warp, 1280u);
  EXPECT_EQ(occ.registers_per_cta, 5120u);
  EXPECT_EQ(occ.shared_per_cta, 1024u);  // only the reservation
  EXPECT_EQ(occ.ctas_by_slots, 32u);
  EXPECT_EQ(occ.ctas_by_warps, 16u);
  EXPECT_EQ(occ.ctas_by_registers, 12u);
  EXPECT_EQ(occ.ctas_by_shared, 228u);
  occ = compute_occupancy(h100, {64, 16, 20000, 0});
  EXPECT_EQ(occ.shared_per_cta, 21120u);
  EXPECT_EQ(compute_occupancy(preset_gpu("gtx480"), {352, 22, 0, 0}).registers_per_warp, 768u);
  // Without registers or shared memory those limits do not bind at all.
  occ = compute_occupancy(preset_gpu("v100"), {64, 0, 0, 0});
  EXPECT_EQ(occ.ctas_by_registers, kNoCtaLimit);
  EXPECT_EQ(occ.ctas_by_shared, kNoCtaLimit);
}

TEST(SmOccupancy, LocalMemoryLimitsNothing) {
  const GpuDescription v100 = preset_gpu("v100");
  EXPECT_EQ(compute_occupancy(v100, {256, 32, 0, 64 * 1024}).ctas_per_sm,
            compute_occupancy(v100, {256, 32, 0, 0}).ctas_per_sm);
}

// The smallest carve-out that still holds ctas_per_sm CTAs' allocations (reserved bytes
// included); Fermi keeps its default 48 KiB.
TEST(SmOccupancy, ChoosesTheCarveout) {
  constexpr std::uint64_t kKiB = 1024;
  const GpuDescription v100 = preset_gpu("v100");
  EXPECT_EQ(compute_occupancy(v100, {256, 32, 0, 0}).shared_carveout, 0u);
  EXPECT_EQ(compute_occupancy(v100, {256, 32, 2000, 0}).shared_carveout, 16 * kKiB);  // 8 x 2048
  EXPECT_EQ(compute_occupancy(v100, {64, 32, 1000, 0}).shared_carveout, 32 * kKiB);   // 32 x 1024
  EXPECT_EQ(compute_occupancy(v100, {128, 32, 5000, 0}).shared_carveout, 96 * kKiB);  // 16 x 5120
  EXPECT_EQ(compute_occupancy(v100, {128, 32, 12288, 0}).shared_carveout, 96 * kKiB);
  const GpuDescription turing = preset_gpu("rtx2060");
  EXPECT_EQ(compute_occupancy(turing, {64, 32, 0, 0}).shared_carveout, 32 * kKiB);
  EXPECT_EQ(compute_occupancy(turing, {128, 32, 20000, 0}).shared_carveout, 64 * kKiB);
  const GpuDescription h100 = preset_gpu("h100");
  EXPECT_EQ(compute_occupancy(h100, {256, 32, 0, 0}).shared_carveout, 8 * kKiB);       // 8 x 1024
  EXPECT_EQ(compute_occupancy(h100, {256, 32, 3000, 0}).shared_carveout, 32 * kKiB);   // 8 x 4096
  EXPECT_EQ(compute_occupancy(h100, {64, 16, 20000, 0}).shared_carveout, 228 * kKiB);  // 11 x 21120
  const GpuDescription fermi = preset_gpu("gtx480");
  EXPECT_EQ(compute_occupancy(fermi, {128, 16, 0, 0}).shared_carveout, 48 * kKiB);
  EXPECT_EQ(compute_occupancy(preset_gpu("gtx480", {"sm.shared_carveout_choice=smallest"}),
                              {128, 16, 1000, 0})
                .shared_carveout,
            16 * kKiB);  // 8 x 1024
  // Without carve-outs the split is fixed.
  EXPECT_EQ(compute_occupancy(preset_gpu("v100", {"sm.shared_carveouts=[]"}), {256, 32, 0, 0})
                .shared_carveout,
            96 * kKiB);
}

// Compute capability 1.x allocated registers to whole CTAs: warps rounded up to the warp
// allocation granularity (the partitions key), the total to the allocation unit.
TEST(SmOccupancy, PerCtaRegisterAllocation) {
  const GpuDescription gpu =
      preset_gpu("v100", {"sm.register_allocation_granularity=cta",
                          "sm.register_allocation_unit=512", "sm.register_file_partitions=2"});
  // 3 warps -> 4; 10 regs x 32 x 4 = 1280 -> 1536; 65536 / 1536 = 42 (warps 21).
  Occupancy occ = compute_occupancy(gpu, {96, 10, 0, 0});
  EXPECT_EQ(occ.registers_per_cta, 1536u);
  EXPECT_EQ(occ.ctas_per_sm, 21u);
  // 40 regs: 40 x 32 x 8 = 10240 (a multiple of 512): 65536 / 10240 = 6.
  occ = compute_occupancy(gpu, {256, 40, 0, 0});
  EXPECT_EQ(occ.ctas_per_sm, 6u);
  EXPECT_EQ(occ.limiter, OccupancyLimiter::kRegisters);
}

TEST(SmOccupancy, LargestBlockByRegisters) {
  const GpuDescription h100 = preset_gpu("h100");
  EXPECT_EQ(max_warps_per_cta_by_registers(h100, 0), 32u);
  EXPECT_EQ(max_warps_per_cta_by_registers(h100, 64), 32u);   // 65536 / 2048
  EXPECT_EQ(max_warps_per_cta_by_registers(h100, 102), 16u);  // 65536 / 3328 = 19 -> 16
  EXPECT_EQ(max_warps_per_cta_by_registers(h100, 255), 8u);   // 65536 / 8192
  const GpuDescription fermi = preset_gpu("gtx480");
  EXPECT_EQ(max_warps_per_cta_by_registers(fermi, 33), 30u);  // 32768 / 1088 = 30
  EXPECT_EQ(max_warps_per_cta_by_registers(fermi, 63), 16u);  // 32768 / 2048
}

// The new sm keys are checked where the config is read.
TEST(SmOccupancy, ConfigKeysAreValidated) {
  EXPECT_THROW(preset_gpu("v100", {"sm.shared_carveouts=[0, 32KiB, 16KiB, 96KiB]"}), ConfigError);
  EXPECT_THROW(preset_gpu("v100", {"sm.shared_carveouts=[0, 8, 16, 32, 64, 96]"}), ConfigError);
  EXPECT_THROW(preset_gpu("v100", {"sm.register_allocation_granularity=thread"}), ConfigError);
  EXPECT_THROW(preset_gpu("v100", {"sm.max_registers_per_cta=131072"}), ConfigError);
  EXPECT_THROW(preset_gpu("v100", {"sm.register_file_partitions=16"}), ConfigError);
  try {
    preset_gpu("h100", {"sm.shared_carveouts=[0, 64KiB]"});
    FAIL() << "expected a ConfigError";
  } catch (const ConfigError& e) {
    EXPECT_NE(std::string(e.what()).find("sm.shared_carveouts"), std::string::npos) << e.what();
  }
}

TEST(SmOccupancy, LimiterNames) {
  EXPECT_STREQ(occupancy_limiter_name(OccupancyLimiter::kCtaSlots), "cta_slots");
  EXPECT_STREQ(occupancy_limiter_name(OccupancyLimiter::kWarps), "warps");
  EXPECT_STREQ(occupancy_limiter_name(OccupancyLimiter::kRegisters), "registers");
  EXPECT_STREQ(occupancy_limiter_name(OccupancyLimiter::kSharedMemory), "shared_memory");
}

}  // namespace
}  // namespace warpsim
