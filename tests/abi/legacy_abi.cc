// A program as CUDA WARPSIM_CUDA_MAJOR (12 or 11) builds it, linked against warpsim's
// libcudart.so.12 or libcudart.so.11.0: it passes the structs of that CUDA version and checks
// what comes back, byte offset by byte offset, against warpsim's libcudart.so.13 (argv[1], loaded
// with dlopen) answering the same questions in CUDA 13's terms. The legacy offsets below are
// worked out by hand from NVIDIA's CUDA 11.8 and 12.6 driver_types.h and texture_types.h; the
// declarations are those headers' (written by hand, so that no CUDA headers are needed).

#include <dlfcn.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <initializer_list>

#include "runtime/include/device_prop.h"  // CUDA 13's cudaDeviceProp, for the reference

#ifndef WARPSIM_CUDA_MAJOR
#error "define WARPSIM_CUDA_MAJOR (12 or 11)"
#endif

namespace {

struct MemLocation {
  int type;  // cudaMemLocationType: 1 device, 2 host
  int id;
};

}  // namespace

extern "C" {
int cudaRuntimeGetVersion(int* version);
int cudaGetDeviceProperties(void* prop, int device);
int cudaGetDeviceProperties_v2(void* prop, int device);
int cudaDeviceGetAttribute(int* value, int attr, int device);
int cudaMalloc(void** ptr, size_t size);
int cudaMallocManaged(void** ptr, size_t size, unsigned int flags);
int cudaPointerGetAttributes(void* attributes, const void* ptr);
int cudaMemAdvise(const void* ptr, size_t count, int advice, int device);
int cudaMemPrefetchAsync(const void* ptr, size_t count, int device, void* stream);
int cudaMemAdvise_v2(const void* ptr, size_t count, int advice, MemLocation location);
int cudaCreateTextureObject(unsigned long long* object, const void* resource, const void* texture,
                            const void* view);
int cudaDestroyTextureObject(unsigned long long object);
int cudaThreadSynchronize(void);
int cudaGetLastError(void);
}

namespace {

constexpr unsigned char kGuard = 0xab;
constexpr size_t kBuffer = 2048;
constexpr int kDevice = 1;  // cudaMemLocationTypeDevice
constexpr int kHost = 2;    // cudaMemLocationTypeHost
constexpr int kCpuDeviceId = -1;
constexpr int kSetPreferredLocation = 3;  // cudaMemAdviseSetPreferredLocation
constexpr int kAttachGlobal = 1;          // cudaMemAttachGlobal

int g_passed = 0;
int g_failed = 0;

void check(bool ok, const char* what) {
  if (ok) {
    ++g_passed;
  } else {
    ++g_failed;
    std::printf("FAILED: %s\n", what);
  }
}

template <class T>
T at(const unsigned char* bytes, size_t offset) {
  T value;
  std::memcpy(&value, bytes + offset, sizeof value);
  return value;
}

bool untouched_from(const unsigned char* bytes, size_t offset) {
  for (size_t i = offset; i < kBuffer; ++i) {
    if (bytes[i] != kGuard) return false;
  }
  return true;
}

// warpsim's libcudart.so.13, the reference.
struct Current {
  void* handle = nullptr;
  int (*get_properties)(cudaDeviceProp*, int) = nullptr;
  int (*get_attribute)(int*, int, int) = nullptr;
  int (*malloc_managed)(void**, size_t, unsigned int) = nullptr;
  int (*mem_advise)(const void*, size_t, int, MemLocation) = nullptr;
  int (*prefetch)(const void*, size_t, MemLocation, unsigned int, void*) = nullptr;

  bool open(const char* path) {
    handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) return false;
    get_properties =
        reinterpret_cast<decltype(get_properties)>(dlsym(handle, "cudaGetDeviceProperties"));
    get_attribute =
        reinterpret_cast<decltype(get_attribute)>(dlsym(handle, "cudaDeviceGetAttribute"));
    malloc_managed = reinterpret_cast<decltype(malloc_managed)>(dlsym(handle, "cudaMallocManaged"));
    mem_advise = reinterpret_cast<decltype(mem_advise)>(dlsym(handle, "cudaMemAdvise"));
    prefetch = reinterpret_cast<decltype(prefetch)>(dlsym(handle, "cudaMemPrefetchAsync"));
    return get_properties && get_attribute && malloc_managed && mem_advise && prefetch;
  }

  int attribute(int attr) const {
    int value = -12345;
    return get_attribute(&value, attr, 0) == 0 ? value : -12345;
  }
};

