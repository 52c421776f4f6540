// Cooperative and extensible launches: cudaLaunchCooperativeKernel and cudaLaunchKernelExC.
// Both check what they add to a launch and then launch as cudaLaunchKernel does.
//
// A cooperative grid must fit on the device at once: no more blocks than the occupancy
// calculation lets every SM hold together. Of the launch attributes, the scheduling and caching
// hints (priority, access policy window, memory sync domains, carveout, programmatic stream
// serialization, NVLink scheduling) are accepted and change nothing, since a functional launch
// runs to completion in order; cooperative launches and completion events are honored; clusters
// of more than one block are refused (cudaErrorNotSupported), because every block is simulated
// as a cluster of its own; stream-only and graph-only attributes are invalid for a launch.

#include <cstdint>
#include <vector>

// runtime.h first: it brings in the standard headers that must precede the CUDA headers' macros.
#include "runtime/runtime.h"

#include "runtime/occupancy.h"

namespace warpsim::runtime {
namespace {

struct ExtraOptions {
  bool cooperative = false;
  std::vector<cudaEvent_t> completion_events;  // recorded when the kernel has finished
};

std::uint64_t volume(dim3 d) { return std::uint64_t{d.x} * d.y * d.z; }

cudaError_t check_cooperative(Runtime& rt, const void* func, dim3 grid, dim3 block,
                              std::size_t shared) {
  const func::FunctionCode* kernel = rt.code().find_launchable(func);
  if (kernel == nullptr) return cudaErrorInvalidDeviceFunction;
  const cudaDeviceProp& p = rt.properties();
  if (p.cooperativeLaunch == 0) return cudaErrorNotSupported;
  // A block the device cannot run at all is the plain launch's error to report.
  if (volume(block) == 0 || volume(block) > static_cast<std::uint64_t>(p.maxThreadsPerBlock)) {
    return cudaSuccess;
  }
  const int per_sm = max_active_blocks(rt.gpu(), kernel_limits(rt, *kernel),
                                       static_cast<int>(volume(block)), shared);
  if (per_sm == 0) return cudaSuccess;
  const std::uint64_t resident = std::uint64_t(per_sm) * p.multiProcessorCount;
  return volume(grid) > resident ? cudaErrorCooperativeLaunchTooLarge : cudaSuccess;
}

cudaError_t single_block_cluster(unsigned x, unsigned y, unsigned z) {
  if (x == 0 || y == 0 || z == 0) return cudaErrorInvalidValue;
  return x == 1 && y == 1 && z == 1 ? cudaSuccess : cudaErrorNotSupported;
}

cudaError_t read_attribute(Runtime& rt, const cudaLaunchAttribute& a, ExtraOptions& out) {
  switch (a.id) {
    case cudaLaunchAttributeIgnore:
    case cudaLaunchAttributeAccessPolicyWindow:
    case cudaLaunchAttributeClusterSchedulingPolicyPreference:
    case cudaLaunchAttributeProgrammaticStreamSerialization:
    case cudaLaunchAttributePriority:
    case cudaLaunchAttributeMemSyncDomainMap:
    case cudaLaunchAttributeMemSyncDomain:
    case cudaLaunchAttributePreferredSharedMemoryCarveout:
    case cudaLaunchAttributeNvlinkUtilCentricScheduling:
      return cudaSuccess;
    case cudaLaunchAttributeCooperative:
      out.cooperative = a.val.cooperative != 0;
      return cudaSuccess;
    case cudaLaunchAttributeClusterDimension:
      return single_block_cluster(a.val.clusterDim.x, a.val.clusterDim.y, a.val.clusterDim.z);
    case cudaLaunchAttributePreferredClusterDimension:
      return single_block_cluster(a.val.preferredClusterDim.x, a.val.preferredClusterDim.y,
                                  a.val.preferredClusterDim.z);
    case cudaLaunchAttributeProgrammaticEvent:
    case cudaLaunchAttributeLaunchCompletionEvent: {
      const cudaEvent_t event = a.id == cudaLaunchAttributeProgrammaticEvent
                                    ? a.val.programmaticEvent.event
                                    : a.val.launchCompletionEvent.event;
      if (rt.handles().events.find(event) == nullptr) return cudaErrorInvalidResourceHandle;
      out.completion_events.push_back(event);
      return cudaSuccess;
    }
    default:  // synchronization policy (streams only), device-updatable nodes (graphs only)
      return cudaErrorInvalidValue;
  }
}

cudaError_t read_config(Runtime& rt, const cudaLaunchConfig_t* config, ExtraOptions& out) {
  if (config == nullptr || (config->numAttrs != 0 && config->attrs == nullptr)) {
    return cudaErrorInvalidValue;
  }
  for (unsigned i = 0; i < config->numAttrs; ++i) {
    if (cudaError_t error = read_attribute(rt, config->attrs[i], out); error != cudaSuccess) {
      return error;
    }
  }
  return cudaSuccess;
}

}  // namespace
}  // namespace warpsim::runtime

using warpsim::runtime::api_call_without_sync;
using warpsim::runtime::Runtime;

extern "C" {

cudaError_t cudaLaunchCooperativeKernel(const void* func, dim3 gridDim, dim3 blockDim, void** args,
                                        size_t sharedMem, cudaStream_t stream) {
  const cudaError_t status = api_call_without_sync([&](Runtime& rt) {
    return warpsim::runtime::check_cooperative(rt, func, gridDim, blockDim, sharedMem);
  });
  if (status != cudaSuccess) return status;
  // Every block of a cooperative grid is resident at once, as the hardware guarantees, so that
  // grid-wide synchronization (cooperative groups' grid.sync()) can complete.
  Runtime& rt = Runtime::instance();
  std::lock_guard<std::recursive_mutex> lock(rt.mutex());
  const std::uint32_t resident = rt.device().options().resident_ctas;
  rt.device().set_resident_ctas(gridDim.x * gridDim.y * gridDim.z);  // fits: checked above
  const cudaError_t result = cudaLaunchKernel(func, gridDim, blockDim, args, sharedMem, stream);
  rt.device().set_resident_ctas(resident);
  return result;
}

cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t* config, const void* func, void** args) {
  warpsim::runtime::ExtraOptions options;
  const cudaError_t status = api_call_without_sync(
      [&](Runtime& rt) { return warpsim::runtime::read_config(rt, config, options); });
  if (status != cudaSuccess) return status;
  const cudaError_t launched =
      options.cooperative
          ? cudaLaunchCooperativeKernel(func, config->gridDim, config->blockDim, args,
                                        config->dynamicSmemBytes, config->stream)
          : cudaLaunchKernel(func, config->gridDim, config->blockDim, args,
                             config->dynamicSmemBytes, config->stream);
  if (launched != cudaSuccess) return launched;
  for (cudaEvent_t event : options.completion_events) cudaEventRecord(event, config->stream);
  return cudaSuccess;
}

}  // extern "C"
