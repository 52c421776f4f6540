// Kernel attributes and occupancy: cudaFuncGetAttributes/SetAttribute/SetCacheConfig, the
// kernel's name and parameter layout, and the cudaOccupancy* calls. The numbers come from the
// kernel's decoded code (kernel_resources.h); registers and local memory per thread come from
// ptxas where it can assemble the kernel for the simulated GPU, else from an estimate
// (measured_resources.cc). The carveout and cache preferences are kept and reported but change
// nothing: the functional model has no L1/shared split.

#include "runtime/kernel_resources.h"
#include "runtime/occupancy.h"
#include "runtime/runtime.h"

namespace warpsim::runtime {
namespace {

const KernelResources& resources(Runtime& rt, const func::FunctionCode& kernel) {
  FunctionSettings& settings = rt.function_settings(kernel);
  if (!settings.resources) {
    const func::LoadedModule* module = module_of(rt.device(), kernel);
    settings.resources = module != nullptr ? measure_kernel(*module, kernel) : KernelResources{};
  }
  return *settings.resources;
}

// Until the program raises it, a kernel may use what is left of the 48 KiB every device offers
// a block after its static shared memory.
int max_dynamic_shared(Runtime& rt, const func::FunctionCode& kernel) {
  if (auto set = rt.function_settings(kernel).max_dynamic_shared) return *set;
  const std::size_t limit = rt.properties().sharedMemPerBlock;
  const std::size_t used = resources(rt, kernel).static_shared;
  return used >= limit ? 0 : static_cast<int>(limit - used);
}

void fill_attributes(Runtime& rt, const func::FunctionCode& kernel, cudaFuncAttributes& a) {
  const KernelResources& r = resources(rt, kernel);
  const FunctionSettings& s = rt.function_settings(kernel);
  const cudaDeviceProp& p = rt.properties();
  a = cudaFuncAttributes{};
  a.sharedSizeBytes = r.static_shared;
  a.constSizeBytes = r.const_bytes;
  const MeasuredResources& measured = measured_resources(rt, kernel);
  a.localSizeBytes = measured.local_bytes;
  a.numRegs = static_cast<int>(measured.registers);
  a.maxThreadsPerBlock = kernel_limits(rt, kernel).max_threads;
  // PTX is compiled for the simulated device when loaded, so the binary is the device's.
  a.binaryVersion = p.major * 10 + p.minor;
  a.ptxVersion = r.ptx_version != 0 ? r.ptx_version : a.binaryVersion;
  a.maxDynamicSharedSizeBytes = max_dynamic_shared(rt, kernel);
  a.preferredShmemCarveout = s.carveout;
  a.clusterDimMustBeSet = r.explicit_cluster ? 1 : 0;
  const bool compiled_cluster = r.cluster_dims[0] != 0;
  a.requiredClusterWidth = compiled_cluster ? r.cluster_dims[0] : s.cluster_dims[0];
  a.requiredClusterHeight = compiled_cluster ? r.cluster_dims[1] : s.cluster_dims[1];
  a.requiredClusterDepth = compiled_cluster ? r.cluster_dims[2] : s.cluster_dims[2];
  a.clusterSchedulingPolicyPreference = s.cluster_scheduling;
  a.nonPortableClusterSizeAllowed = s.non_portable_cluster_size;
}

// Clusters of more than one block are not simulated (every block is a cluster of its own), so a
// required cluster size above one is refused rather than silently ignored.
cudaError_t set_cluster_dim(Runtime& rt, const func::FunctionCode& kernel, int axis, int value) {
  if (resources(rt, kernel).cluster_dims[0] != 0) return cudaErrorNotPermitted;
  if (value < 0) return cudaErrorInvalidValue;
  if (value > 1) return cudaErrorNotSupported;
  rt.function_settings(kernel).cluster_dims[axis] = value;
  return cudaSuccess;
}

cudaError_t set_attribute(Runtime& rt, const func::FunctionCode& kernel, cudaFuncAttribute attr,
                          int value) {
  FunctionSettings& s = rt.function_settings(kernel);
  switch (attr) {
    case cudaFuncAttributeMaxDynamicSharedMemorySize: {
      const std::size_t used = resources(rt, kernel).static_shared;
      if (value < 0 || used + value > rt.properties().sharedMemPerBlockOptin) {
        return cudaErrorInvalidValue;
      }
      s.max_dynamic_shared = value;
      return cudaSuccess;
    }
    case cudaFuncAttributePreferredSharedMemoryCarveout:
      if (value < cudaSharedmemCarveoutDefault || value > cudaSharedmemCarveoutMaxShared) {
        return cudaErrorInvalidValue;
      }
      s.carveout = value;
      return cudaSuccess;
    case cudaFuncAttributeRequiredClusterWidth:
      return set_cluster_dim(rt, kernel, 0, value);
    case cudaFuncAttributeRequiredClusterHeight:
      return set_cluster_dim(rt, kernel, 1, value);
    case cudaFuncAttributeRequiredClusterDepth:
      return set_cluster_dim(rt, kernel, 2, value);
    case cudaFuncAttributeNonPortableClusterSizeAllowed:
      if (value != 0 && value != 1) return cudaErrorInvalidValue;
      s.non_portable_cluster_size = value;
      return cudaSuccess;
    case cudaFuncAttributeClusterSchedulingPolicyPreference:
      if (value < cudaClusterSchedulingPolicyDefault ||
          value > cudaClusterSchedulingPolicyLoadBalancing) {
        return cudaErrorInvalidValue;
      }
      s.cluster_scheduling = value;
      return cudaSuccess;
    default:  // cudaFuncAttributeClusterDimMustBeSet is read-only
      return cudaErrorInvalidValue;
  }
}

}  // namespace

KernelLimits kernel_limits(Runtime& rt, const func::FunctionCode& kernel) {
  const KernelResources& r = resources(rt, kernel);
  KernelLimits limits;
  limits.registers = measured_resources(rt, kernel).registers;
  limits.static_shared = r.static_shared;
  limits.max_dynamic_shared = max_dynamic_shared(rt, kernel);
  limits.max_threads = max_threads_per_block(rt.gpu(), limits.registers, r.launch_bound);
  return limits;
}

// Only what the kernel's attributes fix is enforced here. The register count is not: an estimate
// may say a block runs out of registers where what ptxas allocates fits. (Timing mode checks
// ptxas's numbers at launch, measured_resources.cc.)
cudaError_t check_kernel_launch(Runtime& rt, const func::FunctionCode& kernel,
                                const func::LaunchConfig& config) {
  const KernelResources& r = resources(rt, kernel);
  if (r.launch_bound != 0 && config.block.volume() > r.launch_bound) {
    return cudaErrorLaunchOutOfResources;
  }
  if (config.dynamic_shared > static_cast<std::uint64_t>(max_dynamic_shared(rt, kernel))) {
    return cudaErrorInvalidValue;
  }
  return cudaSuccess;
}

}  // namespace warpsim::runtime

