#pragma once

// RPR's sampler (Dong Li's thesis §6.2.2; docs/memory.md "RPR") for one set in `every` of one
// L1D. Each sampled way keeps the signature of the access that brought its line in and the
// set's access count at the line's last access. A hit sends the predictor a hit update with
// its reuse distance (the accesses to the set in between) and the line's signature; a miss
// sends a miss update with the missing access's signature. Two kinds of tags:
// - mirror (the thesis's "duplication of the tag array"): the cache's own lines, so hits and
//   misses are the cache's under the policy in force: on_hit and on_fill.
// - shadow: tags of its own, with the cache's associativity and LRU replacement, which see
//   the access stream as an LRU cache would: access().

#include <cstdint>
#include <vector>

#include "cache/replacement/reuse_predictor.h"
#include "sim/time.h"

namespace warpsim {

class ReuseSampler {
 public:
  ReuseSampler(std::uint32_t sets, std::uint32_t ways, std::uint32_t every);

  bool samples(std::uint32_t set) const { return set % every_ == 0; }
  // Shadow tags: an access to sampled set `set` for `line` (a line address) by signature `sig`.
  void access(std::uint32_t set, Addr line, std::uint32_t sig, ReusePredictor& predictor);
  // Mirror tags: the cache placed a line of signature `sig` in `way` of sampled set `set` at
  // its access number `now` (the set's accesses before this one), or hit the line in `way`.
  void on_fill(std::uint32_t set, std::uint32_t way, std::uint32_t sig, std::uint64_t now,
               ReusePredictor& predictor);
  void on_hit(std::uint32_t set, std::uint32_t way, std::uint64_t now, ReusePredictor& predictor);
  void on_invalidate(std::uint32_t set, std::uint32_t way);

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
