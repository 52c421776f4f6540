// Managed memory and pointer queries. Managed memory is host memory mapped at its device address
// (func::DeviceMemory's host mapping): host and kernels share the pointer and the bytes, so it
// never migrates. cudaMemPrefetchAsync and cudaMemAdvise therefore check their arguments as CUDA
// does and otherwise have no effect: they only ever change where pages live, never what a
// program reads.

#include "runtime/runtime.h"

namespace warpsim::runtime {
namespace {

// The managed allocation holding [pointer, pointer + count), or nullptr.
const func::Allocation* managed_range(Runtime& rt, const void* pointer, std::size_t count) {
  const func::Allocation* a = rt.device().memory().find(device_address(pointer), count);
  return a != nullptr && a->is_managed() ? a : nullptr;
}

// A location prefetches and advice may name: device 0 or the host (its one NUMA node, 0).
// Prefetching to a device and mapping it for access need the device's concurrentManagedAccess.
cudaError_t check_location(Runtime& rt, const cudaMemLocation& location, bool needs_concurrent) {
  switch (location.type) {
    case cudaMemLocationTypeDevice:
      if (location.id != 0) return cudaErrorInvalidDevice;
      if (needs_concurrent && rt.properties().concurrentManagedAccess == 0) {
        return cudaErrorInvalidDevice;
      }
      return cudaSuccess;
    case cudaMemLocationTypeHost:
    case cudaMemLocationTypeHostNumaCurrent:
      return cudaSuccess;  // the id is ignored
    case cudaMemLocationTypeHostNuma:
      return location.id == 0 ? cudaSuccess : cudaErrorInvalidValue;
    default:
      return cudaErrorInvalidValue;
  }
}

void describe(Runtime& rt, const void* ptr, cudaPointerAttributes& out) {
  out = {};
  out.device = 0;
  func::DeviceMemory& memory = rt.device().memory();
  if (const func::Allocation* a = memory.find(device_address(ptr))) {
    out.devicePointer = const_cast<void*>(ptr);
    switch (a->kind) {
      case func::AllocationKind::kManaged:
      case func::AllocationKind::kManagedVar:
        out.type = cudaMemoryTypeManaged;
        if (a->host_mapped) out.hostPointer = const_cast<void*>(ptr);
        break;
      case func::AllocationKind::kPinnedHost:
        out.type = cudaMemoryTypeHost;
        out.hostPointer = const_cast<void*>(ptr);
        break;
      case func::AllocationKind::kRegisteredHost:
        out.type = cudaMemoryTypeHost;
        out.hostPointer = a->bytes.get() + (device_address(ptr) - a->base);
        break;
      default:
        out.type = cudaMemoryTypeDevice;
        break;
    }
  } else if (const func::Allocation* r = memory.find_registered(ptr)) {
    out.type = cudaMemoryTypeHost;
    out.hostPointer = const_cast<void*>(ptr);
    const auto offset =
        static_cast<std::size_t>(static_cast<const std::uint8_t*>(ptr) - r->bytes.get());
    out.devicePointer = device_pointer(r->base + offset);
  } else {
    // CUDA 11 on: the program's own memory is no error. The device cannot reach it (no
    // pageableMemoryAccess); the host pointer is passed back unchecked, as CUDA does.
    out.type = cudaMemoryTypeUnregistered;
    out.device = cudaInvalidDeviceId;
    out.hostPointer = const_cast<void*>(ptr);
  }
}

bool valid_advice(cudaMemoryAdvise advice) {
  return advice >= cudaMemAdviseSetReadMostly && advice <= cudaMemAdviseUnsetAccessedBy;
}

// The advice that name a processor; the others ignore `location`.
bool advice_takes_location(cudaMemoryAdvise advice) {
  return advice == cudaMemAdviseSetPreferredLocation || advice == cudaMemAdviseSetAccessedBy ||
         advice == cudaMemAdviseUnsetAccessedBy;
}

}  // namespace
}  // namespace warpsim::runtime

using warpsim::runtime::api_call;
using warpsim::runtime::Runtime;

extern "C" {

cudaError_t cudaMallocManaged(void** devPtr, size_t size, unsigned int flags) {
  return api_call([&](Runtime& rt) {
    if (devPtr == nullptr || size == 0) return cudaErrorInvalidValue;
    if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost) return cudaErrorInvalidValue;
    *devPtr = nullptr;
    const warpsim::Addr base = rt.device().memory().allocate(
        size, warpsim::func::AllocationKind::kManaged, {}, 256, flags);
    *devPtr = warpsim::runtime::device_pointer(base);
    return cudaSuccess;
  });
}

cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attributes, const void* ptr) {
  return api_call([&](Runtime& rt) {
    if (attributes == nullptr) return cudaErrorInvalidValue;
    warpsim::runtime::describe(rt, ptr, *attributes);
    return cudaSuccess;
  });
}

// Functional mode: validated, then nothing to do (see the top of this file).
cudaError_t cudaMemPrefetchAsync(const void* devPtr, size_t count, cudaMemLocation location,
                                 unsigned int flags, cudaStream_t stream) {
  return api_call([&](Runtime& rt) {
    if (flags != 0 || count == 0) return cudaErrorInvalidValue;
    if (!rt.handles().valid_stream(stream)) return cudaErrorInvalidResourceHandle;
    if (warpsim::runtime::managed_range(rt, devPtr, count) == nullptr) {
      return cudaErrorInvalidValue;
    }
    return warpsim::runtime::check_location(rt, location, true);
  });
}

// Functional mode: validated, then nothing to do (see the top of this file).
cudaError_t cudaMemAdvise(const void* devPtr, size_t count, cudaMemoryAdvise advice,
                          cudaMemLocation location) {
  return api_call([&](Runtime& rt) {
    if (!warpsim::runtime::valid_advice(advice) || count == 0) return cudaErrorInvalidValue;
    if (warpsim::runtime::managed_range(rt, devPtr, count) == nullptr) {
      return cudaErrorInvalidValue;
    }
    if (!warpsim::runtime::advice_takes_location(advice)) return cudaSuccess;
    return warpsim::runtime::check_location(rt, location,
                                            advice != cudaMemAdviseSetPreferredLocation);
  });
}

}  // extern "C"
