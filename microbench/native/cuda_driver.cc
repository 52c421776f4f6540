#include "microbench/native/cuda_driver.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>

namespace warpsim::native {
namespace {

#define WARPSIM_STRING(x) #x
#define WARPSIM_EXPANDED_STRING(x) WARPSIM_STRING(x)

template <typename Fn>
void load(void* library, const char* symbol, Fn& fn, const std::string& path) {
  fn = reinterpret_cast<Fn>(dlsym(library, symbol));
  if (fn == nullptr) {
    throw NoDevice("no usable CUDA driver: " + path + " lacks " + symbol +
                   " (a driver older than the CUDA 12 API?)");
  }
}

CudaDriver load_driver() {
  CudaDriver d;
  const char* chosen = std::getenv("WARPSIM_LIBCUDA");
  d.library = chosen != nullptr && *chosen != 0 ? chosen : "libcuda.so.1";
  void* library = dlopen(d.library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) {
    const char* why = dlerror();
    throw NoDevice("no CUDA driver: cannot load " + d.library + " (" +
                   (why != nullptr ? why : "dlopen failed") +
                   "); the native workloads run only where NVIDIA's driver is installed");
  }
#define WARPSIM_CUDA_DRIVER_LOAD(name) \
  load(library, WARPSIM_EXPANDED_STRING(name), d.name, d.library);
  WARPSIM_CUDA_DRIVER_FUNCTIONS(WARPSIM_CUDA_DRIVER_LOAD)
#undef WARPSIM_CUDA_DRIVER_LOAD
  d.cuFuncGetParamInfo =
      reinterpret_cast<decltype(d.cuFuncGetParamInfo)>(dlsym(library, "cuFuncGetParamInfo"));
  return d;  // the library stays loaded for the process's life
}

// Names for the errors a driver that cannot name them (a stub library, a failed cuInit) may
// return before anything else works.
const char* known_error(CUresult result) {
  switch (result) {
    case CUDA_ERROR_INVALID_VALUE:
      return "CUDA_ERROR_INVALID_VALUE: invalid argument";
    case CUDA_ERROR_OUT_OF_MEMORY:
      return "CUDA_ERROR_OUT_OF_MEMORY: out of memory";
    case CUDA_ERROR_NOT_INITIALIZED:
      return "CUDA_ERROR_NOT_INITIALIZED: initialization error";
    case CUDA_ERROR_STUB_LIBRARY:
      return "CUDA_ERROR_STUB_LIBRARY: CUDA driver is a stub library";
    case CUDA_ERROR_DEVICE_UNAVAILABLE:
      return "CUDA_ERROR_DEVICE_UNAVAILABLE: CUDA-capable device(s) is/are busy or unavailable";
    case CUDA_ERROR_NO_DEVICE:
      return "CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected";
    case CUDA_ERROR_INVALID_DEVICE:
      return "CUDA_ERROR_INVALID_DEVICE: invalid device ordinal";
    case CUDA_ERROR_SYSTEM_DRIVER_MISMATCH:
      return "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH: system has unsupported display driver / cuda "
             "driver combination";
    case CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE:
      return "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE: forward compatibility was attempted on "
             "non supported HW";
    case CUDA_ERROR_UNKNOWN:
      return "CUDA_ERROR_UNKNOWN: unknown error";
    default:
      return nullptr;
  }
}

}  // namespace

const CudaDriver& driver() {
  static const CudaDriver loaded = load_driver();
  return loaded;
}

std::string error_text(CUresult result) {
  const char* name = nullptr;
  const char* text = nullptr;
  const CudaDriver& d = driver();
  if (d.cuGetErrorName(result, &name) == CUDA_SUCCESS && name != nullptr &&
      d.cuGetErrorString(result, &text) == CUDA_SUCCESS && text != nullptr) {
    return std::string(name) + ": " + text;
  }
  if (const char* known = known_error(result)) return known;
  return "CUDA error " + std::to_string(static_cast<int>(result));
}

void check(CUresult result, const std::string& what) {
  if (result == CUDA_SUCCESS) return;
  throw DriverError(what + ": " + error_text(result), result);
}

CudaContext::CudaContext(int ordinal) {
  const CudaDriver& d = driver();
  auto require = [](CUresult result, const std::string& call) {
    if (result != CUDA_SUCCESS) {
      throw NoDevice("no CUDA device: " + call + " returned " +
                     std::to_string(static_cast<int>(result)) + " (" + error_text(result) + ")");
    }
  };
  require(d.cuInit(0), "cuInit");
  require(d.cuDeviceGet(&device_, ordinal), "cuDeviceGet(" + std::to_string(ordinal) + ")");
  require(d.cuDevicePrimaryCtxRetain(&context_, device_), "cuDevicePrimaryCtxRetain");
  check(d.cuCtxSetCurrent(context_), "cuCtxSetCurrent");
}

CudaContext::~CudaContext() {
  if (context_ != nullptr) driver().cuDevicePrimaryCtxRelease(device_);
}

int CudaContext::attribute(CUdevice_attribute which) const {
  int value = 0;
  check(driver().cuDeviceGetAttribute(&value, which, device_), "cuDeviceGetAttribute");
  return value;
}

std::string CudaContext::arch() const {
  return "sm_" + std::to_string(attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)) +
         std::to_string(attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR));
}

std::string CudaContext::describe() const {
  const CudaDriver& d = driver();
  char name[256] = {};
  check(d.cuDeviceGetName(name, sizeof name, device_), "cuDeviceGetName");
  std::size_t bytes = 0;
  check(d.cuDeviceTotalMem(&bytes, device_), "cuDeviceTotalMem");
  int version = 0;
  check(d.cuDriverGetVersion(&version), "cuDriverGetVersion");
  char line[512];
  std::snprintf(
      line, sizeof line, "%s, %s, %d SMs, %.1f GiB, %d MHz max SM clock, driver API %d.%d (%s)",
      name, arch().c_str(), attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT),
      static_cast<double>(bytes) / (1 << 30), attribute(CU_DEVICE_ATTRIBUTE_CLOCK_RATE) / 1000,
      version / 1000, version % 1000 / 10, d.library.c_str());
  return line;
}

}  // namespace warpsim::native