using warpsim::runtime::api_call;
using warpsim::runtime::api_call_without_sync;
using warpsim::runtime::Runtime;
using FunctionCode = warpsim::func::FunctionCode;

extern "C" {

cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attr, const void* func) {
  return api_call_without_sync([&](Runtime& rt) {
    if (attr == nullptr) return cudaErrorInvalidValue;
    const FunctionCode* kernel = rt.code().find_function(func);
    if (kernel == nullptr) return cudaErrorInvalidDeviceFunction;
    warpsim::runtime::fill_attributes(rt, *kernel, *attr);
    return cudaSuccess;
  });
}

cudaError_t cudaFuncSetAttribute(const void* func, cudaFuncAttribute attr, int value) {
  return api_call([&](Runtime& rt) {
    const FunctionCode* kernel = rt.code().find_function(func);
    if (kernel == nullptr) return cudaErrorInvalidDeviceFunction;
    return warpsim::runtime::set_attribute(rt, *kernel, attr, value);
  });
}

cudaError_t cudaFuncSetCacheConfig(const void* func, cudaFuncCache cacheConfig) {
  return api_call([&](Runtime& rt) {
    const FunctionCode* kernel = rt.code().find_function(func);
    if (kernel == nullptr) return cudaErrorInvalidDeviceFunction;
    if (cacheConfig < cudaFuncCachePreferNone || cacheConfig > cudaFuncCachePreferEqual) {
      return cudaErrorInvalidValue;
    }
    rt.function_settings(*kernel).cache_config = cacheConfig;
    return cudaSuccess;
  });
}

