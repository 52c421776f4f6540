// Device limits, cache preference, flags and identity: cudaDeviceGetLimit/SetLimit,
// cudaDeviceGetCacheConfig/SetCacheConfig, cudaSetDeviceFlags/GetDeviceFlags, cudaInitDevice,
// cudaChooseDevice, the PCI bus id calls, stream priorities and the driver version. Values are
// kept and reported back; the functional model runs the same whatever the cache preference,
// scheduling flags, FIFO and heap sizes say.

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

#include "runtime/runtime.h"

namespace warpsim::runtime {

// The range Volta and later parts report: six levels, 0 (least) to -5 (greatest).
PriorityRange stream_priority_range(const cudaDeviceProp& p) {
  if (p.streamPrioritiesSupported == 0) return {};
  return PriorityRange{0, -5};
}

namespace {

constexpr int kDriverVersion = 13000;  // a CUDA 13.0 driver
// Dynamic parallelism in CUDA 12 and later no longer lets a kernel wait for its children, so
// the synchronization depth limit is gone from compute capability 9.0 on.
constexpr int kSyncDepthLastMajor = 8;
constexpr std::size_t kMaxSyncDepth = 24;
constexpr std::size_t kMaxL2FetchGranularity = 128;
// The defined flags: one scheduling policy, host mapping, local-memory resize, sync memops.
constexpr unsigned kKnownDeviceFlags =
    cudaDeviceScheduleMask | cudaDeviceMapHost | cudaDeviceLmemResizeToMax | cudaDeviceSyncMemops;

bool valid_device_flags(unsigned flags) {
  if ((flags & ~kKnownDeviceFlags) != 0) return false;
  const unsigned schedule = flags & cudaDeviceScheduleMask;
  return schedule == cudaDeviceScheduleAuto || schedule == cudaDeviceScheduleSpin ||
         schedule == cudaDeviceScheduleYield || schedule == cudaDeviceScheduleBlockingSync;
}

bool sync_depth_supported(const cudaDeviceProp& p) { return p.major <= kSyncDepthLastMajor; }

// The size_t a DeviceSettings field holds for `limit`; nullptr for the stack (kept apart).
std::size_t* stored_limit(DeviceSettings& s, cudaLimit limit) {
  switch (limit) {
    case cudaLimitPrintfFifoSize:
      return &s.printf_fifo_size;
    case cudaLimitMallocHeapSize:
      return &s.malloc_heap_size;
    case cudaLimitDevRuntimeSyncDepth:
      return &s.runtime_sync_depth;
    case cudaLimitDevRuntimePendingLaunchCount:
      return &s.runtime_pending_launches;
    case cudaLimitMaxL2FetchGranularity:
      return &s.l2_fetch_granularity;
    case cudaLimitPersistingL2CacheSize:
      return &s.persisting_l2_size;
    default:
      return nullptr;
  }
}

cudaError_t set_limit(Runtime& rt, cudaLimit limit, std::size_t value) {
  const cudaDeviceProp& p = rt.properties();
  DeviceSettings& s = rt.settings();
  switch (limit) {
    case cudaLimitStackSize:
      // More than a 32-bit stack per thread could never be reserved for a full device.
      if (value > std::numeric_limits<std::uint32_t>::max()) return cudaErrorMemoryAllocation;
      s.stack_size = value;
      rt.device().set_stack_limit(static_cast<std::uint32_t>(value));
      return cudaSuccess;
    case cudaLimitDevRuntimeSyncDepth:
      if (!sync_depth_supported(p)) return cudaErrorUnsupportedLimit;
      if (value > kMaxSyncDepth) return cudaErrorInvalidValue;
      break;
    case cudaLimitMaxL2FetchGranularity:  // a hint the driver may clamp
      value = std::min(value, kMaxL2FetchGranularity);
      break;
    case cudaLimitPersistingL2CacheSize:
      value = std::min(value, static_cast<std::size_t>(std::max(p.persistingL2CacheMaxSize, 0)));
      break;
    default:
      break;
  }
  std::size_t* slot = stored_limit(s, limit);
  if (slot == nullptr) return cudaErrorUnsupportedLimit;
  *slot = value;
  return cudaSuccess;
}

std::optional<unsigned> parse_hex(std::string_view text) {
  unsigned value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

struct PciAddress {
  unsigned domain = 0;
  unsigned bus = 0;
  unsigned device = 0;
};

// "[domain]:[bus]:[device].[function]", "[domain]:[bus]:[device]" or
// "[bus]:[device].[function]", every field hexadecimal. The function is checked, not kept.
std::optional<PciAddress> parse_pci_bus_id(std::string_view text) {
  std::vector<std::string_view> fields;
  for (std::size_t colon; (colon = text.find(':')) != std::string_view::npos;) {
    fields.push_back(text.substr(0, colon));
    text.remove_prefix(colon + 1);
  }
  const std::size_t dot = text.find('.');
  const bool has_function = dot != std::string_view::npos;
  fields.push_back(text.substr(0, dot));
  if (has_function && !parse_hex(text.substr(dot + 1))) return std::nullopt;
  if (fields.size() != 3 && !(fields.size() == 2 && has_function)) return std::nullopt;
  std::vector<unsigned> numbers;
  for (std::string_view field : fields) {
    const std::optional<unsigned> number = parse_hex(field);
    if (!number) return std::nullopt;
    numbers.push_back(*number);
  }
  if (numbers.size() == 2) numbers.insert(numbers.begin(), 0);
  return PciAddress{numbers[0], numbers[1], numbers[2]};
}

}  // namespace
}  // namespace warpsim::runtime

using warpsim::runtime::api_call;
using warpsim::runtime::Runtime;

extern "C" {

cudaError_t cudaDriverGetVersion(int* driverVersion) {
  return api_call([&](Runtime&) {
    if (driverVersion == nullptr) return cudaErrorInvalidValue;
    *driverVersion = warpsim::runtime::kDriverVersion;
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value) {
  return api_call([&](Runtime& rt) { return warpsim::runtime::set_limit(rt, limit, value); });
}

// The stack limit is the functional device's own until the program sets one.
cudaError_t cudaDeviceGetLimit(size_t* pValue, cudaLimit limit) {
  return api_call([&](Runtime& rt) {
    if (pValue == nullptr) return cudaErrorInvalidValue;
    warpsim::runtime::DeviceSettings& s = rt.settings();
    if (limit == cudaLimitStackSize) {
      *pValue = s.stack_size.value_or(rt.device().options().stack_limit);
      return cudaSuccess;
    }
    if (limit == cudaLimitDevRuntimeSyncDepth &&
        !warpsim::runtime::sync_depth_supported(rt.properties())) {
      return cudaErrorUnsupportedLimit;
    }
    const std::size_t* slot = warpsim::runtime::stored_limit(s, limit);
    if (slot == nullptr) return cudaErrorUnsupportedLimit;
    *pValue = *slot;
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache* pCacheConfig) {
  return api_call([&](Runtime& rt) {
    if (pCacheConfig == nullptr) return cudaErrorInvalidValue;
    *pCacheConfig = rt.settings().cache_config;
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache cacheConfig) {
  return api_call([&](Runtime& rt) {
    if (cacheConfig < cudaFuncCachePreferNone || cacheConfig > cudaFuncCachePreferEqual) {
      return cudaErrorInvalidValue;
    }
    rt.settings().cache_config = cacheConfig;
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceGetStreamPriorityRange(int* leastPriority, int* greatestPriority) {
  return api_call([&](Runtime& rt) {
    const auto range = warpsim::runtime::stream_priority_range(rt.properties());
    if (leastPriority != nullptr) *leastPriority = range.least;
    if (greatestPriority != nullptr) *greatestPriority = range.greatest;
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceGetByPCIBusId(int* device, const char* pciBusId) {
  return api_call([&](Runtime& rt) {
    if (device == nullptr || pciBusId == nullptr) return cudaErrorInvalidValue;
    const auto address = warpsim::runtime::parse_pci_bus_id(pciBusId);
    if (!address) return cudaErrorInvalidValue;
    const cudaDeviceProp& p = rt.properties();
    if (address->domain != static_cast<unsigned>(p.pciDomainID) ||
        address->bus != static_cast<unsigned>(p.pciBusID) ||
        address->device != static_cast<unsigned>(p.pciDeviceID)) {
      return cudaErrorInvalidDevice;
    }
    *device = 0;
    return cudaSuccess;
  });
}

// domain:bus:device.function in upper-case hexadecimal, cut to `len` bytes with its terminator.
cudaError_t cudaDeviceGetPCIBusId(char* pciBusId, int len, int device) {
  return api_call([&](Runtime& rt) {
    if (pciBusId == nullptr || len <= 0) return cudaErrorInvalidValue;
    if (device != 0) return cudaErrorInvalidDevice;
    const cudaDeviceProp& p = rt.properties();
    std::snprintf(pciBusId, static_cast<std::size_t>(len), "%04X:%02X:%02X.0",
                  static_cast<unsigned>(p.pciDomainID), static_cast<unsigned>(p.pciBusID),
                  static_cast<unsigned>(p.pciDeviceID));
    return cudaSuccess;
  });
}

// Simulated writes are visible as soon as they are made: there is nothing to flush.
cudaError_t cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTarget target,
                                               cudaFlushGPUDirectRDMAWritesScope scope) {
  return api_call([&](Runtime&) {
    if (target != cudaFlushGPUDirectRDMAWritesTargetCurrentDevice) return cudaErrorInvalidValue;
    if (scope != cudaFlushGPUDirectRDMAWritesToOwner &&
        scope != cudaFlushGPUDirectRDMAWritesToAllDevices) {
      return cudaErrorInvalidValue;
    }
    return cudaSuccess;
  });
}

cudaError_t cudaChooseDevice(int* device, const cudaDeviceProp* prop) {
  return api_call([&](Runtime&) {
    if (device == nullptr || prop == nullptr) return cudaErrorInvalidValue;
    *device = 0;  // the only device is the best match for anything
    return cudaSuccess;
  });
}

cudaError_t cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags) {
  return api_call([&](Runtime& rt) {
    if (device != 0) return cudaErrorInvalidDevice;
    if ((flags & ~static_cast<unsigned>(cudaInitDeviceFlagsAreValid)) != 0) {
      return cudaErrorInvalidValue;
    }
    if ((flags & cudaInitDeviceFlagsAreValid) != 0) {
      if (!warpsim::runtime::valid_device_flags(deviceFlags)) return cudaErrorInvalidValue;
      rt.settings().flags = deviceFlags;
    }
    rt.device();
    return cudaSuccess;
  });
}

cudaError_t cudaSetDeviceFlags(unsigned int flags) {
  return api_call([&](Runtime& rt) {
    if (!warpsim::runtime::valid_device_flags(flags)) return cudaErrorInvalidValue;
    rt.settings().flags = flags;
    return cudaSuccess;
  });
}

// Mapped pinned memory is always available to runtime-API contexts, so the flag is reported
// whether or not it was set.
cudaError_t cudaGetDeviceFlags(unsigned int* flags) {
  return api_call([&](Runtime& rt) {
    if (flags == nullptr) return cudaErrorInvalidValue;
    *flags = rt.settings().flags | cudaDeviceMapHost;
    return cudaSuccess;
  });
}

}  // extern "C"
