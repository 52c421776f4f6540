#pragma once

// The opt-in reuse-distance collector of a cache (`reuse_distance_pcs: N`, N > 0). Seed 001's
// definition (Dong Li's thesis §6.2): a line's reuse distance is the number of accesses to its
// set between two consecutive accesses to the line, so in an LRU set of W ways a distance
// below W is a hit. Each access the cache looks up (hit, merge into a pending miss, miss)
// samples the distance since the line's previous access, into `reuse.all` and into the
// histogram of its PC: `reuse.pc_<p>` for p < N, `reuse.pc_rest` for the others (PCs are
// instruction indices within a kernel, and a kernel's stats are its own window). With
// `reuse_distance_by: signature` the N histograms are per RPR signature instead (seed 001
// Fig. 6.1; replacement/reuse_predictor.h: an 8-bit hash of PC and warp age rank),
// `reuse.sig_<s>` and `reuse.sig_rest`, each distance binned under the signature of the access
// that opened it. A line's first access counts in `reuse.cold`. Linear buckets of width 1; the
// last (64) holds 64 and more.

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "cache/access_info.h"
#include "sim/stats.h"
#include "sim/time.h"

namespace warpsim {

class ReuseDistance {
 public:
  static constexpr std::uint32_t kBuckets = 65;

  // Registers the stats under `cache_stats`.reuse; `sets` is the cache's current set count.
  // `by_signature`: the `pcs` histograms are per signature.
  ReuseDistance(StatGroup& cache_stats, std::uint32_t pcs, std::uint32_t sets,
                bool by_signature = false);

  void access(std::uint32_t set, Addr line, const AccessInfo& access);
  // A resize (the unified L1's carve-out) starts from an empty cache: no line has a history.
  void reset(std::uint32_t sets);

 private:
  struct Last {
    std::uint64_t count = 0;  // the line's set's count after the line's previous access
    std::uint64_t key = 0;    // by signature: that access's signature
  };
  bool by_signature_;
  std::vector<std::uint64_t> set_accesses_;
  std::unordered_map<Addr, Last> last_;
  Histogram* all_;
  Counter* cold_;
  std::vector<Histogram*> by_pc_;  // pcs + 1: the last is pc_rest (or sig_rest)
};

}  // namespace warpsim
