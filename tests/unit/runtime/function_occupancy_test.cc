// Occupancy: the calculation on hand-written H100 and T4 properties (cases worked out by hand
// with the rules of CUDA's occupancy calculator), then the cudaOccupancy* calls and
// cudaOccupancyMaxPotentialBlockSize on the kernels of function_test_util.h.

#include <gtest/gtest.h>

#include <algorithm>

#include "function_test_util.h"
#include "runtime/occupancy.h"

namespace warpsim::runtime {
namespace {

// An H100 SXM: 64 warps and 32 blocks per SM, 64 Ki registers, 228 KiB of shared memory per SM
// of which a block may opt in to 227 KiB, 1 KiB reserved per block; registers in units of 256
// per warp from four partitions, shared memory in units of 128 bytes.
GpuDescription h100() {
  GpuDescription gpu;
  gpu.cc_major = 9;
  gpu.cc_minor = 0;
  gpu.sm_count = 132;
  gpu.warp_size = 32;
  gpu.max_threads_per_sm = 2048;
  gpu.max_ctas_per_sm = 32;
  gpu.registers_per_sm = 65536;
  gpu.shared_per_sm = 228 * 1024;
  gpu.max_shared_per_cta = 227 * 1024;
  gpu.max_threads_per_cta = 1024;
  gpu.max_registers_per_cta = 65536;
  gpu.max_registers_per_thread = 255;
  gpu.register_allocation_unit = 256;
  gpu.register_file_partitions = 4;
  gpu.shared_allocation_unit = 128;
  gpu.reserved_shared_per_cta = 1024;
  return gpu;
}

// A T4: 32 warps and 16 blocks per SM, 64 KiB of shared memory in units of 256, nothing reserved.
GpuDescription t4() {
  GpuDescription gpu = h100();
  gpu.cc_major = 7;
  gpu.cc_minor = 5;
  gpu.sm_count = 40;
  gpu.max_threads_per_sm = 1024;
  gpu.max_ctas_per_sm = 16;
  gpu.shared_per_sm = 64 * 1024;
  gpu.max_shared_per_cta = 64 * 1024;
  gpu.shared_allocation_unit = 256;
  gpu.reserved_shared_per_cta = 0;
  return gpu;
}

KernelLimits limits(std::uint32_t registers, std::uint32_t static_shared = 0,
                    int max_dynamic = 48 * 1024, int max_threads = 1024) {
  return KernelLimits{registers, static_shared, max_dynamic, max_threads};
}

TEST(Occupancy, WarpSlotsBind) {
  // 32 registers: 1024 per warp, 16 warps per sub-partition, 64 per SM; 8 warps per block.
  EXPECT_EQ(max_active_blocks(h100(), limits(32), 256, 0), 8);
  // 8 registers, one-warp blocks: 64 warps would fit, but an SM has 32 block slots.
  EXPECT_EQ(max_active_blocks(h100(), limits(8), 32, 0), 32);
  // 100 threads still take 4 whole warps: 16 blocks by warps.
  EXPECT_EQ(max_active_blocks(h100(), limits(16), 100, 0), 16);
}

TEST(Occupancy, RegistersBind) {
  // 64 registers: 2048 per warp, 8 warps per sub-partition, 32 per SM: 4 blocks of 8 warps.
  EXPECT_EQ(max_active_blocks(h100(), limits(64), 256, 0), 4);
  // 40 registers: 1280 per warp, 12 per sub-partition, 48 per SM: 12 blocks of 4 warps.
  EXPECT_EQ(max_active_blocks(h100(), limits(40), 128, 0), 12);
  // 102 registers: 3328 per warp, 4 per sub-partition, 16 per SM: 2 blocks of 8 warps.
  EXPECT_EQ(max_active_blocks(h100(), limits(102, 0, 48 * 1024, 512), 256, 0), 2);
  // 64 registers x 32 warps is exactly the block limit; 65 (2304 per warp) is over it.
  EXPECT_EQ(max_active_blocks(h100(), limits(64), 1024, 0), 1);
  EXPECT_EQ(max_active_blocks(h100(), limits(65), 1024, 0), 0);
}

TEST(Occupancy, SharedMemoryBinds) {
  // 20000 dynamic + 1024 reserved = 21024 bytes, 21120 in 128-byte units: 233472 / 21120 = 11.
  EXPECT_EQ(max_active_blocks(h100(), limits(16), 64, 20000), 11);
  // With 1000 static bytes: 22024, 22144 allocated: 10.
  EXPECT_EQ(max_active_blocks(h100(), limits(16, 1000), 64, 20000), 10);
  // T4: 10000 bytes in 256-byte units is 10240: 65536 / 10240 = 6 (warps allow 8).
  EXPECT_EQ(max_active_blocks(t4(), limits(32), 128, 10000), 6);
}

TEST(Occupancy, KernelLimitsBind) {
  // More dynamic shared memory than the kernel may request, or a block over its limit.
  EXPECT_EQ(max_active_blocks(h100(), limits(16), 64, 48 * 1024 + 1), 0);
  EXPECT_EQ(max_active_blocks(h100(), limits(16, 0, 100 * 1024), 64, 48 * 1024 + 1), 4);
  EXPECT_EQ(max_active_blocks(h100(), limits(16, 0, 48 * 1024, 256), 257, 0), 0);
  EXPECT_EQ(max_active_blocks(h100(), limits(16), 0, 0), 0);
}

TEST(Occupancy, AvailableDynamicSharedMemory) {
  // One block: the whole SM less the reservation, which is also the opt-in limit.
  EXPECT_EQ(available_dynamic_shared(h100(), limits(32), 1, 256), 232448u);
  // Three: 233472 / 3 = 77824 each, less 1024 reserved.
  EXPECT_EQ(available_dynamic_shared(h100(), limits(32), 3, 256), 76800u);
  // Two with 1000 static bytes: 116736 - 1000 - 1024.
  EXPECT_EQ(available_dynamic_shared(h100(), limits(32, 1000), 2, 256), 114712u);
  // Seven: 33353 each, 33280 in 128-byte units, less 1024.
  EXPECT_EQ(available_dynamic_shared(h100(), limits(32), 7, 256), 32256u);
  // Nine blocks of 8 warps cannot share an SM whatever their shared memory.
  EXPECT_EQ(available_dynamic_shared(h100(), limits(32), 9, 256), 0u);
  // T4, four blocks: 16384 each.
  EXPECT_EQ(available_dynamic_shared(t4(), limits(32), 4, 128), 16384u);
}

TEST(Occupancy, MaxThreadsPerBlock) {
  EXPECT_EQ(max_threads_per_block(h100(), 0, 0), 1024);
  EXPECT_EQ(max_threads_per_block(h100(), 64, 0), 1024);
  EXPECT_EQ(max_threads_per_block(h100(), 102, 0), 512);
  EXPECT_EQ(max_threads_per_block(h100(), 128, 0), 512);  // 4096 per warp: 16 warps
  EXPECT_EQ(max_threads_per_block(h100(), 255, 0), 256);  // 8192 per warp: 8 warps
  EXPECT_EQ(max_threads_per_block(h100(), 32, 200), 200);
}

class OccupancyApi : public ::testing::Test {
 protected:
  void SetUp() override {
    h_ = &testing::function_handles();
    ASSERT_EQ(cudaGetDeviceProperties(&prop_, 0), cudaSuccess);
    cudaGetLastError();
  }
  const testing::FunctionHandles* h_ = nullptr;
  cudaDeviceProp prop_{};
};

TEST_F(OccupancyApi, MaxActiveBlocks) {
  int blocks = -1;
  // Five registers never bind: warps and block slots do.
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, &h_->five_regs, 128, 0),
            cudaSuccess);
  EXPECT_EQ(blocks,
            std::min(prop_.maxThreadsPerMultiProcessor / 128, prop_.maxBlocksPerMultiProcessor));
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
                &blocks, &h_->five_regs, 1024, 0, cudaOccupancyDisableCachingOverride),
            cudaSuccess);
  EXPECT_EQ(blocks, prop_.maxThreadsPerMultiProcessor / 1024);
  // Past the kernel's launch bound nothing fits.
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, &h_->bounded, 512, 0),
            cudaSuccess);
  EXPECT_EQ(blocks, 0);
}

