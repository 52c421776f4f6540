// Device limits, cache preference, flags and identity: CUDA's defaults, what a setter changes,
// and CUDA's error codes. The settings are process-wide, so every test puts back what it changed.

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "func/device.h"
#include "runtime_test_util.h"

namespace warpsim::runtime {
namespace {

class DeviceLimits : public ::testing::Test {
 protected:
  void SetUp() override {
    testing::use_test_module();
    ASSERT_EQ(cudaGetDeviceProperties(&prop_, 0), cudaSuccess);
    cudaGetLastError();
  }

  std::size_t limit(cudaLimit which) {
    std::size_t value = 0;
    EXPECT_EQ(cudaDeviceGetLimit(&value, which), cudaSuccess) << "limit " << which;
    return value;
  }

  cudaDeviceProp prop_{};
};

TEST_F(DeviceLimits, DefaultsAreCudas) {
  EXPECT_EQ(limit(cudaLimitPrintfFifoSize), std::size_t{1} << 20);
  EXPECT_EQ(limit(cudaLimitMallocHeapSize), std::size_t{8} << 20);
  EXPECT_EQ(limit(cudaLimitDevRuntimePendingLaunchCount), 2048u);
  EXPECT_EQ(limit(cudaLimitPersistingL2CacheSize), 0u);
  // Until the program sets one, the stack is what the functional device gives every thread.
  EXPECT_EQ(limit(cudaLimitStackSize), func::DeviceOptions{}.stack_limit);
}

TEST_F(DeviceLimits, SetLimitsReadBack) {
  const std::size_t old_fifo = limit(cudaLimitPrintfFifoSize);
  const std::size_t old_heap = limit(cudaLimitMallocHeapSize);
  const std::size_t old_stack = limit(cudaLimitStackSize);
  const std::size_t old_pending = limit(cudaLimitDevRuntimePendingLaunchCount);
  EXPECT_EQ(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 4 << 20), cudaSuccess);
  EXPECT_EQ(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64 << 20), cudaSuccess);
  EXPECT_EQ(cudaDeviceSetLimit(cudaLimitStackSize, 4096), cudaSuccess);
  EXPECT_EQ(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 4096), cudaSuccess);
  EXPECT_EQ(limit(cudaLimitPrintfFifoSize), 4u << 20);
  EXPECT_EQ(limit(cudaLimitMallocHeapSize), 64u << 20);
  EXPECT_EQ(limit(cudaLimitStackSize), 4096u);
  EXPECT_EQ(limit(cudaLimitDevRuntimePendingLaunchCount), 4096u);
  EXPECT_EQ(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, old_fifo), cudaSuccess);
  EXPECT_EQ(cudaDeviceSetLimit(cudaLimitMallocHeapSize, old_heap), cudaSuccess);
  EXPECT_EQ(cudaDeviceSetLimit(cudaLimitStackSize, old_stack), cudaSuccess);
  EXPECT_EQ(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, old_pending), cudaSuccess);
}

TEST_F(DeviceLimits, HintsAreClamped) {
  const std::size_t old_granularity = limit(cudaLimitMaxL2FetchGranularity);
  // "Values can range from 0B to 128B ... can be ignored or clamped".
  EXPECT_EQ(cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, 32), cudaSuccess);
  EXPECT_EQ(limit(cudaLimitMaxL2FetchGranularity), 32u);
  EXPECT_EQ(cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, 4096), cudaSuccess);
  EXPECT_EQ(limit(cudaLimitMaxL2FetchGranularity), 128u);
  EXPECT_EQ(cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, old_granularity), cudaSuccess);
  // The persisting L2 size cannot exceed cudaDevAttrMaxPersistingL2CacheSize.
  EXPECT_EQ(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, std::size_t{1} << 40), cudaSuccess);
  EXPECT_EQ(limit(cudaLimitPersistingL2CacheSize),
            static_cast<std::size_t>(prop_.persistingL2CacheMaxSize));
  EXPECT_EQ(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 0), cudaSuccess);
}

TEST_F(DeviceLimits, SyncDepthIsGoneFromComputeCapability9) {
  std::size_t value = 0;
  if (prop_.major >= 9) {
    EXPECT_EQ(cudaDeviceGetLimit(&value, cudaLimitDevRuntimeSyncDepth), cudaErrorUnsupportedLimit);
    EXPECT_EQ(cudaDeviceSetLimit(cudaLimitDevRuntimeSyncDepth, 4), cudaErrorUnsupportedLimit);
  } else {
    EXPECT_EQ(limit(cudaLimitDevRuntimeSyncDepth), 2u);
    EXPECT_EQ(cudaDeviceSetLimit(cudaLimitDevRuntimeSyncDepth, 25), cudaErrorInvalidValue);
  }
}