cudaError_t cudaFuncGetName(const char** name, const void* func) {
  return api_call_without_sync([&](Runtime& rt) {
    if (name == nullptr) return cudaErrorInvalidValue;
    const FunctionCode* kernel = rt.code().find_function(func);
    if (kernel == nullptr) return cudaErrorInvalidDeviceFunction;
    *name = kernel->name().c_str();
    return cudaSuccess;
  });
}

cudaError_t cudaFuncGetParamInfo(const void* func, size_t paramIndex, size_t* paramOffset,
                                 size_t* paramSize) {
  return api_call_without_sync([&](Runtime& rt) {
    const FunctionCode* kernel = rt.code().find_function(func);
    if (kernel == nullptr) return cudaErrorInvalidDeviceFunction;
    if (paramOffset == nullptr || paramSize == nullptr) return cudaErrorInvalidValue;
    if (paramIndex >= kernel->ir->params.size()) return cudaErrorInvalidValue;
    *paramOffset = kernel->kernel_param_offsets[paramIndex];
    *paramSize = kernel->ir->params[paramIndex].size_bytes();
    return cudaSuccess;
  });
}

// The kernel handle is the host handle itself, so every call that takes a kernel accepts it.
cudaError_t cudaGetKernel(cudaKernel_t* kernelPtr, const void* entryFuncAddr) {
  return api_call_without_sync([&](Runtime& rt) {
    if (kernelPtr == nullptr) return cudaErrorInvalidValue;
    if (rt.code().find_function(entryFuncAddr) == nullptr) return cudaErrorInvalidDeviceFunction;
    *kernelPtr = static_cast<cudaKernel_t>(const_cast<void*>(entryFuncAddr));
    return cudaSuccess;
  });
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, const void* func,
                                                          int blockSize, size_t dynamicSMemSize) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, func, blockSize, dynamicSMemSize, cudaOccupancyDefault);
}

// cudaOccupancyDisableCachingOverride changes nothing: global loads are cached in L1 either way.
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* numBlocks, const void* func,
                                                                   int blockSize,
                                                                   size_t dynamicSMemSize,
                                                                   unsigned int flags) {
  return api_call_without_sync([&](Runtime& rt) {
    if (numBlocks == nullptr) return cudaErrorInvalidValue;
    const FunctionCode* kernel = rt.code().find_function(func);
    if (kernel == nullptr) return cudaErrorInvalidDeviceFunction;
    if ((flags & ~static_cast<unsigned>(cudaOccupancyDisableCachingOverride)) != 0 ||
        blockSize <= 0) {
      return cudaErrorInvalidValue;
    }
    *numBlocks = warpsim::runtime::max_active_blocks(
        rt.gpu(), warpsim::runtime::kernel_limits(rt, *kernel), blockSize, dynamicSMemSize);
    return cudaSuccess;
  });
}

cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t* dynamicSmemSize, const void* func,
                                                      int numBlocks, int blockSize) {
  return api_call_without_sync([&](Runtime& rt) {
    if (dynamicSmemSize == nullptr) return cudaErrorInvalidValue;
    const FunctionCode* kernel = rt.code().find_function(func);
    if (kernel == nullptr) return cudaErrorInvalidDeviceFunction;
    if (numBlocks <= 0 || blockSize <= 0) return cudaErrorInvalidValue;
    *dynamicSmemSize = warpsim::runtime::available_dynamic_shared(
        rt.gpu(), warpsim::runtime::kernel_limits(rt, *kernel), numBlocks, blockSize);
    return cudaSuccess;
  });
}

}  // extern "C"