TEST_F(OccupancyApi, WideKernelIsRegisterBound) {
  ASSERT_EQ(prop_.regsPerMultiprocessor, 65536);
  int blocks = -1;
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, &h_->wide, 256, 0), cudaSuccess);
  EXPECT_EQ(blocks, 2);  // 16 warps of 3328 registers per SM
}

TEST_F(OccupancyApi, BadArguments) {
  int blocks = 0;
  std::size_t bytes = 0;
  const char not_a_kernel = 0;
  EXPECT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(nullptr, &h_->five_regs, 32, 0),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, &not_a_kernel, 32, 0),
            cudaErrorInvalidDeviceFunction);
  EXPECT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, &h_->five_regs, 0, 0),
            cudaErrorInvalidValue);
  EXPECT_EQ(
      cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, &h_->five_regs, 32, 0, 2),
      cudaErrorInvalidValue);
  EXPECT_EQ(cudaOccupancyAvailableDynamicSMemPerBlock(nullptr, &h_->five_regs, 1, 32),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaOccupancyAvailableDynamicSMemPerBlock(&bytes, &not_a_kernel, 1, 32),
            cudaErrorInvalidDeviceFunction);
  EXPECT_EQ(cudaOccupancyAvailableDynamicSMemPerBlock(&bytes, &h_->five_regs, 0, 32),
            cudaErrorInvalidValue);
}