// The CUDA 11 layout, which CUDA 12 extends: fields at their CUDA 11/12 offsets against CUDA 13.
void check_prop11(const unsigned char* p, const cudaDeviceProp& ref, const Current& current) {
  check(std::strncmp(reinterpret_cast<const char*>(p), ref.name, 256) == 0, "name @0");
  check(at<size_t>(p, 288) == ref.totalGlobalMem, "totalGlobalMem @288");
  check(at<int>(p, 308) == ref.warpSize, "warpSize @308");
  check(at<int>(p, 320) == ref.maxThreadsPerBlock, "maxThreadsPerBlock @320");
  check(at<int>(p, 360) == ref.major && at<int>(p, 364) == ref.minor, "major/minor @360");
  check(at<int>(p, 388) == ref.multiProcessorCount, "multiProcessorCount @388");
  check(at<int>(p, 616) == ref.l2CacheSize, "l2CacheSize @616");
  check(at<int>(p, 624) == ref.maxThreadsPerMultiProcessor, "maxThreadsPerMultiProcessor @624");
  check(at<size_t>(p, 640) == ref.sharedMemPerMultiprocessor, "sharedMemPerMultiprocessor @640");
  check(at<size_t>(p, 696) == ref.sharedMemPerBlockOptin, "sharedMemPerBlockOptin @696");
  check(at<int>(p, 712) == ref.maxBlocksPerMultiProcessor, "maxBlocksPerMultiProcessor @712");
  check(at<size_t>(p, 720) == ref.reservedSharedMemPerBlock, "reservedSharedMemPerBlock @720");
  // The fields CUDA 13 removed report what CUDA 13's cudaDeviceGetAttribute does.
  check(at<int>(p, 348) == current.attribute(13), "clockRate @348 = attribute 13");
  check(at<int>(p, 384) == current.attribute(15), "deviceOverlap @384 = attribute 15");
  check(at<int>(p, 392) == current.attribute(17), "kernelExecTimeoutEnabled @392 = attr 17");
  check(at<int>(p, 404) == current.attribute(20), "computeMode @404 = attribute 20");
  check(at<int>(p, 416) == current.attribute(69), "maxTexture1DLinear @416 = attribute 69");
  check(at<int>(p, 608) == current.attribute(36), "memoryClockRate @608 = attribute 36");
  check(at<int>(p, 668) == current.attribute(87), "singleToDoublePrecisionPerfRatio @668");
  check(at<int>(p, 348) > 0 && at<int>(p, 608) > 0, "clock rates are set");
  // warpsim has no cudaLaunchCooperativeKernelMultiDevice.
  check(at<int>(p, 692) == 0, "cooperativeMultiDeviceLaunch @692 = 0");
}

void check_properties(const cudaDeviceProp& ref, const Current& current) {
  unsigned char buffer[kBuffer];
  std::memset(buffer, kGuard, sizeof buffer);
#if WARPSIM_CUDA_MAJOR == 12
  check(cudaGetDeviceProperties_v2(buffer, 0) == 0, "cudaGetDeviceProperties_v2 succeeds");
  check_prop11(buffer, ref, current);
  check(at<int>(buffer, 728) == ref.hostRegisterSupported, "hostRegisterSupported @728");
  check(at<int>(buffer, 772) == ref.clusterLaunch, "clusterLaunch @772");
  check(at<int>(buffer, 776) == ref.unifiedFunctionPointers, "unifiedFunctionPointers @776");
  check(untouched_from(buffer, 1032), "nothing written past the 1032-byte CUDA 12 struct");
  // The plain name is the pre-_v2 entry point: the CUDA 11 layout, never longer.
  std::memset(buffer, kGuard, sizeof buffer);
  check(cudaGetDeviceProperties(buffer, 0) == 0, "cudaGetDeviceProperties succeeds");
  check_prop11(buffer, ref, current);
  check(untouched_from(buffer, 728), "nothing written past the 728-byte CUDA 11 struct");
  check(cudaGetDeviceProperties_v2(buffer, 1) == 101, "device 1: cudaErrorInvalidDevice");
  cudaGetLastError();
#else
  check(cudaGetDeviceProperties(buffer, 0) == 0, "cudaGetDeviceProperties succeeds");
  check_prop11(buffer, ref, current);
  check(untouched_from(buffer, 728), "nothing written past the 728-byte CUDA 11 struct");
#endif
  int value = -1;
  check(cudaDeviceGetAttribute(&value, 96, 0) == 0 && value == 0,
        "attribute 96 (cooperativeMultiDeviceLaunch) is 0");
  check(cudaDeviceGetAttribute(nullptr, 96, 0) == 1, "attribute 96, no value: invalid value");
  cudaGetLastError();
}

void check_pointer_attributes() {
  void* device = nullptr;
  check(cudaMalloc(&device, 64) == 0, "cudaMalloc");
  unsigned char buffer[kBuffer];
  std::memset(buffer, kGuard, sizeof buffer);
  check(cudaPointerGetAttributes(buffer, device) == 0, "cudaPointerGetAttributes succeeds");
  check(at<int>(buffer, 0) == 2, "type @0 = cudaMemoryTypeDevice");
  check(at<int>(buffer, 4) == 0, "device @4 = 0");
  check(at<void*>(buffer, 8) == device, "devicePointer @8");
  check(untouched_from(buffer, 24), "nothing written past the 24-byte struct");
}

