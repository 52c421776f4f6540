#pragma once

// The CUDA driver API, loaded at run time (dlopen of libcuda.so.1, or $WARPSIM_LIBCUDA) rather
// than linked: warpsim-workloads-native then starts on a machine without a GPU driver, lists its
// workloads there and says why it cannot run them, instead of failing in the loader. cuda.h
// gives the types and the prototypes; each entry point used is one member of CudaDriver, named
// as cuda.h names it after its macros (cuMemAlloc is cuMemAlloc_v2), so that
// `driver().cuMemAlloc(...)` reads like the plain call.

#include <cuda.h>

#include <stdexcept>
#include <string>

namespace warpsim::native {

// A CUDA driver call that failed: `what()` names the call, the error's name and description.
class DriverError : public std::runtime_error {
 public:
  DriverError(const std::string& message, CUresult code)
      : std::runtime_error(message), code_(code) {}
  CUresult code() const { return code_; }

 private:
  CUresult code_;
};

// No driver to load, or no device it can use (cuInit, cuDeviceGet): nothing can run here.
class NoDevice : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Every entry point the native workload runner calls.
#define WARPSIM_CUDA_DRIVER_FUNCTIONS(X)                                               \
  X(cuInit)                                                                            \
  X(cuDriverGetVersion)                                                                \
  X(cuDeviceGet) X(cuDeviceGetCount) X(cuDeviceGetName) X(cuDeviceGetAttribute)        \
      X(cuDeviceTotalMem) X(cuDevicePrimaryCtxRetain) X(cuDevicePrimaryCtxRelease)     \
          X(cuCtxSetCurrent) X(cuCtxSynchronize) X(cuModuleLoadData) X(cuModuleUnload) \
              X(cuModuleGetFunction) X(cuFuncSetAttribute) X(cuMemAlloc) X(cuMemFree)  \
                  X(cuMemsetD8) X(cuMemcpyHtoD) X(cuMemcpyDtoH) X(cuLaunchKernel)      \
                      X(cuStreamCreate) X(cuStreamDestroy) X(cuGetErrorName) X(cuGetErrorString)

struct CudaDriver {
#define WARPSIM_CUDA_DRIVER_MEMBER(name) decltype(&::name) name = nullptr;
  WARPSIM_CUDA_DRIVER_FUNCTIONS(WARPSIM_CUDA_DRIVER_MEMBER)
#undef WARPSIM_CUDA_DRIVER_MEMBER
  // Optional (CUDA 12.4 drivers and later): the kernel parameters' sizes, to check a launch's
  // arguments as the simulator's Host does. Null where the driver lacks it.
  decltype(&::cuFuncGetParamInfo) cuFuncGetParamInfo = nullptr;
  std::string library;  // what was loaded
};

// The driver, loaded on first use. Throws NoDevice when the library cannot be loaded or lacks
// an entry point.
const CudaDriver& driver();

// "NAME: description" for `result`, also where the driver cannot name it (a stub library).
std::string error_text(CUresult result);

// Throws DriverError "WHAT: NAME (description)" unless `result` is CUDA_SUCCESS.
void check(CUresult result, const std::string& what);

// The device the runner uses: cuInit, device `ordinal`, its primary context made current.
// Throws NoDevice naming the failing call and its error ("cuInit returned 100
// (CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected)").
class CudaContext {
 public:
  explicit CudaContext(int ordinal);
  ~CudaContext();
  CudaContext(const CudaContext&) = delete;
  CudaContext& operator=(const CudaContext&) = delete;

  // One line: the device's name, compute capability, SM count, memory and the driver's version.
  std::string describe() const;
  // "sm_90".
  std::string arch() const;

 private:
  int attribute(CUdevice_attribute which) const;

  CUdevice device_ = 0;
  CUcontext context_ = nullptr;
};

}  // namespace warpsim::native