TEST_F(OccupancyApi, AvailableDynamicSharedMemory) {
  std::size_t bytes = 0;
  ASSERT_EQ(cudaOccupancyAvailableDynamicSMemPerBlock(&bytes, &h_->dynamic, 2, 128), cudaSuccess);
  const std::size_t unit = prop_.major >= 8 ? 128 : 256;
  const std::size_t share = prop_.sharedMemPerMultiprocessor / 2 / unit * unit;
  EXPECT_EQ(bytes, share - prop_.reservedSharedMemPerBlock);
  // That much lets two blocks share an SM, one byte more does not.
  ASSERT_EQ(cudaFuncSetAttribute(&h_->dynamic, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 static_cast<int>(prop_.sharedMemPerBlockOptin)),
            cudaSuccess);
  int blocks = 0;
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, &h_->dynamic, 128, bytes),
            cudaSuccess);
  EXPECT_EQ(blocks, 2);
  ASSERT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, &h_->dynamic, 128, bytes + 1),
            cudaSuccess);
  EXPECT_EQ(blocks, 1);
  ASSERT_EQ(
      cudaFuncSetAttribute(&h_->dynamic, cudaFuncAttributeMaxDynamicSharedMemorySize, 48 * 1024),
      cudaSuccess);
}

TEST_F(OccupancyApi, MaxPotentialBlockSize) {
  int grid = 0, block = 0;
  // Few registers: the biggest block already fills every warp slot.
  ASSERT_EQ(cudaOccupancyMaxPotentialBlockSize(&grid, &block, &h_->five_regs), cudaSuccess);
  EXPECT_EQ(block, prop_.maxThreadsPerBlock);
  EXPECT_EQ(grid, prop_.maxThreadsPerMultiProcessor / block * prop_.multiProcessorCount);
  // 102 registers: 16 warps per SM; 512 threads (one block) is the largest size reaching them.
  ASSERT_EQ(prop_.regsPerMultiprocessor, 65536);
  ASSERT_EQ(cudaOccupancyMaxPotentialBlockSize(&grid, &block, &h_->wide), cudaSuccess);
  EXPECT_EQ(block, 512);
  EXPECT_EQ(grid, prop_.multiProcessorCount);
  // At most 200 threads: 200 (7 warps) fits twice, 160 three times, 128 four times (512
  // threads, which 64 and 32 only tie): 128.
  ASSERT_EQ(cudaOccupancyMaxPotentialBlockSize(&grid, &block, &h_->wide, 0, 200), cudaSuccess);
  EXPECT_EQ(block, 128);
  EXPECT_EQ(grid, 4 * prop_.multiProcessorCount);
  EXPECT_EQ(cudaOccupancyMaxPotentialBlockSize(nullptr, &block, &h_->wide), cudaErrorInvalidValue);
}

TEST_F(OccupancyApi, MaxPotentialBlockSizeWithSharedMemoryPerBlockSize) {
  int grid = 0, block = 0;
  // 48 bytes per thread: a block of 1024 threads needs exactly the default 48 KiB, and the
  // blocks of that size the SM holds already fill its warp slots.
  auto smem = [](int threads) { return static_cast<std::size_t>(threads) * 48; };
  ASSERT_EQ(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&grid, &block, &h_->dynamic, smem),
            cudaSuccess);
  const std::size_t per_block = smem(block) + prop_.reservedSharedMemPerBlock;
  EXPECT_EQ(block, prop_.maxThreadsPerBlock);
  EXPECT_EQ(grid / prop_.multiProcessorCount,
            std::min<int>(prop_.maxThreadsPerMultiProcessor / block,
                          static_cast<int>(prop_.sharedMemPerMultiprocessor / per_block)));
}

}  // namespace
}  // namespace warpsim::runtime
