#pragma once

// The global address space: tracked allocations in one 64-bit heap. Every access must fall
// inside one live allocation; anything else (a gap, freed memory, past the end) is reported by
// the caller as an out-of-bounds access. Allocation never reuses freed addresses, so a stale
// pointer is caught rather than silently aliasing new data.

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sim/time.h"

namespace warpsim::func {

enum class AllocationKind : std::uint8_t { kMalloc, kGlobalVar, kConstVar, kArray };

struct Allocation {
  Addr base = 0;
  std::size_t size = 0;
  AllocationKind kind = AllocationKind::kMalloc;
  std::string label;  // a variable's name, or "" for cudaMalloc
  std::unique_ptr<std::uint8_t[]> bytes;
};

class DeviceMemory {
 public:
  DeviceMemory() = default;
  DeviceMemory(const DeviceMemory&) = delete;
  DeviceMemory& operator=(const DeviceMemory&) = delete;

  // Zero-filled storage of `size` bytes (at least 1), aligned to `align` (a power of two,
  // at least 256). Allocations are separated by an unmapped gap.
  Addr allocate(std::size_t size, AllocationKind kind = AllocationKind::kMalloc,
                std::string label = {}, std::size_t align = 256);
  // False when `base` is not the start of a live allocation.
  bool free(Addr base);

  // The allocation holding [addr, addr + size), or nullptr.
  const Allocation* find(Addr addr, std::size_t size = 1) const;
  // Host view of [addr, addr + size); nullptr when it is not inside one allocation.
  std::uint8_t* resolve(Addr addr, std::size_t size);
  const std::uint8_t* resolve(Addr addr, std::size_t size) const;

  // Host copies; throw std::out_of_range naming the address when the range is not mapped.
  void write(Addr addr, const void* src, std::size_t size);
  void read(Addr addr, void* dst, std::size_t size) const;
  void fill(Addr addr, std::uint8_t value, std::size_t size);

  std::size_t live_allocations() const { return allocations_.size(); }
  std::size_t live_bytes() const { return live_bytes_; }

 private:
  Allocation* lookup(Addr addr, std::size_t size) const;

  std::map<Addr, Allocation> allocations_;
  Addr next_ = 0;
  std::size_t live_bytes_ = 0;
  mutable Allocation* last_ = nullptr;  // one-entry lookup cache
};

}  // namespace warpsim::func
