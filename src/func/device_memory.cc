#include "func/device_memory.h"

#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

#include "func/address_map.h"

namespace warpsim::func {

namespace {
constexpr Addr kGap = 4096;
}  // namespace

Addr DeviceMemory::allocate(std::size_t size, AllocationKind kind, std::string label,
                            std::size_t align) {
  if (size == 0) size = 1;
  if (align < 256) align = 256;
  if (next_ == 0) next_ = kGlobalHeapBase;
  Addr base = align_up(next_, align);
  next_ = align_up(base + size, 256) + kGap;
  if (next_ >= kLocalWindow - kWindowSize) throw std::length_error("device heap exhausted");
  Allocation a;
  a.base = base;
  a.size = size;
  a.kind = kind;
  a.label = std::move(label);
  a.bytes = std::make_unique<std::uint8_t[]>(size);  // value-initialized: zero
  allocations_.emplace(base, std::move(a));
  live_bytes_ += size;
  last_ = nullptr;
  return base;
}

bool DeviceMemory::free(Addr base) {
  auto it = allocations_.find(base);
  if (it == allocations_.end()) return false;
  live_bytes_ -= it->second.size;
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
