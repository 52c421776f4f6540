// Field-by-field conversions between the CUDA 11/12 structs (legacy_types.h) and CUDA 13's. Fields
// are copied by name, never as raw byte ranges, so a field that moved between versions still lands
// where it belongs.

#include <cstring>
#include <tuple>
#include <type_traits>

#include "runtime/abi/legacy/legacy_types.h"

namespace warpsim::runtime::legacy {
namespace {

// A field both structs have: the member of CUDA 13's cudaDeviceProp and of the legacy struct.
template <class Legacy, class Current, class Old>
struct Field {
  Current cudaDeviceProp::*current;
  Old Legacy::*legacy;
};

template <class Legacy, class Current, class Old>
Field(Current cudaDeviceProp::*, Old Legacy::*) -> Field<Legacy, Current, Old>;

#define WARPSIM_FIELD(legacy, field) \
  Field { &cudaDeviceProp::field, &legacy::field }

// The fields CUDA 11 and CUDA 13 share.
constexpr auto kSharedFields = std::make_tuple(
    WARPSIM_FIELD(DeviceProp11, name), WARPSIM_FIELD(DeviceProp11, uuid),
    WARPSIM_FIELD(DeviceProp11, luid), WARPSIM_FIELD(DeviceProp11, luidDeviceNodeMask),
    WARPSIM_FIELD(DeviceProp11, totalGlobalMem), WARPSIM_FIELD(DeviceProp11, sharedMemPerBlock),
    WARPSIM_FIELD(DeviceProp11, regsPerBlock), WARPSIM_FIELD(DeviceProp11, warpSize),
    WARPSIM_FIELD(DeviceProp11, memPitch), WARPSIM_FIELD(DeviceProp11, maxThreadsPerBlock),
    WARPSIM_FIELD(DeviceProp11, maxThreadsDim), WARPSIM_FIELD(DeviceProp11, maxGridSize),
    WARPSIM_FIELD(DeviceProp11, totalConstMem), WARPSIM_FIELD(DeviceProp11, major),
    WARPSIM_FIELD(DeviceProp11, minor), WARPSIM_FIELD(DeviceProp11, textureAlignment),
    WARPSIM_FIELD(DeviceProp11, texturePitchAlignment),
    WARPSIM_FIELD(DeviceProp11, multiProcessorCount), WARPSIM_FIELD(DeviceProp11, integrated),
    WARPSIM_FIELD(DeviceProp11, canMapHostMemory), WARPSIM_FIELD(DeviceProp11, maxTexture1D),
    WARPSIM_FIELD(DeviceProp11, maxTexture1DMipmap), WARPSIM_FIELD(DeviceProp11, maxTexture2D),
    WARPSIM_FIELD(DeviceProp11, maxTexture2DMipmap),
    WARPSIM_FIELD(DeviceProp11, maxTexture2DLinear),
    WARPSIM_FIELD(DeviceProp11, maxTexture2DGather), WARPSIM_FIELD(DeviceProp11, maxTexture3D),
    WARPSIM_FIELD(DeviceProp11, maxTexture3DAlt), WARPSIM_FIELD(DeviceProp11, maxTextureCubemap),
    WARPSIM_FIELD(DeviceProp11, maxTexture1DLayered),
    WARPSIM_FIELD(DeviceProp11, maxTexture2DLayered),
    WARPSIM_FIELD(DeviceProp11, maxTextureCubemapLayered),
    WARPSIM_FIELD(DeviceProp11, maxSurface1D), WARPSIM_FIELD(DeviceProp11, maxSurface2D),
    WARPSIM_FIELD(DeviceProp11, maxSurface3D), WARPSIM_FIELD(DeviceProp11, maxSurface1DLayered),
    WARPSIM_FIELD(DeviceProp11, maxSurface2DLayered),
    WARPSIM_FIELD(DeviceProp11, maxSurfaceCubemap),
    WARPSIM_FIELD(DeviceProp11, maxSurfaceCubemapLayered),
    WARPSIM_FIELD(DeviceProp11, surfaceAlignment), WARPSIM_FIELD(DeviceProp11, concurrentKernels),
    WARPSIM_FIELD(DeviceProp11, ECCEnabled), WARPSIM_FIELD(DeviceProp11, pciBusID),
    WARPSIM_FIELD(DeviceProp11, pciDeviceID), WARPSIM_FIELD(DeviceProp11, pciDomainID),
    WARPSIM_FIELD(DeviceProp11, tccDriver), WARPSIM_FIELD(DeviceProp11, asyncEngineCount),
    WARPSIM_FIELD(DeviceProp11, unifiedAddressing), WARPSIM_FIELD(DeviceProp11, memoryBusWidth),
    WARPSIM_FIELD(DeviceProp11, l2CacheSize), WARPSIM_FIELD(DeviceProp11, persistingL2CacheMaxSize),
    WARPSIM_FIELD(DeviceProp11, maxThreadsPerMultiProcessor),
    WARPSIM_FIELD(DeviceProp11, streamPrioritiesSupported),
    WARPSIM_FIELD(DeviceProp11, globalL1CacheSupported),
    WARPSIM_FIELD(DeviceProp11, localL1CacheSupported),
    WARPSIM_FIELD(DeviceProp11, sharedMemPerMultiprocessor),
    WARPSIM_FIELD(DeviceProp11, regsPerMultiprocessor), WARPSIM_FIELD(DeviceProp11, managedMemory),
    WARPSIM_FIELD(DeviceProp11, isMultiGpuBoard), WARPSIM_FIELD(DeviceProp11, multiGpuBoardGroupID),
    WARPSIM_FIELD(DeviceProp11, hostNativeAtomicSupported),
    WARPSIM_FIELD(DeviceProp11, pageableMemoryAccess),
    WARPSIM_FIELD(DeviceProp11, concurrentManagedAccess),
    WARPSIM_FIELD(DeviceProp11, computePreemptionSupported),
    WARPSIM_FIELD(DeviceProp11, canUseHostPointerForRegisteredMem),
    WARPSIM_FIELD(DeviceProp11, cooperativeLaunch),
    WARPSIM_FIELD(DeviceProp11, sharedMemPerBlockOptin),
    WARPSIM_FIELD(DeviceProp11, pageableMemoryAccessUsesHostPageTables),
    WARPSIM_FIELD(DeviceProp11, directManagedMemAccessFromHost),
    WARPSIM_FIELD(DeviceProp11, maxBlocksPerMultiProcessor),
    WARPSIM_FIELD(DeviceProp11, accessPolicyMaxWindowSize),
    WARPSIM_FIELD(DeviceProp11, reservedSharedMemPerBlock));

// The fields CUDA 12 added that CUDA 13 kept.
constexpr auto kCuda12Fields = std::make_tuple(
    WARPSIM_FIELD(DeviceProp12, hostRegisterSupported),
    WARPSIM_FIELD(DeviceProp12, sparseCudaArraySupported),
    WARPSIM_FIELD(DeviceProp12, hostRegisterReadOnlySupported),
    WARPSIM_FIELD(DeviceProp12, timelineSemaphoreInteropSupported),
    WARPSIM_FIELD(DeviceProp12, memoryPoolsSupported),
    WARPSIM_FIELD(DeviceProp12, gpuDirectRDMASupported),
    WARPSIM_FIELD(DeviceProp12, gpuDirectRDMAFlushWritesOptions),
    WARPSIM_FIELD(DeviceProp12, gpuDirectRDMAWritesOrdering),
    WARPSIM_FIELD(DeviceProp12, memoryPoolSupportedHandleTypes),
    WARPSIM_FIELD(DeviceProp12, deferredMappingCudaArraySupported),
    WARPSIM_FIELD(DeviceProp12, ipcEventSupported), WARPSIM_FIELD(DeviceProp12, clusterLaunch),
    WARPSIM_FIELD(DeviceProp12, unifiedFunctionPointers));

#undef WARPSIM_FIELD

template <class Dst, class Src>
void copy_field(Dst& dst, const Src& src) {
  static_assert(std::is_same_v<Dst, Src>, "a shared field changed its type between versions");
  std::memcpy(&dst, &src, sizeof dst);
}

template <class Fields, class Legacy>
void to_legacy_fields(const Fields& fields, const cudaDeviceProp& from, Legacy& to) {
  std::apply([&](const auto&... f) { (copy_field(to.*f.legacy, from.*f.current), ...); }, fields);
}

template <class Fields, class Legacy>
void to_current_fields(const Fields& fields, const Legacy& from, cudaDeviceProp& to) {
  std::apply([&](const auto&... f) { (copy_field(to.*f.current, from.*f.legacy), ...); }, fields);
}

}  // namespace

void copy_shared_fields(const cudaDeviceProp& from, DeviceProp11& to) {
  to_legacy_fields(kSharedFields, from, to);
}

void copy_shared_fields(const cudaDeviceProp& from, DeviceProp12& to) {
  copy_shared_fields(from, to.v11);
  to_legacy_fields(kCuda12Fields, from, to);
}

cudaDeviceProp to_current(const DeviceProp11& prop) {
  cudaDeviceProp current{};
  to_current_fields(kSharedFields, prop, current);
  return current;
}

cudaDeviceProp to_current(const DeviceProp12& prop) {
  cudaDeviceProp current = to_current(prop.v11);
  to_current_fields(kCuda12Fields, prop, current);
  return current;
}

cudaResourceDesc to_current(const ResourceDesc& desc) {
  cudaResourceDesc current{};
  current.resType = desc.resType;
  static_assert(sizeof current.res >= sizeof desc.res);
  std::memcpy(&current.res, &desc.res, sizeof desc.res);  // the union's members are unchanged
  current.flags = 0;
  return current;
}

ResourceDesc to_legacy(const cudaResourceDesc& desc) {
  ResourceDesc legacy{};
  legacy.resType = desc.resType;
  std::memcpy(&legacy.res, &desc.res, sizeof legacy.res);
  return legacy;
}

ResourceViewDesc13 to_current(const ResourceViewDesc& desc) {
  ResourceViewDesc13 current{};
  current.v12 = desc;
  return current;
}

// The fields CUDA 11's and CUDA 13's texture descriptions share (13 added seamlessCubemap).
template <class To, class From>
void copy_texture_fields(To& to, const From& from) {
  for (int i = 0; i < 3; ++i) to.addressMode[i] = from.addressMode[i];
  to.filterMode = from.filterMode;
  to.readMode = from.readMode;
  to.sRGB = from.sRGB;
  for (int i = 0; i < 4; ++i) to.borderColor[i] = from.borderColor[i];
  to.normalizedCoords = from.normalizedCoords;
  to.maxAnisotropy = from.maxAnisotropy;
  to.mipmapFilterMode = from.mipmapFilterMode;
  to.mipmapLevelBias = from.mipmapLevelBias;
  to.minMipmapLevelClamp = from.minMipmapLevelClamp;
  to.maxMipmapLevelClamp = from.maxMipmapLevelClamp;
  to.disableTrilinearOptimization = from.disableTrilinearOptimization;
}

cudaTextureDesc to_current(const TextureDesc11& desc) {
  cudaTextureDesc current{};
  copy_texture_fields(current, desc);
  current.seamlessCubemap = 0;
  return current;
}

TextureDesc11 to_legacy(const cudaTextureDesc& desc) {
  TextureDesc11 legacy{};
  copy_texture_fields(legacy, desc);
  return legacy;
}

}  // namespace warpsim::runtime::legacy
