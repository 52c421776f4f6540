// A stand-in for libcuda.so.1 on warpsim's functional model, for testing the native programs of
// microbench/native where there is no GPU: the CUDA driver API entry points that
// warpsim-workloads-native loads (microbench/native/cuda_driver.h), on one func::Device. Modules
// are PTX text only (the runner's --ptx, e.g. ptx/sm_90); launches run to completion at once;
// streams are one. Errors come back as CUresults, as from the real driver. Test
// Microbench.WorkloadsNativeOnSimulator points $WARPSIM_LIBCUDA here and runs every workload
// through the native Host, which the real driver can only check on a GPU.

#include <cuda.h>

#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "func/device.h"
#include "func/exec_error.h"
#include "func/loaded_module.h"
#include "func/program.h"
#include "ptx/ir.h"

namespace {

struct Driver {
  bool initialized = false;
  std::unique_ptr<warpsim::func::Device> device;
  // A sticky error, as a faulted context's: every later call returns it.
  CUresult sticky = CUDA_SUCCESS;
};

Driver& state() {
  static Driver d;
  return d;
}

CUresult ready() {
  Driver& d = state();
  if (!d.initialized) return CUDA_ERROR_NOT_INITIALIZED;
  return d.sticky;
}

warpsim::func::Device& device() { return *state().device; }

const warpsim::func::FunctionCode* code(CUfunction f) {
  return reinterpret_cast<const warpsim::func::FunctionCode*>(f);
}

struct Name {
  CUresult result;
  const char* name;
  const char* text;
};
constexpr Name kNames[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED", "initialization error"},
    {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE", "invalid device ordinal"},
    {CUDA_ERROR_INVALID_IMAGE, "CUDA_ERROR_INVALID_IMAGE", "device kernel image is invalid"},
    {CUDA_ERROR_INVALID_PTX, "CUDA_ERROR_INVALID_PTX", "a PTX JIT compilation failed"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED", "unspecified launch failure"},
    {CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"},
};

}  // namespace

extern "C" {

CUresult CUDAAPI cuInit(unsigned int) {
  Driver& d = state();
  if (!d.initialized) {
    d.device = std::make_unique<warpsim::func::Device>();
    d.initialized = true;
  }
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDriverGetVersion(int* version) {
  *version = CUDA_VERSION;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetCount(int* count) {
  if (CUresult r = ready()) return r;
  *count = 1;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGet(CUdevice* device, int ordinal) {
  if (CUresult r = ready()) return r;
  if (ordinal != 0) return CUDA_ERROR_INVALID_DEVICE;
  *device = 0;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetName(char* name, int length, CUdevice) {
  std::strncpy(name, "warpsim functional model", static_cast<std::size_t>(length));
  if (length > 0) name[length - 1] = 0;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetAttribute(int* value, CUdevice_attribute attribute, CUdevice) {
  switch (attribute) {
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
      *value = 9;
      break;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
      *value = 0;
      break;
    case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
      *value = 1;
      break;
    case CU_DEVICE_ATTRIBUTE_CLOCK_RATE:
      *value = 1000000;
      break;
    default:
      *value = 0;
  }
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceTotalMem(size_t* bytes, CUdevice) {
  *bytes = std::size_t{1} << 32;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDevicePrimaryCtxRetain(CUcontext* context, CUdevice) {
  if (CUresult r = ready()) return r;
  *context = reinterpret_cast<CUcontext>(&state());
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDevicePrimaryCtxRelease(CUdevice) { return CUDA_SUCCESS; }
CUresult CUDAAPI cuCtxSetCurrent(CUcontext) { return ready(); }
CUresult CUDAAPI cuCtxSynchronize(void) { return ready(); }

CUresult CUDAAPI cuModuleLoadData(CUmodule* module, const void* image) {
  if (CUresult r = ready()) return r;
  const char* text = static_cast<const char*>(image);
  if (std::strstr(text, ".version") == nullptr) return CUDA_ERROR_INVALID_IMAGE;  // not PTX
  try {
    *module = reinterpret_cast<CUmodule>(
        const_cast<warpsim::func::LoadedModule*>(&device().load_module(text, "module.ptx")));
  } catch (const std::exception&) {
    return CUDA_ERROR_INVALID_PTX;
  }
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleUnload(CUmodule) { return CUDA_SUCCESS; }

CUresult CUDAAPI cuModuleGetFunction(CUfunction* function, CUmodule module, const char* name) {
  if (CUresult r = ready()) return r;
  const auto* loaded = reinterpret_cast<const warpsim::func::LoadedModule*>(module);
  const warpsim::func::FunctionCode* kernel = loaded->find_kernel(name);
  if (kernel == nullptr) return CUDA_ERROR_NOT_FOUND;
  *function = reinterpret_cast<CUfunction>(const_cast<warpsim::func::FunctionCode*>(kernel));
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuFuncGetParamInfo(CUfunction function, size_t index, size_t* offset,
                                    size_t* size) {
  const auto& params = code(function)->ir->params;
  if (index >= params.size()) return CUDA_ERROR_INVALID_VALUE;
  std::size_t at = 0;
  for (std::size_t i = 0; i <= index; ++i) {
    const std::size_t bytes = params[i].size_bytes();
    const std::size_t align = bytes >= 8 ? 8 : (bytes == 0 ? 1 : bytes);
    at = (at + align - 1) / align * align;
    if (i == index) {
      *offset = at;
      *size = bytes;
    }
    at += bytes;
  }
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuFuncSetAttribute(CUfunction, CUfunction_attribute, int) { return ready(); }

CUresult CUDAAPI cuMemAlloc(CUdeviceptr* ptr, size_t bytes) {
  if (CUresult r = ready()) return r;
  if (bytes == 0) return CUDA_ERROR_INVALID_VALUE;
  *ptr = device().malloc(bytes);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemFree(CUdeviceptr ptr) {
  if (CUresult r = ready()) return r;
  return device().free(ptr) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult CUDAAPI cuMemsetD8(CUdeviceptr ptr, unsigned char value, size_t bytes) {
  if (CUresult r = ready()) return r;
  try {
    device().memory().fill(ptr, value, bytes);
  } catch (const std::exception&) {
    return CUDA_ERROR_INVALID_VALUE;
  }
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemcpyHtoD(CUdeviceptr dst, const void* src, size_t bytes) {
  if (CUresult r = ready()) return r;
  try {
    device().memory().write(dst, src, bytes);
  } catch (const std::exception&) {
    return CUDA_ERROR_INVALID_VALUE;
  }
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemcpyDtoH(void* dst, CUdeviceptr src, size_t bytes) {
  if (CUresult r = ready()) return r;
  try {
    device().memory().read(src, dst, bytes);
  } catch (const std::exception&) {
    return CUDA_ERROR_INVALID_VALUE;
  }
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuLaunchKernel(CUfunction function, unsigned int gx, unsigned int gy,
                                unsigned int gz, unsigned int bx, unsigned int by, unsigned int bz,
                                unsigned int shared, CUstream, void** params, void** extra) {
  if (CUresult r = ready()) return r;
  if (extra != nullptr) return CUDA_ERROR_INVALID_VALUE;
  const warpsim::func::FunctionCode* kernel = code(function);
  std::vector<const void*> args(params, params + kernel->ir->params.size());
  const warpsim::func::LaunchConfig config{{gx, gy, gz}, {bx, by, bz}, shared};
  try {
    device().launch(*kernel, config, args);
  } catch (const warpsim::func::LaunchError&) {
    return CUDA_ERROR_INVALID_VALUE;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "sim_libcuda: %s\n", e.what());
    state().sticky = CUDA_ERROR_LAUNCH_FAILED;
  }
  return CUDA_SUCCESS;  // a kernel's fault surfaces at the next synchronizing call
}

CUresult CUDAAPI cuStreamCreate(CUstream* stream, unsigned int) {
  if (CUresult r = ready()) return r;
  *stream = reinterpret_cast<CUstream>(&state());
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamDestroy(CUstream) { return CUDA_SUCCESS; }

CUresult CUDAAPI cuGetErrorName(CUresult result, const char** name) {
  for (const Name& n : kNames) {
    if (n.result == result) {
      *name = n.name;
      return CUDA_SUCCESS;
    }
  }
  return CUDA_ERROR_INVALID_VALUE;
}

CUresult CUDAAPI cuGetErrorString(CUresult result, const char** text) {
  for (const Name& n : kNames) {
    if (n.result == result) {
      *text = n.text;
      return CUDA_SUCCESS;
    }
  }
  return CUDA_ERROR_INVALID_VALUE;
}

}  // extern "C"
