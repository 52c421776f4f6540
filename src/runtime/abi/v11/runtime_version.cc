// The runtime version this build of the library reports: CUDA 11.8, the newest release of the
// major version whose ABI it implements, so programs that check for features see them.

#include "runtime/runtime.h"

extern "C" cudaError_t cudaRuntimeGetVersion(int* version) {
  return warpsim::runtime::api_call([&](warpsim::runtime::Runtime&) {
    if (version == nullptr) return cudaErrorInvalidValue;
    *version = 11080;
    return cudaSuccess;
  });
}
