#pragma once

// The workloads' deterministic pseudo-random inputs: a 64-bit linear congruential generator
// (Knuth's MMIX constants) whose high bits are the random number. A workload seeds its own, so
// its inputs never depend on another workload or on the order they run in.

#include <cstdint>

namespace warpsim::workload {

class Lcg {
 public:
  explicit Lcg(std::uint64_t seed) : state_(seed) {}
  // 31 random bits.
  std::uint32_t next() { return static_cast<std::uint32_t>(step() >> 33); }
  // Uniform in [0, n) for n well below 2^31 (the modulo bias is negligible and fixed).
  std::uint32_t below(std::uint32_t n) { return next() % n; }
  // Uniform in [0, 1), 24 random bits.
  float unit() { return static_cast<float>(step() >> 40) * 0x1p-24f; }

 private:
  std::uint64_t step() {
    state_ = state_ * 6364136223846793005ull + 1442695040888963407ull;
    return state_;
  }
  std::uint64_t state_;
};

}  // namespace warpsim::workload
