// Page-locked host memory. cudaMallocHost/cudaHostAlloc memory is host memory mapped at a device
// address (func::DeviceMemory's host mapping), so host and kernels use the same pointer, as CUDA
// promises under unified addressing whatever the flags. cudaHostRegister leaves the program's
// memory where it is and gives the device a distinct address for it, as CUDA does for registered
// memory on devices without canUseHostPointerForRegisteredMem; cudaHostGetDevicePointer finds it.

#include "runtime/runtime.h"

namespace warpsim::runtime {
namespace {

constexpr unsigned kHostAllocFlags =
    cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined;
constexpr unsigned kHostRegisterFlags = cudaHostRegisterPortable | cudaHostRegisterMapped |
                                        cudaHostRegisterIoMemory | cudaHostRegisterReadOnly;

cudaError_t host_alloc(Runtime& rt, void** out, std::size_t size, unsigned flags) {
  if (out == nullptr || (flags & ~kHostAllocFlags) != 0) return cudaErrorInvalidValue;
  *out = nullptr;
  if (size == 0) return cudaSuccess;
  const Addr base =
      rt.device().memory().allocate(size, func::AllocationKind::kPinnedHost, {}, 256, flags);
  *out = device_pointer(base);
  return cudaSuccess;
}

// The pinned allocation holding `pointer`, or nullptr.
const func::Allocation* pinned(Runtime& rt, const void* pointer) {
  const func::Allocation* a = rt.device().memory().find(device_address(pointer));
  return a != nullptr && a->kind == func::AllocationKind::kPinnedHost ? a : nullptr;
}

cudaError_t host_register(Runtime& rt, void* ptr, std::size_t size, unsigned flags) {
  if (ptr == nullptr || size == 0 || (flags & ~kHostRegisterFlags) != 0) {
    return cudaErrorInvalidValue;
  }
  // Memory-mapped I/O of another PCIe device has no meaning in a simulation.
  if ((flags & cudaHostRegisterIoMemory) != 0) return cudaErrorNotSupported;
  if ((flags & cudaHostRegisterReadOnly) != 0 &&
      rt.properties().hostRegisterReadOnlySupported == 0) {
    return cudaErrorNotSupported;
  }
  func::DeviceMemory& memory = rt.device().memory();
  const Addr start = device_address(ptr);
  for (const Addr end : {start, start + size - 1}) {
    if (const func::Allocation* a = memory.find(end)) {
      return a->is_host_memory() ? cudaErrorHostMemoryAlreadyRegistered : cudaErrorInvalidValue;
    }
  }
  if (memory.register_host(ptr, size, flags) == 0) return cudaErrorHostMemoryAlreadyRegistered;
  return cudaSuccess;
}

}  // namespace
}  // namespace warpsim::runtime

using warpsim::runtime::api_call;
using warpsim::runtime::Runtime;

extern "C" {

cudaError_t cudaMallocHost(void** ptr, size_t size) {
  return api_call([&](Runtime& rt) { return warpsim::runtime::host_alloc(rt, ptr, size, 0); });
}

cudaError_t cudaHostAlloc(void** pHost, size_t size, unsigned int flags) {
  return api_call(
      [&](Runtime& rt) { return warpsim::runtime::host_alloc(rt, pHost, size, flags); });
}

cudaError_t cudaFreeHost(void* ptr) {
  return api_call([&](Runtime& rt) {
    if (ptr == nullptr) return cudaSuccess;
    const warpsim::func::Allocation* a = warpsim::runtime::pinned(rt, ptr);
    if (a == nullptr || a->base != warpsim::runtime::device_address(ptr)) {
      return cudaErrorInvalidValue;
    }
    rt.device().memory().free(a->base);
    return cudaSuccess;
  });
}

cudaError_t cudaHostRegister(void* ptr, size_t size, unsigned int flags) {
  return api_call(
      [&](Runtime& rt) { return warpsim::runtime::host_register(rt, ptr, size, flags); });
}

cudaError_t cudaHostUnregister(void* ptr) {
  return api_call([&](Runtime& rt) {
    if (ptr == nullptr) return cudaErrorInvalidValue;
    auto& memory = rt.device().memory();
    const warpsim::func::Allocation* a = memory.find_registered(ptr);
    if (a == nullptr || a->bytes.get() != ptr) return cudaErrorHostMemoryNotRegistered;
    memory.free(a->base);
    return cudaSuccess;
  });
}

cudaError_t cudaHostGetDevicePointer(void** pDevice, void* pHost, unsigned int flags) {
  return api_call([&](Runtime& rt) {
    if (pDevice == nullptr || pHost == nullptr || flags != 0) return cudaErrorInvalidValue;
    if (warpsim::runtime::pinned(rt, pHost) != nullptr) {
      *pDevice = pHost;
      return cudaSuccess;
    }
    const warpsim::func::Allocation* a = rt.device().memory().find_registered(pHost);
    if (a == nullptr) return cudaErrorInvalidValue;
    const auto offset =
        static_cast<std::size_t>(static_cast<const std::uint8_t*>(pHost) - a->bytes.get());
    *pDevice = warpsim::runtime::device_pointer(a->base + offset);
    return cudaSuccess;
  });
}

// The flags the memory was allocated with; only cudaHostAlloc (and cudaMallocHost) memory has
// them, as CUDA documents.
cudaError_t cudaHostGetFlags(unsigned int* pFlags, void* pHost) {
  return api_call([&](Runtime& rt) {
    if (pFlags == nullptr) return cudaErrorInvalidValue;
    const warpsim::func::Allocation* a = warpsim::runtime::pinned(rt, pHost);
    if (a == nullptr) return cudaErrorInvalidValue;
    *pFlags = a->flags;
    return cudaSuccess;
  });
}

}  // extern "C"
