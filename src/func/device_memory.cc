#include "func/device_memory.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <iterator>
#include <new>
#include <stdexcept>

#include <fmt/format.h>

#include "func/address_map.h"

namespace warpsim::func {

namespace {

constexpr Addr kGap = 4096;

std::size_t host_page_size() {
  static const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return page;
}

// Zero-filled host memory mapped at exactly `base`, or nullptr when something in the process
// already uses part of [base, base + length). MAP_FIXED_NOREPLACE refuses to replace a mapping;
// kernels before Linux 4.17 take it as a hint and may map elsewhere, which counts as taken.
std::uint8_t* map_at(Addr base, std::size_t length) {
  void* want = reinterpret_cast<void*>(base);  // NOLINT(performance-no-int-to-ptr)
  void* got = mmap(want, length, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE | MAP_NORESERVE, -1, 0);
  if (got == MAP_FAILED) return nullptr;
  if (got != want) {
    munmap(got, length);
    return nullptr;
  }
  return static_cast<std::uint8_t*>(got);
}

}  // namespace

void StorageRelease::operator()(std::uint8_t* storage) const {
  switch (source) {
    case Source::kHeap:
      delete[] storage;
      break;
    case Source::kMapping:
      munmap(storage, mapped_bytes);
      break;
    case Source::kBorrowed:
      break;
  }
}

Addr DeviceMemory::reserve(std::size_t size, std::size_t align) {
  if (next_ == 0) next_ = host_mapped_ ? kHostMappedHeapBase : kGlobalHeapBase;
  const Addr base = align_up(next_, align);
  constexpr Addr kLimit = kLocalWindow - kWindowSize;
  // Checked before anything moves, so one oversized request does not use the heap up.
  if (base >= kLimit || size > kLimit - base) throw std::length_error("device heap exhausted");
  next_ = align_up(base + size, 256) + kGap;
  return base;
}

Addr DeviceMemory::insert(Allocation allocation) {
  const Addr base = allocation.base;
  if (!allocation.is_host_memory()) live_bytes_ += allocation.size;
  allocations_.emplace(base, std::move(allocation));
  last_ = nullptr;
  return base;
}

Addr DeviceMemory::allocate(std::size_t size, AllocationKind kind, std::string label,
                            std::size_t align, std::uint32_t flags) {
  if (size == 0) size = 1;
  if (align < 256) align = 256;
  if (kind == AllocationKind::kPinnedHost && !host_mapped_) {
    throw std::logic_error("pinned host memory needs a host-mapped device memory");
  }
  if (kind == AllocationKind::kRegisteredHost) {
    throw std::logic_error("registered host memory comes from register_host");
  }
  const bool mapped =
      host_mapped_ && (kind == AllocationKind::kManaged || kind == AllocationKind::kManagedVar ||
                       kind == AllocationKind::kPinnedHost);
  if (mapped) align = std::max(align, host_page_size());
  Allocation a;
  a.base = reserve(size, align);  // before mapping, so a taken address is not tried again
  a.size = size;
  a.kind = kind;
  a.label = std::move(label);
  a.flags = flags;
  if (mapped) {
    const std::size_t length = align_up(size, host_page_size());
    std::uint8_t* storage = map_at(a.base, length);
    if (storage == nullptr) throw std::bad_alloc();
    a.bytes = {storage, {StorageRelease::Source::kMapping, length}};
    a.host_mapped = true;
  } else {
    a.bytes = {new std::uint8_t[size](), {}};  // value-initialized: zero
  }
  return insert(std::move(a));
}

Addr DeviceMemory::register_host(void* host, std::size_t size, std::uint32_t flags) {
  if (size == 0) size = 1;
  const Addr start = reinterpret_cast<Addr>(host);
  auto after = registered_.lower_bound(start);
  if (after != registered_.end() && after->first - start < size) return 0;
  if (after != registered_.begin()) {
    const Allocation& before = allocations_.at(std::prev(after)->second);
    if (start - std::prev(after)->first < before.size) return 0;
  }
  const std::size_t page = host_page_size();
  const Addr offset = start % page;
  Allocation a;
  a.base = reserve(offset + size, page) + offset;  // the same alignment as the host bytes
  a.size = size;
  a.kind = AllocationKind::kRegisteredHost;
  a.flags = flags;
  a.bytes = {static_cast<std::uint8_t*>(host), {StorageRelease::Source::kBorrowed, 0}};
  registered_.emplace(start, a.base);
  return insert(std::move(a));
}

bool DeviceMemory::free(Addr base) {
  auto it = allocations_.find(base);
  if (it == allocations_.end()) return false;
  const Allocation& a = it->second;
  if (a.kind == AllocationKind::kRegisteredHost) {
    registered_.erase(reinterpret_cast<Addr>(a.bytes.get()));
  }
  if (!a.is_host_memory()) live_bytes_ -= a.size;
  allocations_.erase(it);
  last_ = nullptr;
  return true;
}

Allocation* DeviceMemory::lookup(Addr addr, std::size_t size) const {
  auto fits = [&](const Allocation& a) {
    return addr >= a.base && addr - a.base <= a.size && size <= a.size - (addr - a.base);
  };
  if (last_ != nullptr && fits(*last_)) return last_;
  auto it = allocations_.upper_bound(addr);
  if (it == allocations_.begin()) return nullptr;
  --it;
  auto& a = const_cast<Allocation&>(it->second);
  if (!fits(a)) return nullptr;
  last_ = &a;
  return &a;
}

const Allocation* DeviceMemory::find(Addr addr, std::size_t size) const {
  return lookup(addr, size);
}

const Allocation* DeviceMemory::find_registered(const void* host, std::size_t size) const {
  const Addr start = reinterpret_cast<Addr>(host);
  auto it = registered_.upper_bound(start);
  if (it == registered_.begin()) return nullptr;
  --it;
  return lookup(it->second + (start - it->first), size);
}

std::uint8_t* DeviceMemory::resolve(Addr addr, std::size_t size) {
  Allocation* a = lookup(addr, size);
  return a == nullptr ? nullptr : a->bytes.get() + (addr - a->base);
}

const std::uint8_t* DeviceMemory::resolve(Addr addr, std::size_t size) const {
  const Allocation* a = lookup(addr, size);
  return a == nullptr ? nullptr : a->bytes.get() + (addr - a->base);
}

namespace {
[[noreturn]] void unmapped(Addr addr, std::size_t size) {
  throw std::out_of_range(
      fmt::format("device range 0x{:x}..0x{:x} is not inside one allocation", addr, addr + size));
}
}  // namespace

void DeviceMemory::write(Addr addr, const void* src, std::size_t size) {
  if (size == 0) return;
  std::uint8_t* p = resolve(addr, size);
  if (p == nullptr) unmapped(addr, size);
  std::memcpy(p, src, size);
}

void DeviceMemory::read(Addr addr, void* dst, std::size_t size) const {
  if (size == 0) return;
  const std::uint8_t* p = resolve(addr, size);
  if (p == nullptr) unmapped(addr, size);
  std::memcpy(dst, p, size);
}

void DeviceMemory::fill(Addr addr, std::uint8_t value, std::size_t size) {
  if (size == 0) return;
  std::uint8_t* p = resolve(addr, size);
  if (p == nullptr) unmapped(addr, size);
  std::memset(p, value, size);
}

}  // namespace warpsim::func
