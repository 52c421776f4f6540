#pragma once

// What a program configures on the device and on its kernels through the runtime API, and the
// resources measured from a kernel's code. The functional model runs a kernel the same whatever
// most of these say; they are kept so that the matching getters report them back, and the few
// that change what a launch may do are checked by check_kernel_launch (api_function.cc).

#include <cstddef>
#include <cstdint>
#include <optional>

#include "runtime/include/cuda_runtime_api.h"

namespace warpsim::runtime {

// cudaDeviceSetLimit values (CUDA's defaults), cache preference and device flags.
struct DeviceSettings {
  std::optional<std::size_t> stack_size;  // unset: the functional device's own stack limit
  std::size_t printf_fifo_size = std::size_t{1} << 20;
  std::size_t malloc_heap_size = std::size_t{8} << 20;
  std::size_t runtime_sync_depth = 2;
  std::size_t runtime_pending_launches = 2048;
  std::size_t l2_fetch_granularity = 64;
  std::size_t persisting_l2_size = 0;
  cudaFuncCache cache_config = cudaFuncCachePreferNone;
  unsigned int flags = cudaDeviceScheduleAuto;
  unsigned long long next_stream_id = 3;  // 1 and 2: the legacy and per-thread default streams
};

// What a kernel's code needs per block and per thread (kernel_resources.cc).
struct KernelResources {
  std::uint32_t static_shared = 0;  // bytes per block
  std::uint32_t const_bytes = 0;    // the module's .const variables
  std::uint32_t local_bytes = 0;    // the kernel's own frame, per thread
  std::uint32_t launch_bound = 0;   // threads per block allowed by .maxntid/.reqntid; 0: none
  int ptx_version = 0;              // sm_XY of the module's .target as XY; 0: none named
  int cluster_dims[3] = {0, 0, 0};  // .reqnctapercluster
  bool explicit_cluster = false;    // .explicitcluster
};

// What a kernel's compiled code uses per thread: from ptxas when it can assemble the kernel for
// the simulated GPU, else estimated from the PTX (measured_resources.cc).
struct MeasuredResources {
  std::uint32_t registers = 0;
  std::uint64_t local_bytes = 0;  // stack frame
  bool from_ptxas = false;
};

// What the occupancy calculation needs to know of a kernel (occupancy.h).
struct KernelLimits {
  std::uint32_t registers = 0;      // per thread
  std::uint32_t static_shared = 0;  // bytes per block
  int max_dynamic_shared = 0;       // bytes per block the kernel may request
  int max_threads = 0;              // threads per block the kernel may be launched with
};

// cudaFuncSetAttribute and cudaFuncSetCacheConfig values of one kernel.
struct FunctionSettings {
  std::optional<int> max_dynamic_shared;  // unset: 48 KiB minus the static shared memory
  int carveout = cudaSharedmemCarveoutDefault;
  cudaFuncCache cache_config = cudaFuncCachePreferNone;
  int cluster_dims[3] = {0, 0, 0};
  int non_portable_cluster_size = 0;
  int cluster_scheduling = cudaClusterSchedulingPolicyDefault;
  std::optional<KernelResources> resources;   // measured on first use
  std::optional<MeasuredResources> measured;  // on first use (measured_resources)
};

// The meaningful stream priorities, lower numbers first to run: [greatest, least]
// (api_limits.cc). Both are 0 on a device without stream priorities.
struct PriorityRange {
  int least = 0;
  int greatest = 0;
};
PriorityRange stream_priority_range(const cudaDeviceProp& p);

}  // namespace warpsim::runtime
