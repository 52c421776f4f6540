#pragma once

#include <compare>
#include <cstdint>
#include <limits>

namespace warpsim {

// Global simulated time in picoseconds. Every clock domain's edges are integer multiples of
// its period on this axis, so components in different domains agree on ordering exactly.
using Picos = std::uint64_t;
inline constexpr Picos kNever = std::numeric_limits<Picos>::max();

// Byte address in any simulated memory space. Always 64-bit.
using Addr = std::uint64_t;

// A cycle number in one clock domain. A distinct type so that cycles of a domain are never
// mixed up with picoseconds or plain counts by accident.
class Cycle {
 public:
  constexpr Cycle() = default;
  constexpr explicit Cycle(std::uint64_t value) : value_(value) {}

  constexpr std::uint64_t value() const { return value_; }

  constexpr Cycle operator+(std::uint64_t n) const { return Cycle(value_ + n); }
  constexpr Cycle& operator+=(std::uint64_t n) {
    value_ += n;
    return *this;
  }
  // Number of cycles from `earlier` to this one; `earlier` must not be later.
  constexpr std::uint64_t operator-(Cycle earlier) const { return value_ - earlier.value_; }
  constexpr auto operator<=>(const Cycle&) const = default;

 private:
  std::uint64_t value_ = 0;
};

}  // namespace warpsim
