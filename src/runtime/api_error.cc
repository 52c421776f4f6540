// Error reporting: cudaGetLastError, cudaPeekAtLastError, cudaGetErrorName/String.

#include "runtime/runtime.h"

namespace {

struct ErrorText {
  cudaError_t code;
  const char* name;
  const char* description;
};

#define WARPSIM_ERROR(code, text) \
  { code, #code, text }

constexpr ErrorText kErrors[] = {
    WARPSIM_ERROR(cudaSuccess, "no error"),
    WARPSIM_ERROR(cudaErrorInvalidValue, "invalid argument"),
    WARPSIM_ERROR(cudaErrorMemoryAllocation, "out of memory"),
    WARPSIM_ERROR(cudaErrorInitializationError, "initialization error"),
    WARPSIM_ERROR(cudaErrorCudartUnloading, "driver shutting down"),
    WARPSIM_ERROR(cudaErrorInvalidConfiguration, "invalid configuration argument"),
    WARPSIM_ERROR(cudaErrorInvalidPitchValue, "invalid pitch argument"),
    WARPSIM_ERROR(cudaErrorInvalidSymbol, "invalid device symbol"),
    WARPSIM_ERROR(cudaErrorInvalidHostPointer, "invalid host pointer"),
    WARPSIM_ERROR(cudaErrorInvalidDevicePointer, "invalid device pointer"),
    WARPSIM_ERROR(cudaErrorInvalidTexture, "invalid texture reference"),
    WARPSIM_ERROR(cudaErrorInvalidChannelDescriptor, "invalid channel descriptor"),
    WARPSIM_ERROR(cudaErrorInvalidMemcpyDirection, "invalid copy direction for memcpy"),
    WARPSIM_ERROR(cudaErrorInvalidFilterSetting, "linear filtering not supported for format"),
    WARPSIM_ERROR(cudaErrorInvalidNormSetting, "read as normalized float not supported"),
    WARPSIM_ERROR(cudaErrorNotYetImplemented, "feature not yet implemented"),
    WARPSIM_ERROR(cudaErrorInsufficientDriver, "driver version is insufficient"),
    WARPSIM_ERROR(cudaErrorMissingConfiguration, "launch without configuration"),
    WARPSIM_ERROR(cudaErrorInvalidDeviceFunction, "invalid device function"),
    WARPSIM_ERROR(cudaErrorNoDevice, "no CUDA-capable device is detected"),
    WARPSIM_ERROR(cudaErrorInvalidDevice, "invalid device ordinal"),
    WARPSIM_ERROR(cudaErrorInvalidKernelImage, "device kernel image is invalid"),
    WARPSIM_ERROR(cudaErrorNoKernelImageForDevice, "no kernel image is available for the device"),
    WARPSIM_ERROR(cudaErrorInvalidPtx, "a PTX JIT compilation failed"),
    WARPSIM_ERROR(cudaErrorUnsupportedPtxVersion,
                  "the PTX was built with an unsupported toolchain"),
    WARPSIM_ERROR(cudaErrorInvalidResourceHandle, "invalid resource handle"),
    WARPSIM_ERROR(cudaErrorSymbolNotFound, "named symbol not found"),
    WARPSIM_ERROR(cudaErrorNotReady, "device not ready"),
    WARPSIM_ERROR(cudaErrorIllegalAddress, "an illegal memory access was encountered"),
    WARPSIM_ERROR(cudaErrorLaunchOutOfResources, "too many resources requested for launch"),
    WARPSIM_ERROR(cudaErrorLaunchTimeout, "the launch timed out and was terminated"),
    WARPSIM_ERROR(cudaErrorAssert, "device-side assert triggered"),
    WARPSIM_ERROR(cudaErrorHardwareStackError, "hardware stack error"),
    WARPSIM_ERROR(cudaErrorIllegalInstruction, "an illegal instruction was encountered"),
    WARPSIM_ERROR(cudaErrorMisalignedAddress, "misaligned address"),
    WARPSIM_ERROR(cudaErrorInvalidAddressSpace,
                  "operation not supported on global/shared address space"),
    WARPSIM_ERROR(cudaErrorInvalidPc, "invalid program counter"),
    WARPSIM_ERROR(cudaErrorLaunchFailure, "unspecified launch failure"),
    WARPSIM_ERROR(cudaErrorCooperativeLaunchTooLarge, "too many blocks in cooperative launch"),
    WARPSIM_ERROR(cudaErrorHostMemoryAlreadyRegistered,
                  "part or all of the requested memory range is already mapped"),
    WARPSIM_ERROR(cudaErrorHostMemoryNotRegistered,
                  "pointer does not correspond to a registered memory region"),
    WARPSIM_ERROR(cudaErrorUnsupportedLimit, "limit is not supported on this architecture"),
    WARPSIM_ERROR(cudaErrorNotPermitted, "operation not permitted"),
    WARPSIM_ERROR(cudaErrorNotSupported, "operation not supported"),
    WARPSIM_ERROR(cudaErrorUnknown, "unknown error"),
};

#undef WARPSIM_ERROR

const ErrorText* find_error(cudaError_t code) {
  for (const ErrorText& e : kErrors) {
    if (e.code == code) return &e;
  }
  return nullptr;
}

}  // namespace

extern "C" {

cudaError_t cudaGetLastError(void) {
  return warpsim::runtime::Runtime::instance().take_last_error();
}

cudaError_t cudaPeekAtLastError(void) {
  return warpsim::runtime::Runtime::instance().peek_last_error();
}

const char* cudaGetErrorName(cudaError_t error) {
  const ErrorText* e = find_error(error);
  return e != nullptr ? e->name : "unrecognized error code";
}

const char* cudaGetErrorString(cudaError_t error) {
  const ErrorText* e = find_error(error);
  return e != nullptr ? e->description : "unrecognized error code";
}

}  // extern "C"
