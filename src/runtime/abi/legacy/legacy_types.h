#pragma once

// The structs whose CUDA 11.x or 12.x layout differs from CUDA 13's, as programs built with those
// toolkits pass them to libcudart.so.11.0 and libcudart.so.12 (x86-64 Linux, LP64).
//
// Sources (facts only; line numbers are those of NVIDIA's headers), read from public nvcc
// preprocessor output that includes the headers:
//   [11.7] CUDA 11.7 include/driver_types.h, texture_types.h (HPC SDK 22.5)
//   [11.8] CUDA 11.8 include/driver_types.h, texture_types.h
//   [12.0] [12.1] CUDA 12.0 / 12.1 include/texture_types.h
//   [12.6] CUDA 12.6 include/driver_types.h
//   [13.0] /usr/local/cuda/include (the installed CUDA 13 toolkit) and src/runtime/include
// The offsets in the static_asserts were worked out by hand from those field lists.

#include <cstddef>

// Types only: the files that define the legacy entry points must not see CUDA 13's declarations
// of the same names.
#include "runtime/include/driver_types.h"
#include "runtime/include/texture_types.h"

namespace warpsim::runtime::legacy {

// cudaDeviceProp of CUDA 11: [11.7] driver_types.h:2182-2264 and [11.8] 2124-2206 agree; CUDA 11
// kept one layout under the single soname libcudart.so.11.0 (the fields of attributes 112 and up,
// added in 11.1-11.8, entered the struct only in 12.0, which is why 12.0 introduced
// cudaGetDeviceProperties_v2). The fields CUDA 13 removed are marked.
struct DeviceProp11 {
  char name[256];
  cudaUUID_t uuid;
  char luid[8];
  unsigned int luidDeviceNodeMask;
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;  // removed in 13
  size_t totalConstMem;
  int major;
  int minor;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int deviceOverlap;  // removed in 13
  int multiProcessorCount;
  int kernelExecTimeoutEnabled;  // removed in 13
  int integrated;
  int canMapHostMemory;
  int computeMode;  // removed in 13
  int maxTexture1D;
  int maxTexture1DMipmap;
  int maxTexture1DLinear;  // removed in 13
  int maxTexture2D[2];
  int maxTexture2DMipmap[2];
  int maxTexture2DLinear[3];
  int maxTexture2DGather[2];
  int maxTexture3D[3];
  int maxTexture3DAlt[3];
  int maxTextureCubemap;
  int maxTexture1DLayered[2];
  int maxTexture2DLayered[3];
  int maxTextureCubemapLayered[2];
  int maxSurface1D;
  int maxSurface2D[2];
  int maxSurface3D[3];
  int maxSurface1DLayered[2];
  int maxSurface2DLayered[3];
  int maxSurfaceCubemap;
  int maxSurfaceCubemapLayered[2];
  size_t surfaceAlignment;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int tccDriver;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryClockRate;  // removed in 13
  int memoryBusWidth;
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int isMultiGpuBoard;
  int multiGpuBoardGroupID;
  int hostNativeAtomicSupported;
  int singleToDoublePrecisionPerfRatio;  // removed in 13
  int pageableMemoryAccess;
  int concurrentManagedAccess;
  int computePreemptionSupported;
  int canUseHostPointerForRegisteredMem;
  int cooperativeLaunch;
  int cooperativeMultiDeviceLaunch;  // removed in 13
  size_t sharedMemPerBlockOptin;
  int pageableMemoryAccessUsesHostPageTables;
  int directManagedMemAccessFromHost;
  int maxBlocksPerMultiProcessor;
  int accessPolicyMaxWindowSize;
  size_t reservedSharedMemPerBlock;
};
static_assert(offsetof(DeviceProp11, totalGlobalMem) == 288);
static_assert(offsetof(DeviceProp11, clockRate) == 348);
static_assert(offsetof(DeviceProp11, major) == 360);
static_assert(offsetof(DeviceProp11, deviceOverlap) == 384);
static_assert(offsetof(DeviceProp11, maxTexture1DLinear) == 416);
static_assert(offsetof(DeviceProp11, surfaceAlignment) == 568);
static_assert(offsetof(DeviceProp11, memoryClockRate) == 608);
static_assert(offsetof(DeviceProp11, sharedMemPerMultiprocessor) == 640);
static_assert(offsetof(DeviceProp11, sharedMemPerBlockOptin) == 696);
static_assert(offsetof(DeviceProp11, reservedSharedMemPerBlock) == 720);
static_assert(sizeof(DeviceProp11) == 728);

// cudaDeviceProp of CUDA 12, the struct cudaGetDeviceProperties_v2 fills: [12.6]
// driver_types.h:2284-2382 is the CUDA 11 layout followed by these fields and 63 reserved ints
// (reserved2[2], reserved1[1], reserved[60]; the HIP mirror of 12.0 has them as one reserved[63],
// the same size). Later 12.x releases may name some reserved ints; they are left zero here.
struct DeviceProp12 {
  DeviceProp11 v11;
  int hostRegisterSupported;
  int sparseCudaArraySupported;
  int hostRegisterReadOnlySupported;
  int timelineSemaphoreInteropSupported;
  int memoryPoolsSupported;
  int gpuDirectRDMASupported;
  unsigned int gpuDirectRDMAFlushWritesOptions;
  int gpuDirectRDMAWritesOrdering;
  unsigned int memoryPoolSupportedHandleTypes;
  int deferredMappingCudaArraySupported;
  int ipcEventSupported;
  int clusterLaunch;
  int unifiedFunctionPointers;
  int reserved[63];
};
static_assert(offsetof(DeviceProp12, hostRegisterSupported) == 728);
static_assert(offsetof(DeviceProp12, clusterLaunch) == 772);
static_assert(sizeof(DeviceProp12) == 1032);

// cudaResourceDesc before CUDA 13, which appended a 128-byte reserved member to the union and a
// `flags` word: [12.6] driver_types.h:1561-1584 (the same since CUDA 5; [11.8] agrees).
struct ResourceDesc {
  cudaResourceType resType;
  union {
    struct {
      cudaArray_t array;
    } array;
    struct {
      cudaMipmappedArray_t mipmap;
    } mipmap;
    struct {
      void* ptr;
      cudaChannelFormatDesc desc;
      size_t sizeInBytes;
    } linear;
    struct {
      void* ptr;
      cudaChannelFormatDesc desc;
      size_t width;
      size_t height;
      size_t pitchInBytes;
    } pitch2D;
  } res;
};
static_assert(offsetof(ResourceDesc, res) == 8);
static_assert(sizeof(ResourceDesc) == 64);

// cudaResourceViewDesc before CUDA 13, which appended `unsigned int reserved[16]`: [12.6]
// driver_types.h:1589-1599. The format is an enum (an int) in every version.
struct ResourceViewDesc {
  int format;
  size_t width;
  size_t height;
  size_t depth;
  unsigned int firstMipmapLevel;
  unsigned int lastMipmapLevel;
  unsigned int firstLayer;
  unsigned int lastLayer;
};
static_assert(sizeof(ResourceViewDesc) == 48);

// CUDA 13's cudaResourceViewDesc ([13.0] driver_types.h). Our CUDA headers only declare the struct
// (warpsim does not implement views), so the layer builds this and passes it by pointer.
struct ResourceViewDesc13 {
  ResourceViewDesc v12;
  unsigned int reserved[16];
};
static_assert(sizeof(ResourceViewDesc13) == 112);

// cudaSurfaceObject_t in every version ([11.8] surface_types.h:114, [13.0] surface_types.h).
using SurfaceObject = unsigned long long;

// cudaTextureDesc of CUDA 11.8 without `seamlessCubemap` ([11.8] texture_types.h:165-215), the
// struct the plain cudaCreateTextureObject of libcudart.so.11.0 takes; 11.8's cudaTextureDesc_v2
// ([11.8] 217-271) and CUDA 12's cudaTextureDesc ([12.0] [12.1] texture_types.h:113-167) have the
// seamlessCubemap word at the end, which is CUDA 13's layout.
struct TextureDesc11 {
  cudaTextureAddressMode addressMode[3];
  cudaTextureFilterMode filterMode;
  cudaTextureReadMode readMode;
  int sRGB;
  float borderColor[4];
  int normalizedCoords;
  unsigned int maxAnisotropy;
  cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
};
static_assert(offsetof(TextureDesc11, disableTrilinearOptimization) == 64);
static_assert(sizeof(TextureDesc11) == 68);
static_assert(sizeof(cudaTextureDesc) == sizeof(TextureDesc11) + sizeof(int));

// cudaPointerAttributes of CUDA 11 and 12 ([11.8] driver_types.h up to line 1567, [12.6]
// 1604-1637): CUDA 13 appended `long reserved[8]`.
struct PointerAttributes {
  cudaMemoryType type;
  int device;
  void* devicePointer;
  void* hostPointer;
};
static_assert(sizeof(PointerAttributes) == 24);

// cudaFuncAttributes of CUDA 11 ([11.8] driver_types.h:1572-1639); CUDA 12 ([12.6] 1642-1761)
// appended the cluster fields and 16 reserved ints, which is CUDA 13's layout.
struct FuncAttributes11 {
  size_t sharedSizeBytes;
  size_t constSizeBytes;
  size_t localSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int ptxVersion;
  int binaryVersion;
  int cacheModeCA;
  int maxDynamicSharedSizeBytes;
  int preferredShmemCarveout;
};
static_assert(offsetof(FuncAttributes11, preferredShmemCarveout) == 48);
static_assert(sizeof(FuncAttributes11) == 56);

// cudaDevAttrCooperativeMultiDeviceLaunch, attribute 96 in [11.8] and [12.6]; CUDA 13 renamed
// the value cudaDevAttrReserved96.
inline constexpr int kCooperativeMultiDeviceLaunchAttr = 96;

// Conversions between the legacy structs and CUDA 13's (legacy/conversions.cc).
cudaResourceDesc to_current(const ResourceDesc& desc);
ResourceDesc to_legacy(const cudaResourceDesc& desc);
ResourceViewDesc13 to_current(const ResourceViewDesc& desc);
cudaTextureDesc to_current(const TextureDesc11& desc);
TextureDesc11 to_legacy(const cudaTextureDesc& desc);
cudaDeviceProp to_current(const DeviceProp11& prop);
cudaDeviceProp to_current(const DeviceProp12& prop);
// The fields a legacy cudaDeviceProp shares with CUDA 13's; the others are left as they are.
void copy_shared_fields(const cudaDeviceProp& from, DeviceProp11& to);
void copy_shared_fields(const cudaDeviceProp& from, DeviceProp12& to);

// The legacy cudaDeviceProp of `device`: CUDA 13's properties plus the fields CUDA 13 removed,
// whose values come from cudaDeviceGetAttribute (legacy/device_prop.cc). Errors are those of
// cudaGetDeviceProperties.
cudaError_t device_prop(DeviceProp11* prop, int device);
cudaError_t device_prop(DeviceProp12* prop, int device);

// cudaCreateTextureObject with the pre-13 resource and view descriptions (legacy/common_api.cc).
cudaError_t create_texture_object(cudaTextureObject_t* object, const ResourceDesc* resource,
                                  const cudaTextureDesc* texture, const ResourceViewDesc* view);

}  // namespace warpsim::runtime::legacy