// A device ordinal (cudaCpuDeviceId for the host) where CUDA 13 takes a cudaMemLocation: each
// call must end as CUDA 13's does for the equivalent location.
void check_managed(const Current& current) {
  constexpr size_t kBytes = 4096;
  void* legacy = nullptr;
  void* reference = nullptr;
  const int allocated = cudaMallocManaged(&legacy, kBytes, kAttachGlobal);
  check(allocated == current.malloc_managed(&reference, kBytes, kAttachGlobal),
        "cudaMallocManaged ends as CUDA 13's");
  if (allocated != 0) {
    // Where the simulator cannot map managed memory (AddressSanitizer builds), neither can do more.
    std::printf("note: no managed memory here (error %d); cudaMemAdvise not checked\n", allocated);
    cudaGetLastError();
    return;
  }
  for (int device : {0, kCpuDeviceId, 7}) {
    const MemLocation location{device == kCpuDeviceId ? kHost : kDevice,
                               device == kCpuDeviceId ? 0 : device};
    const int expected_advise =
        current.mem_advise(reference, kBytes, kSetPreferredLocation, location);
    const int expected_prefetch = current.prefetch(reference, kBytes, location, 0, nullptr);
    check(cudaMemAdvise(legacy, kBytes, kSetPreferredLocation, device) == expected_advise,
          "cudaMemAdvise(device) ends as CUDA 13's with a location");
    check(cudaMemPrefetchAsync(legacy, kBytes, device, nullptr) == expected_prefetch,
          "cudaMemPrefetchAsync(device) ends as CUDA 13's with a location");
#if WARPSIM_CUDA_MAJOR == 12
    check(cudaMemAdvise_v2(legacy, kBytes, kSetPreferredLocation, location) == expected_advise,
          "cudaMemAdvise_v2 ends as CUDA 13's cudaMemAdvise");
#endif
  }
  check(cudaMemAdvise(legacy, kBytes, kSetPreferredLocation, kCpuDeviceId) == 0,
        "advice for the host (cudaCpuDeviceId) succeeds");
  cudaGetLastError();
}

// A linear-memory texture from the pre-13 structs, followed in memory by bytes that CUDA 13's
// larger structs would read as `flags` and `seamlessCubemap`: they must not be read.
void check_texture() {
  void* device = nullptr;
  check(cudaMalloc(&device, 1024) == 0, "cudaMalloc for the texture");
  unsigned char resource[kBuffer];
  std::memset(resource, 0xff, sizeof resource);
  std::memset(resource, 0, 64);
  const int linear = 2;                     // cudaResourceTypeLinear, resType @0
  const int channel[5] = {32, 0, 0, 0, 2};  // x, y, z, w, cudaChannelFormatKindFloat
  const size_t size = 1024;
  std::memcpy(resource, &linear, sizeof linear);
  std::memcpy(resource + 8, &device, sizeof device);    // res.linear.devPtr @8
  std::memcpy(resource + 16, channel, sizeof channel);  // res.linear.desc @16
  std::memcpy(resource + 40, &size, sizeof size);       // res.linear.sizeInBytes @40
  unsigned char texture[kBuffer];
  std::memset(texture, 0xff, sizeof texture);
  std::memset(texture, 0, WARPSIM_CUDA_MAJOR == 12 ? 72 : 68);  // all modes 0, no normalization
  unsigned long long object = 0;
  check(cudaCreateTextureObject(&object, resource, texture, nullptr) == 0,
        "cudaCreateTextureObject with the pre-13 structs succeeds");
  check(object != 0 && cudaDestroyTextureObject(object) == 0, "the texture object is usable");
}

}  // namespace

int main(int argc, char** argv) {
  Current current;
  if (argc != 2 || !current.open(argv[1])) {
    std::fprintf(stderr, "usage: legacy_abi PATH/libcudart.so.13 (%s)\n", dlerror());
    return 64;
  }
  int version = 0;
  check(cudaRuntimeGetVersion(&version) == 0 && version / 1000 == WARPSIM_CUDA_MAJOR,
        "cudaRuntimeGetVersion reports this CUDA major version");
  cudaDeviceProp ref{};
  check(current.get_properties(&ref, 0) == 0, "13: cudaGetDeviceProperties");
  check_properties(ref, current);
  check_pointer_attributes();
  check_managed(current);
  check_texture();
  check(cudaThreadSynchronize() == 0, "cudaThreadSynchronize");
  std::printf("%d passed, %d failed\n", g_passed, g_failed);
  return g_failed == 0 ? 0 : 1;
}