TEST_F(DeviceLimits, BadLimitsGetCudaErrors) {
  std::size_t value = 0;
  EXPECT_EQ(cudaDeviceGetLimit(nullptr, cudaLimitStackSize), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDeviceGetLimit(&value, static_cast<cudaLimit>(7)), cudaErrorUnsupportedLimit);
  EXPECT_EQ(cudaDeviceSetLimit(static_cast<cudaLimit>(99), 1), cudaErrorUnsupportedLimit);
  EXPECT_EQ(cudaGetLastError(), cudaErrorUnsupportedLimit);
}

TEST_F(DeviceLimits, CacheConfigIsKept) {
  cudaFuncCache config = cudaFuncCachePreferEqual;
  EXPECT_EQ(cudaDeviceGetCacheConfig(&config), cudaSuccess);
  EXPECT_EQ(config, cudaFuncCachePreferNone);
  EXPECT_EQ(cudaDeviceSetCacheConfig(cudaFuncCachePreferL1), cudaSuccess);
  EXPECT_EQ(cudaDeviceGetCacheConfig(&config), cudaSuccess);
  EXPECT_EQ(config, cudaFuncCachePreferL1);
  EXPECT_EQ(cudaDeviceSetCacheConfig(static_cast<cudaFuncCache>(4)), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDeviceGetCacheConfig(nullptr), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDeviceSetCacheConfig(cudaFuncCachePreferNone), cudaSuccess);
}

TEST_F(DeviceLimits, DeviceFlags) {
  unsigned flags = 0xdead;
  EXPECT_EQ(cudaGetDeviceFlags(&flags), cudaSuccess);
  EXPECT_EQ(flags, static_cast<unsigned>(cudaDeviceMapHost));  // implicit for the runtime API
  EXPECT_EQ(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync), cudaSuccess);
  EXPECT_EQ(cudaGetDeviceFlags(&flags), cudaSuccess);
  EXPECT_EQ(flags, static_cast<unsigned>(cudaDeviceScheduleBlockingSync | cudaDeviceMapHost));
  // Two scheduling policies at once, and bits CUDA does not define.
  EXPECT_EQ(cudaSetDeviceFlags(cudaDeviceScheduleSpin | cudaDeviceScheduleYield),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaSetDeviceFlags(0x20), cudaErrorInvalidValue);
  EXPECT_EQ(cudaSetDeviceFlags(0x100), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetDeviceFlags(nullptr), cudaErrorInvalidValue);
  EXPECT_EQ(cudaSetDeviceFlags(cudaDeviceScheduleAuto), cudaSuccess);
}

TEST_F(DeviceLimits, InitDevice) {
  unsigned flags = 0;
  EXPECT_EQ(cudaInitDevice(1, 0, 0), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaInitDevice(0, 0, 2), cudaErrorInvalidValue);
  EXPECT_EQ(cudaInitDevice(0, cudaDeviceScheduleYield, 0), cudaSuccess);  // flags not applied
  EXPECT_EQ(cudaGetDeviceFlags(&flags), cudaSuccess);
  EXPECT_EQ(flags, static_cast<unsigned>(cudaDeviceMapHost));
  EXPECT_EQ(cudaInitDevice(0, cudaDeviceScheduleYield, cudaInitDeviceFlagsAreValid), cudaSuccess);
  EXPECT_EQ(cudaGetDeviceFlags(&flags), cudaSuccess);
  EXPECT_EQ(flags, static_cast<unsigned>(cudaDeviceScheduleYield | cudaDeviceMapHost));
  EXPECT_EQ(cudaInitDevice(0, 0x40, cudaInitDeviceFlagsAreValid), cudaErrorInvalidValue);
  EXPECT_EQ(cudaSetDeviceFlags(cudaDeviceScheduleAuto), cudaSuccess);
}

TEST_F(DeviceLimits, ChooseDeviceAndDriverVersion) {
  int device = 5;
  EXPECT_EQ(cudaChooseDevice(&device, &prop_), cudaSuccess);
  EXPECT_EQ(device, 0);
  EXPECT_EQ(cudaChooseDevice(nullptr, &prop_), cudaErrorInvalidValue);
  EXPECT_EQ(cudaChooseDevice(&device, nullptr), cudaErrorInvalidValue);
  int version = 0;
  EXPECT_EQ(cudaDriverGetVersion(&version), cudaSuccess);
  EXPECT_EQ(version, 13000);  // 1000 * major + 10 * minor for CUDA 13.0
  EXPECT_EQ(cudaDriverGetVersion(nullptr), cudaErrorInvalidValue);
}