// The CUDA 13 implementations of the functions the version layers replace, under the names the
// build gives them (src/CMakeLists.txt, runtime/abi/vNN/overrides.txt).
extern "C" {
cudaError_t warpsim_v13_cudaGetDeviceProperties(cudaDeviceProp* prop, int device);
cudaError_t warpsim_v13_cudaChooseDevice(int* device, const cudaDeviceProp* prop);
cudaError_t warpsim_v13_cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device);
cudaError_t warpsim_v13_cudaPointerGetAttributes(cudaPointerAttributes* attributes,
                                                 const void* ptr);
cudaError_t warpsim_v13_cudaCreateTextureObject(cudaTextureObject_t* object,
                                                const cudaResourceDesc* resource,
                                                const cudaTextureDesc* texture,
                                                const cudaResourceViewDesc* view);
cudaError_t warpsim_v13_cudaGetTextureObjectResourceDesc(cudaResourceDesc* resource,
                                                         cudaTextureObject_t object);
cudaError_t warpsim_v13_cudaGetTextureObjectResourceViewDesc(cudaResourceViewDesc* view,
                                                             cudaTextureObject_t object);
cudaError_t warpsim_v13_cudaGetTextureObjectTextureDesc(cudaTextureDesc* texture,
                                                        cudaTextureObject_t object);
cudaError_t warpsim_v13_cudaCreateSurfaceObject(warpsim::runtime::legacy::SurfaceObject* object,
                                                const cudaResourceDesc* resource);
cudaError_t warpsim_v13_cudaGetSurfaceObjectResourceDesc(
    cudaResourceDesc* resource, warpsim::runtime::legacy::SurfaceObject object);
cudaError_t warpsim_v13_cudaMemAdvise(const void* ptr, size_t count, cudaMemoryAdvise advice,
                                      cudaMemLocation location);
cudaError_t warpsim_v13_cudaMemPrefetchAsync(const void* ptr, size_t count,
                                             cudaMemLocation location, unsigned int flags,
                                             cudaStream_t stream);
cudaError_t warpsim_v13_cudaFuncGetAttributes(cudaFuncAttributes* attr, const void* func);
}
