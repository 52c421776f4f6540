#pragma once

#include <cstdint>
#include <string>

namespace warpsim::func {

struct Dim3 {
  std::uint32_t x = 1;
  std::uint32_t y = 1;
  std::uint32_t z = 1;

  std::uint64_t volume() const { return std::uint64_t{x} * y * z; }
  bool operator==(const Dim3&) const = default;
  std::string str() const {
    std::string s = "(";
    s += std::to_string(x);
    s += ',';
    s += std::to_string(y);
    s += ',';
    s += std::to_string(z);
    s += ')';
    return s;
  }
  // The index with linear number `linear` in x-major order.
  Dim3 unflatten(std::uint64_t linear) const {
    return {static_cast<std::uint32_t>(linear % x), static_cast<std::uint32_t>(linear / x % y),
            static_cast<std::uint32_t>(linear / x / y)};
  }
};

}  // namespace warpsim::func