TEST_F(DeviceLimits, PciBusIdRoundTrips) {
  char id[13] = {};
  ASSERT_EQ(cudaDeviceGetPCIBusId(id, sizeof id, 0), cudaSuccess);
  // domain:bus:device.function, 4 + 2 + 2 + 1 hexadecimal digits.
  ASSERT_EQ(std::strlen(id), 12u);
  unsigned domain = 0, bus = 0, dev = 0, function = 0;
  ASSERT_EQ(std::sscanf(id, "%4x:%2x:%2x.%1x", &domain, &bus, &dev, &function), 4);
  EXPECT_EQ(domain, static_cast<unsigned>(prop_.pciDomainID));
  EXPECT_EQ(bus, static_cast<unsigned>(prop_.pciBusID));
  EXPECT_EQ(dev, static_cast<unsigned>(prop_.pciDeviceID));
  int device = -1;
  EXPECT_EQ(cudaDeviceGetByPCIBusId(&device, id), cudaSuccess);
  EXPECT_EQ(device, 0);
  device = -1;
  EXPECT_EQ(cudaDeviceGetByPCIBusId(&device, std::string(id).substr(0, 10).c_str()), cudaSuccess);
  EXPECT_EQ(device, 0);  // [domain]:[bus]:[device]
  device = -1;
  EXPECT_EQ(cudaDeviceGetByPCIBusId(&device, std::string(id).substr(5).c_str()), cudaSuccess);
  EXPECT_EQ(device, 0);  // [bus]:[device].[function]
  char other[32];
  std::snprintf(other, sizeof other, "%x:%x:%x.0", domain + 1, bus, dev);
  EXPECT_EQ(cudaDeviceGetByPCIBusId(&device, other), cudaErrorInvalidDevice);
}

TEST_F(DeviceLimits, PciBusIdErrors) {
  char id[13];
  int device = 0;
  EXPECT_EQ(cudaDeviceGetPCIBusId(nullptr, 13, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDeviceGetPCIBusId(id, 0, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDeviceGetPCIBusId(id, sizeof id, 1), cudaErrorInvalidDevice);
  ASSERT_EQ(cudaDeviceGetPCIBusId(id, 5, 0), cudaSuccess);
  EXPECT_EQ(std::strlen(id), 4u);  // cut to the length given, terminator included
  for (const char* bad : {"", "00:00", "zz:00:00.0", "0000:00:00.", "0:0:0:0.0", "0000:00:00.0x"}) {
    EXPECT_EQ(cudaDeviceGetByPCIBusId(&device, bad), cudaErrorInvalidValue) << bad;
  }
  EXPECT_EQ(cudaDeviceGetByPCIBusId(nullptr, "0000:00:00.0"), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDeviceGetByPCIBusId(&device, nullptr), cudaErrorInvalidValue);
}

TEST_F(DeviceLimits, StreamPriorityRange) {
  int least = 99, greatest = 99;
  EXPECT_EQ(cudaDeviceGetStreamPriorityRange(&least, &greatest), cudaSuccess);
  if (prop_.streamPrioritiesSupported != 0) {
    EXPECT_EQ(least, 0);
    EXPECT_EQ(greatest, -5);
  } else {  // "returns 0 in both ... if the device does not support stream priorities"
    EXPECT_EQ(least, 0);
    EXPECT_EQ(greatest, 0);
  }
  EXPECT_EQ(cudaDeviceGetStreamPriorityRange(nullptr, nullptr), cudaSuccess);  // NULL allowed
}

TEST_F(DeviceLimits, FlushGpuDirectRdmaWrites) {
  EXPECT_EQ(cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice,
                                               cudaFlushGPUDirectRDMAWritesToOwner),
            cudaSuccess);
  EXPECT_EQ(cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice,
                                               cudaFlushGPUDirectRDMAWritesToAllDevices),
            cudaSuccess);
  EXPECT_EQ(cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice,
                                               static_cast<cudaFlushGPUDirectRDMAWritesScope>(1)),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaDeviceFlushGPUDirectRDMAWrites(static_cast<cudaFlushGPUDirectRDMAWritesTarget>(1),
                                               cudaFlushGPUDirectRDMAWritesToOwner),
            cudaErrorInvalidValue);
}

}  // namespace
}  // namespace warpsim::runtime
