// cudaDeviceGetAttribute: every attribute that has a cudaDeviceProp field reports that field (as
// the CUDA documentation pairs them), the rest follow CUDA's documented meaning, and bad
// arguments get CUDA's error codes.

#include <gtest/gtest.h>

#include <cstddef>
#include <utility>
#include <vector>

#include "runtime_test_util.h"

namespace warpsim::runtime {
namespace {

class DeviceAttribute : public ::testing::Test {
 protected:
  void SetUp() override {
    testing::use_test_module();
    ASSERT_EQ(cudaGetDeviceProperties(&prop_, 0), cudaSuccess);
    cudaGetLastError();
  }

  int attribute(cudaDeviceAttr attr) {
    int value = -12345;
    EXPECT_EQ(cudaDeviceGetAttribute(&value, attr, 0), cudaSuccess) << "attribute " << attr;
    return value;
  }

  cudaDeviceProp prop_{};
};

TEST_F(DeviceAttribute, PropertyBackedAttributesMatchTheProperties) {
  const cudaDeviceProp& p = prop_;
  const std::vector<std::pair<cudaDeviceAttr, long long>> expected = {
      {cudaDevAttrMaxThreadsPerBlock, p.maxThreadsPerBlock},
      {cudaDevAttrMaxBlockDimX, p.maxThreadsDim[0]},
      {cudaDevAttrMaxBlockDimY, p.maxThreadsDim[1]},
      {cudaDevAttrMaxBlockDimZ, p.maxThreadsDim[2]},
      {cudaDevAttrMaxGridDimX, p.maxGridSize[0]},
      {cudaDevAttrMaxGridDimY, p.maxGridSize[1]},
      {cudaDevAttrMaxGridDimZ, p.maxGridSize[2]},
      {cudaDevAttrMaxSharedMemoryPerBlock, static_cast<long long>(p.sharedMemPerBlock)},
      {cudaDevAttrTotalConstantMemory, static_cast<long long>(p.totalConstMem)},
      {cudaDevAttrWarpSize, p.warpSize},
      {cudaDevAttrMaxPitch, static_cast<long long>(p.memPitch)},
      {cudaDevAttrMaxRegistersPerBlock, p.regsPerBlock},
      {cudaDevAttrTextureAlignment, static_cast<long long>(p.textureAlignment)},
      {cudaDevAttrMultiProcessorCount, p.multiProcessorCount},
      {cudaDevAttrIntegrated, p.integrated},
      {cudaDevAttrCanMapHostMemory, p.canMapHostMemory},
      {cudaDevAttrMaxTexture1DWidth, p.maxTexture1D},
      {cudaDevAttrMaxTexture2DWidth, p.maxTexture2D[0]},
      {cudaDevAttrMaxTexture2DHeight, p.maxTexture2D[1]},
      {cudaDevAttrMaxTexture3DDepth, p.maxTexture3D[2]},
      {cudaDevAttrMaxTexture2DLayeredLayers, p.maxTexture2DLayered[2]},
      {cudaDevAttrConcurrentKernels, p.concurrentKernels},
      {cudaDevAttrEccEnabled, p.ECCEnabled},
      {cudaDevAttrPciBusId, p.pciBusID},
      {cudaDevAttrPciDeviceId, p.pciDeviceID},
      {cudaDevAttrPciDomainId, p.pciDomainID},
      {cudaDevAttrGlobalMemoryBusWidth, p.memoryBusWidth},
      {cudaDevAttrL2CacheSize, p.l2CacheSize},
      {cudaDevAttrMaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor},
      {cudaDevAttrAsyncEngineCount, p.asyncEngineCount},
      {cudaDevAttrTexturePitchAlignment, static_cast<long long>(p.texturePitchAlignment)},
      {cudaDevAttrMaxTexture2DLinearPitch, p.maxTexture2DLinear[2]},
      {cudaDevAttrComputeCapabilityMajor, p.major},
      {cudaDevAttrComputeCapabilityMinor, p.minor},
      {cudaDevAttrStreamPrioritiesSupported, p.streamPrioritiesSupported},
      {cudaDevAttrGlobalL1CacheSupported, p.globalL1CacheSupported},
      {cudaDevAttrLocalL1CacheSupported, p.localL1CacheSupported},
      {cudaDevAttrMaxSharedMemoryPerMultiprocessor,
       static_cast<long long>(p.sharedMemPerMultiprocessor)},
      {cudaDevAttrMaxRegistersPerMultiprocessor, p.regsPerMultiprocessor},
      {cudaDevAttrCooperativeLaunch, p.cooperativeLaunch},
      {cudaDevAttrMaxSharedMemoryPerBlockOptin, static_cast<long long>(p.sharedMemPerBlockOptin)},
      {cudaDevAttrMaxBlocksPerMultiprocessor, p.maxBlocksPerMultiProcessor},
      {cudaDevAttrMaxPersistingL2CacheSize, p.persistingL2CacheMaxSize},
      {cudaDevAttrReservedSharedMemoryPerBlock,
       static_cast<long long>(p.reservedSharedMemPerBlock)},
      {cudaDevAttrMemoryPoolsSupported, p.memoryPoolsSupported},
      {cudaDevAttrClusterLaunch, p.clusterLaunch},
      {cudaDevAttrNumaId, p.deviceNumaId},
      {cudaDevAttrGpuPciDeviceId, static_cast<int>(p.gpuPciDeviceID)},
      {cudaDevAttrGpuOverlap, p.asyncEngineCount > 0 ? 1 : 0},
  };
  for (const auto& [attr, want] : expected) {
    EXPECT_EQ(attribute(attr), want) << "attribute " << attr;
  }
}

TEST_F(DeviceAttribute, CapabilitiesOfTheFunctionalModel) {
  EXPECT_EQ(attribute(cudaDevAttrUnifiedAddressing), 1);
  EXPECT_EQ(attribute(cudaDevAttrManagedMemory), 1);
  EXPECT_EQ(attribute(cudaDevAttrConcurrentManagedAccess), 1);
  EXPECT_EQ(attribute(cudaDevAttrComputeMode), cudaComputeModeDefault);
  EXPECT_EQ(attribute(cudaDevAttrKernelExecTimeout), 0);
  EXPECT_EQ(attribute(cudaDevAttrCanFlushRemoteWrites), 0);
}

TEST_F(DeviceAttribute, ClocksAreInKilohertz) {
  EXPECT_EQ(attribute(cudaDevAttrClockRate), core_clock_khz());
  EXPECT_EQ(attribute(cudaDevAttrMemoryClockRate), memory_clock_khz());
  // Any CUDA GPU clocks between 100 MHz and 10 GHz: kHz, not Hz or MHz.
  EXPECT_GT(attribute(cudaDevAttrClockRate), 100'000);
  EXPECT_LT(attribute(cudaDevAttrClockRate), 10'000'000);
}

TEST_F(DeviceAttribute, ArchitectureFacts) {
  // FP32:FP64 throughput per SM from the CUDA programming guide's throughput table.
  const std::vector<std::pair<std::pair<int, int>, int>> ratios = {
      {{7, 0}, 2}, {{7, 5}, 32}, {{8, 0}, 2}, {{8, 6}, 64}, {{8, 9}, 64}, {{9, 0}, 2}};
  for (const auto& [cc, ratio] : ratios) {
    if (cc == std::pair{prop_.major, prop_.minor}) {
      EXPECT_EQ(attribute(cudaDevAttrSingleToDoublePrecisionPerfRatio), ratio);
    }
  }
  EXPECT_EQ(attribute(cudaDevAttrMemSyncDomainCount), prop_.major >= 9 ? 4 : 1);
}

TEST_F(DeviceAttribute, BadArgumentsGetCudaErrors) {
  int value = 7;
  EXPECT_EQ(cudaDeviceGetAttribute(nullptr, cudaDevAttrWarpSize, 0), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDeviceGetAttribute(&value, cudaDevAttrWarpSize, 1), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaDeviceGetAttribute(&value, cudaDevAttrWarpSize, -1), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDevice);
  // Gaps in the numbering, reserved values and values past the end name no attribute.
  for (int attr : {0, 44, 92, 96, 107, 122, 146, static_cast<int>(cudaDevAttrMax), 100000}) {
    EXPECT_EQ(cudaDeviceGetAttribute(&value, static_cast<cudaDeviceAttr>(attr), 0),
              cudaErrorInvalidValue)
        << "attribute " << attr;
  }
  EXPECT_EQ(value, 7);  // never written on failure
}

TEST_F(DeviceAttribute, CudaNumbering) {
  // Binaries built against CUDA's headers pass these numbers.
  EXPECT_EQ(static_cast<int>(cudaDevAttrMaxThreadsPerBlock), 1);
  EXPECT_EQ(static_cast<int>(cudaDevAttrClockRate), 13);
  EXPECT_EQ(static_cast<int>(cudaDevAttrMultiProcessorCount), 16);
  EXPECT_EQ(static_cast<int>(cudaDevAttrComputeCapabilityMajor), 75);
  EXPECT_EQ(static_cast<int>(cudaDevAttrMaxSharedMemoryPerBlockOptin), 97);
  EXPECT_EQ(static_cast<int>(cudaDevAttrMaxBlocksPerMultiprocessor), 106);
  EXPECT_EQ(static_cast<int>(cudaDevAttrOnlyPartialHostNativeAtomicSupported), 147);
  EXPECT_EQ(sizeof(cudaFuncAttributes), 144u);
  EXPECT_EQ(sizeof(cudaLaunchAttribute), 72u);
  EXPECT_EQ(offsetof(cudaLaunchAttribute, val), 8u);
  EXPECT_EQ(sizeof(cudaLaunchConfig_t), 56u);
  EXPECT_EQ(offsetof(cudaLaunchConfig_t, numAttrs), 48u);
}

}  // namespace
}  // namespace warpsim::runtime
