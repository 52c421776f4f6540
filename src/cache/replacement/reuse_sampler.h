#pragma once

// RPR's sampler (Dong Li's thesis §6.2.2; docs/memory.md "RPR"): shadow tags, without data,
// for one set in `every` of one L1D, with the cache's associativity and LRU replacement of
// their own. Each sampled set counts its accesses; each shadow line keeps the signature of
// the access that brought it in and the set's count at its last access. An access that hits a
// shadow line sends the predictor a hit update with its reuse distance (the accesses to the
// set in between) and the line's signature; one that misses sends a miss update with its own
// signature and takes the set's LRU shadow line.

#include <cstdint>
#include <vector>

#include "cache/replacement/reuse_predictor.h"
#include "sim/time.h"

namespace warpsim {

class ReuseSampler {
 public:
  ReuseSampler(std::uint32_t sets, std::uint32_t ways, std::uint32_t every);

  bool samples(std::uint32_t set) const { return set % every_ == 0; }
  // An access to sampled set `set` for `line` (a line address) by signature `sig`.
  void access(std::uint32_t set, Addr line, std::uint32_t sig, ReusePredictor& predictor);

 private:
  struct Shadow {
    bool valid = false;
    Addr line = 0;
    std::uint32_t sig = 0;
    std::uint64_t last = 0;  // the set's count at the line's last access
  };

  std::uint32_t ways_;
  std::uint32_t every_;
  std::vector<std::uint64_t> count_;  // per sampled set
  std::vector<Shadow> shadow_;        // sampled set x ways
};

}  // namespace warpsim
