#pragma once

// The opt-in block statistics of a cache (`block_stats: true`): seed 000's workload
// characterization (Chao Li's thesis §4.3, Figs. 4.3-4.4), over the reads that reach the cache
// (hits, merges, misses and bypasses alike; writes are not counted):
//  - `blocks.reads_at_least`: linear buckets; bucket m (1 <= m < 33) counts the blocks (lines)
//    read at least m times, so blocks read exactly m times = bucket m - bucket m+1, the
//    footprint is bucket 1 and the blocks never reused bucket 1 - bucket 2; bucket 33 counts
//    those read 33 times or more (each block once, when it reaches 33);
//  - `blocks.stack_distance`: log2 buckets of each read's reuse distance at the level of the
//    whole cache: the distinct blocks read since the block's previous read (for A B C A, A's
//    distance is 2); a fully associative LRU cache of N lines hits exactly the distances below
//    N. A block's first read counts in `blocks.first_reads` instead.
// Memory grows with the reads (a Fenwick tree over read times, rebuilt as it doubles) and the
// blocks; it is meant for characterization runs.

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "sim/stats.h"
#include "sim/time.h"

namespace warpsim {

class BlockStats {
 public:
  static constexpr std::uint32_t kCountBuckets = 34;

  explicit BlockStats(StatGroup& cache_stats);
  void read(Addr line);

 private:
  void mark(std::uint64_t time, int delta);
  std::uint64_t marked_before(std::uint64_t time) const;  // marks at times < time
  void grow();

  struct Block {
    std::uint64_t last = 0;  // time of its latest read
    std::uint32_t reads = 0;
  };
  std::unordered_map<Addr, Block> blocks_;
  std::vector<std::int32_t> tree_;   // Fenwick tree over read times, 1-based
  std::vector<std::uint8_t> marks_;  // the marks themselves, to rebuild the tree
  std::uint64_t now_ = 0;            // reads so far
  Histogram& reads_at_least_;
  Histogram& stack_distance_;
  Counter& first_reads_;
};

}  // namespace warpsim
