#pragma once

// The seeded random stream shared by the cache's randomized policies (random and weighted-random
// replacement, BRRIP, BIP). One stream per policy object, never shared, so the draws one cache
// makes cannot shift another cache's victims: same config and seeds, same results.

#include <cstdint>

namespace warpsim {

// Steele, Lea and Flood's splitmix64 (OOPSLA 2014): a 64-bit counter passed through a mixing
// finalizer. Cheap, and every seed (0 included) gives a well-mixed stream.
class PolicyRandom {
 public:
  // `context_seed` is the per-cache seed (so identical caches need not behave identically);
  // `param_seed` is the policy's own `seed` param, to pick another stream for the same cache.
  PolicyRandom(std::uint64_t context_seed, std::uint64_t param_seed)
      : state_(mix64(context_seed) ^ param_seed) {}

  std::uint64_t next() {
    state_ += 0x9e3779b97f4a7c15ULL;
    return mix64(state_);
  }
  // Uniform in 0..n-1 for n >= 1. The modulo bias of a 64-bit draw is below n / 2^64:
  // irrelevant for way counts and throttle denominators.
  std::uint64_t below(std::uint64_t n) { return next() % n; }
  // True with probability 1/n (always for n <= 1).
  bool one_in(std::uint64_t n) { return n <= 1 || below(n) == 0; }

 private:
  static std::uint64_t mix64(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  std::uint64_t state_;
};

}  // namespace warpsim
