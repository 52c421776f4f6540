#pragma once

// The global address space: tracked allocations in one 64-bit heap. Every access must fall
// inside one live allocation; anything else (a gap, freed memory, past the end) is reported by
// the caller as an out-of-bounds access. Allocation never reuses freed addresses, so a stale
// pointer is caught rather than silently aliasing new data.
//
// Host-mapped allocations (managed memory, pinned host memory) keep their bytes in host memory
// mapped at exactly their device address, so the host program can dereference the device
// pointer itself, as CUDA's unified addressing promises. The mapping claims that address range
// in the whole process, so only one DeviceMemory per process may use it (the CUDA runtime's);
// it is off by default so that several simulated devices can live in one process.

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sim/time.h"

namespace warpsim::func {

enum class AllocationKind : std::uint8_t {
  kMalloc,
  kGlobalVar,
  kConstVar,
  kArray,
  kManaged,         // cudaMallocManaged: host-mapped when enabled
  kManagedVar,      // a __managed__ module variable: host-mapped when enabled
  kPinnedHost,      // cudaMallocHost, cudaHostAlloc: host memory, always host-mapped
  kRegisteredHost,  // cudaHostRegister: the program's own host memory at a device address
};

// Gives an allocation's storage back the way it was obtained.
struct StorageRelease {
  enum class Source : std::uint8_t { kHeap, kMapping, kBorrowed };
  Source source = Source::kHeap;
  std::size_t mapped_bytes = 0;  // kMapping: the length of the mapping
  void operator()(std::uint8_t* storage) const;
};

struct Allocation {
  Addr base = 0;
  std::size_t size = 0;
  AllocationKind kind = AllocationKind::kMalloc;
  std::string label;         // a variable's name, or "" for cudaMalloc
  std::uint32_t flags = 0;   // the API flags it was made with (cudaHostAlloc, cudaHostRegister…)
  bool host_mapped = false;  // the storage sits at `base` in host memory
  std::unique_ptr<std::uint8_t[], StorageRelease> bytes;

  bool is_managed() const {
    return kind == AllocationKind::kManaged || kind == AllocationKind::kManagedVar;
  }
  // Host memory the device reaches (pinned or registered), rather than device memory.
  bool is_host_memory() const {
    return kind == AllocationKind::kPinnedHost || kind == AllocationKind::kRegisteredHost;
  }
};

class DeviceMemory {
 public:
  explicit DeviceMemory(bool host_mapped = false) : host_mapped_(host_mapped) {}
  DeviceMemory(const DeviceMemory&) = delete;
  DeviceMemory& operator=(const DeviceMemory&) = delete;

  // Whether managed and pinned host allocations are host-mapped (see the top of this file).
  bool host_mapped() const { return host_mapped_; }

  // Zero-filled storage of `size` bytes (at least 1), aligned to `align` (a power of two,
  // at least 256). Allocations are separated by an unmapped gap. Host-mapped allocations are
  // page-aligned; when their address is taken in the host process, throws std::bad_alloc (and
  // the next attempt tries a fresh address). kPinnedHost needs host mapping (std::logic_error).
  Addr allocate(std::size_t size, AllocationKind kind = AllocationKind::kMalloc,
                std::string label = {}, std::size_t align = 256, std::uint32_t flags = 0);
  // Makes the program's host memory [host, host + size) reachable from the device at a fresh
  // address with the same offset within a page (a kRegisteredHost allocation that borrows the
  // bytes). Returns 0 when the range overlaps one registered before.
  Addr register_host(void* host, std::size_t size, std::uint32_t flags);
  // False when `base` is not the start of a live allocation. Host-mapped storage is unmapped;
  // registered host memory is only forgotten.
  bool free(Addr base);

  // The allocation holding [addr, addr + size), or nullptr.
  const Allocation* find(Addr addr, std::size_t size = 1) const;
  // The registered allocation whose host memory holds [host, host + size), or nullptr.
  const Allocation* find_registered(const void* host, std::size_t size = 1) const;
  // Host view of [addr, addr + size); nullptr when it is not inside one allocation.
  std::uint8_t* resolve(Addr addr, std::size_t size);
  const std::uint8_t* resolve(Addr addr, std::size_t size) const;

  // Host copies; throw std::out_of_range naming the address when the range is not mapped.
  void write(Addr addr, const void* src, std::size_t size);
  void read(Addr addr, void* dst, std::size_t size) const;
  void fill(Addr addr, std::uint8_t value, std::size_t size);

  std::size_t live_allocations() const { return allocations_.size(); }
  // Bytes of device storage in use: every live allocation except host memory (pinned or
  // registered), which does not occupy the device.
  std::size_t live_bytes() const { return live_bytes_; }

 private:
  Allocation* lookup(Addr addr, std::size_t size) const;
  Addr reserve(std::size_t size, std::size_t align);
  Addr insert(Allocation allocation);

  bool host_mapped_ = false;
  std::map<Addr, Allocation> allocations_;
  std::map<Addr, Addr> registered_;  // host start of registered memory -> its device base
  Addr next_ = 0;
  std::size_t live_bytes_ = 0;
  mutable Allocation* last_ = nullptr;  // one-entry lookup cache
};

}  // namespace warpsim::func
