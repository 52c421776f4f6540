// cudaDeviceGetAttribute: each attribute read from the device's properties (Runtime::properties),
// so it always agrees with cudaGetDeviceProperties. Attributes CUDA 13's cudaDeviceProp no longer
// carries come from the functions below or follow from the compute capability; capabilities of
// the functional model itself (unified addressing, managed memory) are always there.

#include <algorithm>
#include <climits>
#include <cstddef>
#include <optional>

#include "runtime/runtime.h"

namespace warpsim::runtime {

// The simulated GPU's clocks (the preset's clocks.core_mhz and clocks.dram_mhz), in kHz.
int core_clock_khz() { return static_cast<int>(Runtime::instance().gpu().core_mhz * 1000.0 + 0.5); }

int memory_clock_khz() {
  return static_cast<int>(Runtime::instance().gpu().dram_mhz * 1000.0 + 0.5);
}

namespace {

int saturate(std::size_t value) { return static_cast<int>(std::min<std::size_t>(value, INT_MAX)); }

// FP32 over FP64 throughput per SM (the arithmetic-throughput table of the CUDA programming
// guide): the x.0 data-center parts run FP64 at half rate, the others at 1/32 (before 8.x) or
// 1/64 of the FP32 rate.
int single_to_double_ratio(const cudaDeviceProp& p) {
  if (p.minor == 0 && p.major >= 6 && p.major <= 10) return 2;
  return p.major >= 8 ? 64 : 32;
}

using Reader = int (*)(const cudaDeviceProp&);

struct AttributeReader {
  cudaDeviceAttr attr;
  Reader read;
};

#define WARPSIM_ATTR(attr, expr)                                         \
  AttributeReader {                                                      \
    attr, [](const cudaDeviceProp& p) { return static_cast<int>(expr); } \
  }
#define WARPSIM_SIZE_ATTR(attr, field)                              \
  AttributeReader {                                                 \
    attr, [](const cudaDeviceProp& p) { return saturate(p.field); } \
  }
#define WARPSIM_FIXED_ATTR(attr, value)                                 \
  AttributeReader {                                                     \
    attr, [](const cudaDeviceProp&) { return static_cast<int>(value); } \
  }

// NOLINTBEGIN(readability-function-size): one table, one line per attribute
constexpr AttributeReader kReaders[] = {
    WARPSIM_ATTR(cudaDevAttrMaxThreadsPerBlock, p.maxThreadsPerBlock),
    WARPSIM_ATTR(cudaDevAttrMaxBlockDimX, p.maxThreadsDim[0]),
    WARPSIM_ATTR(cudaDevAttrMaxBlockDimY, p.maxThreadsDim[1]),
    WARPSIM_ATTR(cudaDevAttrMaxBlockDimZ, p.maxThreadsDim[2]),
    WARPSIM_ATTR(cudaDevAttrMaxGridDimX, p.maxGridSize[0]),
    WARPSIM_ATTR(cudaDevAttrMaxGridDimY, p.maxGridSize[1]),
    WARPSIM_ATTR(cudaDevAttrMaxGridDimZ, p.maxGridSize[2]),
    WARPSIM_SIZE_ATTR(cudaDevAttrMaxSharedMemoryPerBlock, sharedMemPerBlock),
    WARPSIM_SIZE_ATTR(cudaDevAttrTotalConstantMemory, totalConstMem),
    WARPSIM_ATTR(cudaDevAttrWarpSize, p.warpSize),
    WARPSIM_SIZE_ATTR(cudaDevAttrMaxPitch, memPitch),
    WARPSIM_ATTR(cudaDevAttrMaxRegistersPerBlock, p.regsPerBlock),
    AttributeReader{cudaDevAttrClockRate, [](const cudaDeviceProp&) { return core_clock_khz(); }},
    WARPSIM_SIZE_ATTR(cudaDevAttrTextureAlignment, textureAlignment),
    WARPSIM_ATTR(cudaDevAttrGpuOverlap, p.asyncEngineCount > 0),
    WARPSIM_ATTR(cudaDevAttrMultiProcessorCount, p.multiProcessorCount),
    WARPSIM_FIXED_ATTR(cudaDevAttrKernelExecTimeout, 0),
    WARPSIM_ATTR(cudaDevAttrIntegrated, p.integrated),
    WARPSIM_ATTR(cudaDevAttrCanMapHostMemory, p.canMapHostMemory),
    WARPSIM_FIXED_ATTR(cudaDevAttrComputeMode, cudaComputeModeDefault),
    WARPSIM_ATTR(cudaDevAttrMaxTexture1DWidth, p.maxTexture1D),
    WARPSIM_ATTR(cudaDevAttrMaxTexture2DWidth, p.maxTexture2D[0]),
    WARPSIM_ATTR(cudaDevAttrMaxTexture2DHeight, p.maxTexture2D[1]),
    WARPSIM_ATTR(cudaDevAttrMaxTexture3DWidth, p.maxTexture3D[0]),
    WARPSIM_ATTR(cudaDevAttrMaxTexture3DHeight, p.maxTexture3D[1]),
    WARPSIM_ATTR(cudaDevAttrMaxTexture3DDepth, p.maxTexture3D[2]),
    WARPSIM_ATTR(cudaDevAttrMaxTexture2DLayeredWidth, p.maxTexture2DLayered[0]),
    WARPSIM_ATTR(cudaDevAttrMaxTexture2DLayeredHeight, p.maxTexture2DLayered[1]),
    WARPSIM_ATTR(cudaDevAttrMaxTexture2DLayeredLayers, p.maxTexture2DLayered[2]),
    WARPSIM_SIZE_ATTR(cudaDevAttrSurfaceAlignment, surfaceAlignment),
    WARPSIM_ATTR(cudaDevAttrConcurrentKernels, p.concurrentKernels),
    WARPSIM_ATTR(cudaDevAttrEccEnabled, p.ECCEnabled),
    WARPSIM_ATTR(cudaDevAttrPciBusId, p.pciBusID),
    WARPSIM_ATTR(cudaDevAttrPciDeviceId, p.pciDeviceID),
    WARPSIM_ATTR(cudaDevAttrTccDriver, p.tccDriver),
    AttributeReader{cudaDevAttrMemoryClockRate,
                    [](const cudaDeviceProp&) { return memory_clock_khz(); }},
    WARPSIM_ATTR(cudaDevAttrGlobalMemoryBusWidth, p.memoryBusWidth),
    WARPSIM_ATTR(cudaDevAttrL2CacheSize, p.l2CacheSize),
    WARPSIM_ATTR(cudaDevAttrMaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor),
    WARPSIM_ATTR(cudaDevAttrAsyncEngineCount, p.asyncEngineCount),
    WARPSIM_FIXED_ATTR(cudaDevAttrUnifiedAddressing, 1),
    WARPSIM_ATTR(cudaDevAttrMaxTexture1DLayeredWidth, p.maxTexture1DLayered[0]),
    WARPSIM_ATTR(cudaDevAttrMaxTexture1DLayeredLayers, p.maxTexture1DLayered[1]),
    WARPSIM_ATTR(cudaDevAttrMaxTexture2DGatherWidth, p.maxTexture2DGather[0]),
    WARPSIM_ATTR(cudaDevAttrMaxTexture2DGatherHeight, p.maxTexture2DGather[1]),
    WARPSIM_ATTR(cudaDevAttrMaxTexture3DWidthAlt, p.maxTexture3DAlt[0]),
    WARPSIM_ATTR(cudaDevAttrMaxTexture3DHeightAlt, p.maxTexture3DAlt[1]),
    WARPSIM_ATTR(cudaDevAttrMaxTexture3DDepthAlt, p.maxTexture3DAlt[2]),
    WARPSIM_ATTR(cudaDevAttrPciDomainId, p.pciDomainID),
    WARPSIM_SIZE_ATTR(cudaDevAttrTexturePitchAlignment, texturePitchAlignment),
    WARPSIM_ATTR(cudaDevAttrMaxTextureCubemapWidth, p.maxTextureCubemap),
    WARPSIM_ATTR(cudaDevAttrMaxTextureCubemapLayeredWidth, p.maxTextureCubemapLayered[0]),
    WARPSIM_ATTR(cudaDevAttrMaxTextureCubemapLayeredLayers, p.maxTextureCubemapLayered[1]),
    WARPSIM_ATTR(cudaDevAttrMaxSurface1DWidth, p.maxSurface1D),
    WARPSIM_ATTR(cudaDevAttrMaxSurface2DWidth, p.maxSurface2D[0]),
    WARPSIM_ATTR(cudaDevAttrMaxSurface2DHeight, p.maxSurface2D[1]),
    WARPSIM_ATTR(cudaDevAttrMaxSurface3DWidth, p.maxSurface3D[0]),
    WARPSIM_ATTR(cudaDevAttrMaxSurface3DHeight, p.maxSurface3D[1]),
    WARPSIM_ATTR(cudaDevAttrMaxSurface3DDepth, p.maxSurface3D[2]),
    WARPSIM_ATTR(cudaDevAttrMaxSurface1DLayeredWidth, p.maxSurface1DLayered[0]),
    WARPSIM_ATTR(cudaDevAttrMaxSurface1DLayeredLayers, p.maxSurface1DLayered[1]),
    WARPSIM_ATTR(cudaDevAttrMaxSurface2DLayeredWidth, p.maxSurface2DLayered[0]),
    WARPSIM_ATTR(cudaDevAttrMaxSurface2DLayeredHeight, p.maxSurface2DLayered[1]),
    WARPSIM_ATTR(cudaDevAttrMaxSurface2DLayeredLayers, p.maxSurface2DLayered[2]),
    WARPSIM_ATTR(cudaDevAttrMaxSurfaceCubemapWidth, p.maxSurfaceCubemap),
    WARPSIM_ATTR(cudaDevAttrMaxSurfaceCubemapLayeredWidth, p.maxSurfaceCubemapLayered[0]),
    WARPSIM_ATTR(cudaDevAttrMaxSurfaceCubemapLayeredLayers, p.maxSurfaceCubemapLayered[1]),
    // 2^27 texels: the 1D linear-texture limit the CUDA programming guide documents.
    WARPSIM_FIXED_ATTR(cudaDevAttrMaxTexture1DLinearWidth, 1 << 27),
    WARPSIM_ATTR(cudaDevAttrMaxTexture2DLinearWidth, p.maxTexture2DLinear[0]),
    WARPSIM_ATTR(cudaDevAttrMaxTexture2DLinearHeight, p.maxTexture2DLinear[1]),
    WARPSIM_ATTR(cudaDevAttrMaxTexture2DLinearPitch, p.maxTexture2DLinear[2]),
    WARPSIM_ATTR(cudaDevAttrMaxTexture2DMipmappedWidth, p.maxTexture2DMipmap[0]),
    WARPSIM_ATTR(cudaDevAttrMaxTexture2DMipmappedHeight, p.maxTexture2DMipmap[1]),
    WARPSIM_ATTR(cudaDevAttrComputeCapabilityMajor, p.major),
    WARPSIM_ATTR(cudaDevAttrComputeCapabilityMinor, p.minor),
    WARPSIM_ATTR(cudaDevAttrMaxTexture1DMipmappedWidth, p.maxTexture1DMipmap),
    WARPSIM_ATTR(cudaDevAttrStreamPrioritiesSupported, p.streamPrioritiesSupported),
    WARPSIM_ATTR(cudaDevAttrGlobalL1CacheSupported, p.globalL1CacheSupported),
    WARPSIM_ATTR(cudaDevAttrLocalL1CacheSupported, p.localL1CacheSupported),
    WARPSIM_SIZE_ATTR(cudaDevAttrMaxSharedMemoryPerMultiprocessor, sharedMemPerMultiprocessor),
    WARPSIM_ATTR(cudaDevAttrMaxRegistersPerMultiprocessor, p.regsPerMultiprocessor),
    WARPSIM_FIXED_ATTR(cudaDevAttrManagedMemory, 1),
    WARPSIM_ATTR(cudaDevAttrIsMultiGpuBoard, p.isMultiGpuBoard),
    WARPSIM_ATTR(cudaDevAttrMultiGpuBoardGroupID, p.multiGpuBoardGroupID),
    WARPSIM_ATTR(cudaDevAttrHostNativeAtomicSupported, p.hostNativeAtomicSupported),
    WARPSIM_ATTR(cudaDevAttrSingleToDoublePrecisionPerfRatio, single_to_double_ratio(p)),
    WARPSIM_ATTR(cudaDevAttrPageableMemoryAccess, p.pageableMemoryAccess),
    WARPSIM_FIXED_ATTR(cudaDevAttrConcurrentManagedAccess, 1),
    WARPSIM_ATTR(cudaDevAttrComputePreemptionSupported, p.computePreemptionSupported),
    WARPSIM_ATTR(cudaDevAttrCanUseHostPointerForRegisteredMem, p.canUseHostPointerForRegisteredMem),
    WARPSIM_ATTR(cudaDevAttrCooperativeLaunch, p.cooperativeLaunch),
    WARPSIM_SIZE_ATTR(cudaDevAttrMaxSharedMemoryPerBlockOptin, sharedMemPerBlockOptin),
    WARPSIM_FIXED_ATTR(cudaDevAttrCanFlushRemoteWrites, 0),
    WARPSIM_ATTR(cudaDevAttrHostRegisterSupported, p.hostRegisterSupported),
    WARPSIM_ATTR(cudaDevAttrPageableMemoryAccessUsesHostPageTables,
                 p.pageableMemoryAccessUsesHostPageTables),
    WARPSIM_ATTR(cudaDevAttrDirectManagedMemAccessFromHost, p.directManagedMemAccessFromHost),
    WARPSIM_ATTR(cudaDevAttrMaxBlocksPerMultiprocessor, p.maxBlocksPerMultiProcessor),
    WARPSIM_ATTR(cudaDevAttrMaxPersistingL2CacheSize, p.persistingL2CacheMaxSize),
    WARPSIM_ATTR(cudaDevAttrMaxAccessPolicyWindowSize, p.accessPolicyMaxWindowSize),
    WARPSIM_SIZE_ATTR(cudaDevAttrReservedSharedMemoryPerBlock, reservedSharedMemPerBlock),
    WARPSIM_ATTR(cudaDevAttrSparseCudaArraySupported, p.sparseCudaArraySupported),
    WARPSIM_ATTR(cudaDevAttrHostRegisterReadOnlySupported, p.hostRegisterReadOnlySupported),
    WARPSIM_ATTR(cudaDevAttrTimelineSemaphoreInteropSupported, p.timelineSemaphoreInteropSupported),
    WARPSIM_ATTR(cudaDevAttrMemoryPoolsSupported, p.memoryPoolsSupported),
    WARPSIM_ATTR(cudaDevAttrGPUDirectRDMASupported, p.gpuDirectRDMASupported),
    WARPSIM_ATTR(cudaDevAttrGPUDirectRDMAFlushWritesOptions, p.gpuDirectRDMAFlushWritesOptions),
    WARPSIM_ATTR(cudaDevAttrGPUDirectRDMAWritesOrdering, p.gpuDirectRDMAWritesOrdering),
    WARPSIM_ATTR(cudaDevAttrMemoryPoolSupportedHandleTypes, p.memoryPoolSupportedHandleTypes),
    WARPSIM_ATTR(cudaDevAttrClusterLaunch, p.clusterLaunch),
    WARPSIM_ATTR(cudaDevAttrDeferredMappingCudaArraySupported, p.deferredMappingCudaArraySupported),
    WARPSIM_ATTR(cudaDevAttrIpcEventSupport, p.ipcEventSupported),
    // Hopper introduced memory synchronization domains: four of them; earlier parts have one.
    WARPSIM_ATTR(cudaDevAttrMemSyncDomainCount, p.major >= 9 ? 4 : 1),
    WARPSIM_ATTR(cudaDevAttrNumaConfig, p.deviceNumaConfig),
    WARPSIM_ATTR(cudaDevAttrNumaId, p.deviceNumaId),
    WARPSIM_ATTR(cudaDevAttrMpsEnabled, p.mpsEnabled),
    WARPSIM_ATTR(cudaDevAttrHostNumaId, p.hostNumaId),
    WARPSIM_FIXED_ATTR(cudaDevAttrD3D12CigSupported, 0),
    WARPSIM_FIXED_ATTR(cudaDevAttrVulkanCigSupported, 0),
    WARPSIM_ATTR(cudaDevAttrGpuPciDeviceId, p.gpuPciDeviceID),
    WARPSIM_ATTR(cudaDevAttrGpuPciSubsystemId, p.gpuPciSubsystemID),
    WARPSIM_FIXED_ATTR(cudaDevAttrHostNumaMemoryPoolsSupported, 0),
    WARPSIM_ATTR(cudaDevAttrHostNumaMultinodeIpcSupported, p.hostNumaMultinodeIpcSupported),
    WARPSIM_FIXED_ATTR(cudaDevAttrHostMemoryPoolsSupported, 0),
    WARPSIM_FIXED_ATTR(cudaDevAttrOnlyPartialHostNativeAtomicSupported, 0),
};
// NOLINTEND(readability-function-size)

#undef WARPSIM_ATTR
#undef WARPSIM_SIZE_ATTR
#undef WARPSIM_FIXED_ATTR

// nullopt for values that name no attribute (gaps in the numbering and the reserved ones).
std::optional<int> device_attribute(const cudaDeviceProp& p, cudaDeviceAttr attr) {
  for (const AttributeReader& reader : kReaders) {
    if (reader.attr == attr) return reader.read(p);
  }
  return std::nullopt;
}

}  // namespace
}  // namespace warpsim::runtime

extern "C" cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device) {
  using warpsim::runtime::Runtime;
  return warpsim::runtime::api_call_without_sync([&](Runtime& rt) {
    if (value == nullptr) return cudaErrorInvalidValue;
    if (device != 0) return cudaErrorInvalidDevice;
    const std::optional<int> found = warpsim::runtime::device_attribute(rt.properties(), attr);
    if (!found) return cudaErrorInvalidValue;
    *value = *found;
    return cudaSuccess;
  });
}
