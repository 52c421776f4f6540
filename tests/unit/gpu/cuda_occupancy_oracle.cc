// compute_occupancy against NVIDIA's own occupancy calculator, cuda_occupancy.h from the installed
// CUDA toolkit (built only where it exists; see CMakeLists.txt here), on the presets of
// compute capability 7.0, 7.5 and 9.0 (the header no longer covers Fermi). The device
// properties given to NVIDIA's calculator are the real boards' cudaGetDeviceProperties values,
// written out below, not read from our presets. Kernels opt in to the largest shared memory per
// block, as a launch of that size needs to.

#include <cuda_occupancy.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>

#include "gpu/occupancy.h"
#include "occupancy_test_util.h"

namespace warpsim {
namespace {

cudaOccDeviceProp board(int major, int minor, int max_threads_per_sm, std::size_t shared_per_sm,
                        std::size_t optin, std::size_t reserved, int sms) {
  cudaOccDeviceProp p;
  p.computeMajor = major;
  p.computeMinor = minor;
  p.maxThreadsPerBlock = 1024;
  p.maxThreadsPerMultiprocessor = max_threads_per_sm;
  p.regsPerBlock = 65536;
  p.regsPerMultiprocessor = 65536;
  p.warpSize = 32;
  p.sharedMemPerBlock = 48 * 1024;
  p.sharedMemPerMultiprocessor = shared_per_sm;
  p.numSms = sms;
  p.sharedMemPerBlockOptin = optin;
  p.reservedSharedMemPerBlock = reserved;
  return p;
}

// splitmix64: the same cases on every run and every machine.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::uint64_t below(std::uint64_t n) { return next() % n; }

 private:
  std::uint64_t state_;
};

struct Kernel {
  int threads = 0;
  int registers = 0;
  std::size_t static_shared = 0;
  std::size_t dynamic_shared = 0;
};

// Block sizes up to a little past the 1024 limit (a third of them whole warps, a third small),
// any register count a kernel can have (half of them small), and shared memory that is often none,
// often small, and sometimes past the per-block limit.
Kernel random_kernel(Random& random, std::size_t optin) {
  Kernel k;
  switch (random.below(3)) {
    case 0:
      k.threads = static_cast<int>(32 * (1 + random.below(34)));
      break;
    case 1:
      k.threads = static_cast<int>(1 + random.below(1100));
      break;
    default:
      k.threads = static_cast<int>(1 + random.below(128));
  }
  k.registers = static_cast<int>(random.below(2) == 0 ? random.below(256) : random.below(41));
  std::size_t shared = 0;
  switch (random.below(4)) {
    case 0:
      break;
    case 1:
      shared = random.below(4097);
      break;
    default:
      shared = random.below(optin + 4097);
  }
  k.static_shared = random.below(2) == 0 ? 0 : random.below(std::min(shared, optin) + 1);
  k.dynamic_shared = shared - k.static_shared;
  return k;
}

std::uint32_t from_nvidia(int limit) {
  return limit == INT_MAX ? kNoCtaLimit : static_cast<std::uint32_t>(limit);
}

unsigned nvidia_flag(OccupancyLimiter limiter) {
  switch (limiter) {
    case OccupancyLimiter::kCtaSlots:
      return OCC_LIMIT_BLOCKS;
    case OccupancyLimiter::kWarps:
      return OCC_LIMIT_WARPS;
    case OccupancyLimiter::kRegisters:
      return OCC_LIMIT_REGISTERS;
    case OccupancyLimiter::kSharedMemory:
      return OCC_LIMIT_SHARED_MEMORY;
  }
  return 0;
}

void compare(const char* preset, const cudaOccDeviceProp& props, std::uint64_t seed) {
  const GpuDescription gpu = testing::preset_gpu(preset);
  Random random(seed);
  constexpr int kCases = 2000;
  int by_limiter[4] = {};
  for (int i = 0; i < kCases; ++i) {
    const Kernel k = random_kernel(random, props.sharedMemPerBlockOptin);
    SCOPED_TRACE(std::string(preset) + " threads " + std::to_string(k.threads) + " registers " +
                 std::to_string(k.registers) + " static " + std::to_string(k.static_shared) +
                 " dynamic " + std::to_string(k.dynamic_shared));
    cudaOccFuncAttributes attributes;
    attributes.maxThreadsPerBlock = 1024;
    attributes.numRegs = k.registers;
    attributes.sharedSizeBytes = k.static_shared;
    attributes.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
    attributes.maxDynamicSharedSizeBytes = props.sharedMemPerBlockOptin - k.static_shared;
    attributes.numBlockBarriers = 1;
    cudaOccDeviceState state;
    cudaOccResult expected{};
    ASSERT_EQ(cudaOccMaxActiveBlocksPerMultiprocessor(&expected, &props, &attributes, &state,
                                                      k.threads, k.dynamic_shared),
              CUDA_OCC_SUCCESS);

    const Occupancy occ = compute_occupancy(
        gpu, {static_cast<std::uint32_t>(k.threads), static_cast<std::uint32_t>(k.registers),
              k.static_shared + k.dynamic_shared, 0});
    ASSERT_EQ(occ.ctas_per_sm, from_nvidia(expected.activeBlocksPerMultiprocessor));
    EXPECT_EQ(occ.ctas_by_slots, from_nvidia(expected.blockLimitBlocks));
    EXPECT_EQ(occ.ctas_by_warps, from_nvidia(expected.blockLimitWarps));
    EXPECT_EQ(occ.ctas_by_registers, from_nvidia(expected.blockLimitRegs));
    EXPECT_EQ(occ.ctas_by_shared, from_nvidia(expected.blockLimitSharedMem));
    EXPECT_NE(expected.limitingFactors & nvidia_flag(occ.limiter), 0u)
        << occupancy_limiter_name(occ.limiter);
    EXPECT_EQ(occ.registers_per_cta,
              static_cast<std::uint32_t>(expected.allocatedRegistersPerBlock));
    EXPECT_EQ(occ.shared_per_cta, expected.allocatedSharedMemPerBlock);
    ++by_limiter[static_cast<int>(occ.limiter)];
  }
  // The cases reach every limit, each many times.
  for (const int count : by_limiter) {
    EXPECT_GE(count, kCases / 50) << "cases by limiter (slots, warps, registers, shared): "
                                  << by_limiter[0] << ", " << by_limiter[1] << ", " << by_limiter[2]
                                  << ", " << by_limiter[3];
  }
}

TEST(CudaOccupancyOracle, V100) {
  compare("v100", board(7, 0, 2048, 96 * 1024, 96 * 1024, 0, 80), 70);
}

TEST(CudaOccupancyOracle, Rtx2060) {
  compare("rtx2060", board(7, 5, 1024, 64 * 1024, 64 * 1024, 0, 30), 75);
}

TEST(CudaOccupancyOracle, H100) {
  compare("h100", board(9, 0, 2048, 228 * 1024, 227 * 1024, 1024, 132), 90);
}

}  // namespace
}  // namespace warpsim
