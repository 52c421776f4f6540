#include "microbench/native/cuda_device.h"

#include <algorithm>
#include <stdexcept>

namespace warpsim::probe {
namespace {

void check(CUresult result, const char* what) {
  if (result == CUDA_SUCCESS) return;
  const char* name = nullptr;
  const char* text = nullptr;
  cuGetErrorName(result, &name);
  cuGetErrorString(result, &text);
  throw std::runtime_error(std::string(what) + ": " + (name ? name : "?") + " (" +
                           (text ? text : "no description") + ")");
}

int attribute(CUdevice device, CUdevice_attribute which) {
  int value = 0;
  check(cuDeviceGetAttribute(&value, which, device), "cuDeviceGetAttribute");
  return value;
}

}  // namespace

CudaDevice::CudaDevice(int ordinal, const std::vector<std::string>& modules, int carveout)
    : carveout_(carveout) {
  check(cuInit(0), "cuInit");
  check(cuDeviceGet(&device_, ordinal), "cuDeviceGet");
  check(cuDevicePrimaryCtxRetain(&context_, device_), "cuDevicePrimaryCtxRetain");
  check(cuCtxSetCurrent(context_), "cuCtxSetCurrent");
  for (const std::string& path : modules) {
    CUmodule module = nullptr;
    check(cuModuleLoad(&module, path.c_str()), ("cuModuleLoad " + path).c_str());
    modules_.push_back(module);
  }
  char name[256] = {};
  check(cuDeviceGetName(name, sizeof name, device_), "cuDeviceGetName");
  info_.name = name;
  info_.sm_count = attribute(device_, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
  info_.compute_major = attribute(device_, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
  info_.compute_minor = attribute(device_, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
  info_.core_mhz = attribute(device_, CU_DEVICE_ATTRIBUTE_CLOCK_RATE) / 1000.0;  // kHz
  std::size_t global = 0;
  check(cuDeviceTotalMem(&global, device_), "cuDeviceTotalMem");
  info_.global_bytes = global;
  info_.l2_bytes = attribute(device_, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
  info_.shared_per_block =
      attribute(device_, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
  info_.shared_per_sm =
      attribute(device_, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR);
  info_.max_threads_per_sm = attribute(device_, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR);
  info_.max_threads_per_block = attribute(device_, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  info_.max_blocks_per_sm = attribute(device_, CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR);
}

CudaDevice::~CudaDevice() {
  for (CUtexObject texture : textures_) cuTexObjectDestroy(texture);
  for (CUmodule module : modules_) cuModuleUnload(module);
  if (context_ != nullptr) cuDevicePrimaryCtxRelease(device_);
}

std::uint64_t CudaDevice::alloc(std::uint64_t bytes) {
  CUdeviceptr address = 0;
  check(cuMemAlloc(&address, bytes), "cuMemAlloc");
  check(cuMemsetD8(address, 0, bytes), "cuMemsetD8");
  return address;
}

void CudaDevice::free(std::uint64_t address) { check(cuMemFree(address), "cuMemFree"); }

void CudaDevice::write(std::uint64_t address, const void* data, std::uint64_t bytes) {
  check(cuMemcpyHtoD(address, data, bytes), "cuMemcpyHtoD");
}

void CudaDevice::read(void* data, std::uint64_t address, std::uint64_t bytes) {
  check(cuMemcpyDtoH(data, address, bytes), "cuMemcpyDtoH");
}

std::uint64_t CudaDevice::linear_texture(std::uint64_t address, std::uint64_t bytes) {
  CUDA_RESOURCE_DESC resource{};
  resource.resType = CU_RESOURCE_TYPE_LINEAR;
  resource.res.linear.devPtr = address;
  resource.res.linear.format = CU_AD_FORMAT_UNSIGNED_INT32;
  resource.res.linear.numChannels = 1;
  resource.res.linear.sizeInBytes = bytes;
  CUDA_TEXTURE_DESC texture{};
  texture.flags = CU_TRSF_READ_AS_INTEGER;
  CUtexObject object = 0;
  check(cuTexObjectCreate(&object, &resource, &texture, nullptr), "cuTexObjectCreate");
  textures_.push_back(object);
  return object;
}

CUfunction CudaDevice::find(const std::string& kernel) {
  for (CUmodule module : modules_) {
    CUfunction function = nullptr;
    if (cuModuleGetFunction(&function, module, kernel.c_str()) == CUDA_SUCCESS) return function;
  }
  throw std::runtime_error("no microbenchmark kernel named '" + kernel + "' in the modules");
}

void CudaDevice::set_carveout(CUfunction function, std::uint32_t dynamic_shared) {
  if (carveout_ == kDriverCarveout || info_.shared_per_sm == 0) return;
  int percent = carveout_;
  if (carveout_ == kSmallestCarveout) {
    int static_shared = 0;
    check(cuFuncGetAttribute(&static_shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, function),
          "cuFuncGetAttribute");
    // The driver rounds a percentage up to the next carve-out it supports.
    const std::uint64_t bytes =
        std::uint64_t{dynamic_shared} + static_cast<std::uint64_t>(static_shared);
    percent = static_cast<int>((bytes * 100 + info_.shared_per_sm - 1) / info_.shared_per_sm);
  }
  check(cuFuncSetAttribute(function, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
                           std::min(percent, 100)),
        "cuFuncSetAttribute (carve-out)");
}

double CudaDevice::launch(const Launch& launch) {
  CUfunction function = find(launch.kernel);
  if (launch.dynamic_shared > 48 * 1024) {
    check(cuFuncSetAttribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                             static_cast<int>(launch.dynamic_shared)),
          "cuFuncSetAttribute");
  }
  set_carveout(function, launch.dynamic_shared);
  std::vector<std::uint64_t> values = launch.args;
  std::vector<void*> params;
  for (std::uint64_t& value : values) params.push_back(&value);
  CUevent start = nullptr;
  CUevent stop = nullptr;
  check(cuEventCreate(&start, CU_EVENT_DEFAULT), "cuEventCreate");
  check(cuEventCreate(&stop, CU_EVENT_DEFAULT), "cuEventCreate");
  check(cuEventRecord(start, nullptr), "cuEventRecord");
  check(cuLaunchKernel(function, launch.grid[0], launch.grid[1], launch.grid[2], launch.block[0],
                       launch.block[1], launch.block[2], launch.dynamic_shared, nullptr,
                       params.data(), nullptr),
        ("cuLaunchKernel " + launch.kernel).c_str());
  check(cuEventRecord(stop, nullptr), "cuEventRecord");
  check(cuEventSynchronize(stop), ("kernel " + launch.kernel).c_str());
  float ms = 0;
  check(cuEventElapsedTime(&ms, start, stop), "cuEventElapsedTime");
  cuEventDestroy(start);
  cuEventDestroy(stop);
  return static_cast<double>(ms) * 1e3 * info_.core_mhz;  // microseconds x cycles/microsecond
}

}  // namespace warpsim::probe
