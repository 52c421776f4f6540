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

// murmur3's 32-bit finalizer: a fixed bijective mix, for inputs made from an element's index
// (fmix32(i * odd + salt)), so any element can be made alone.
inline std::uint32_t fmix32(std::uint32_t h) {
  h ^= h >> 16;
  h *= 0x85EBCA6Bu;
  h ^= h >> 13;
  h *= 0xC2B2AE35u;
  h ^= h >> 16;
  return h;
}

// A value in [-1, 1) from (index, salt), 24 random bits: splitmix64's finalizer of the pair. For
// inputs indexed by position, so any element can be made alone.
inline float hashed_signed_unit(std::uint64_t index, std::uint64_t salt) {
  std::uint64_t z = index * 0x9E3779B97F4A7C15ull + salt;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return static_cast<float>((z >> 40) & 0xFFFFFF) * 0x1p-23f - 1.0f;
}

}  // namespace warpsim::workload
