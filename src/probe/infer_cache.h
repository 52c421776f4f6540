#pragma once

// Seed 003's (Mei & Chu) inference of a cache's structure from fine-grained P-chases (§2.4):
//  0. size C: the largest array whose every access hits, searched by doubling and then
//     bisection on line multiples (so 12 KB, 24 KB, 48 KB, 1.5 MB come out as they are);
//  1. line b: the run length of "one miss, then hits" at a 4-byte stride in an overflowed array
//     (the unit a miss fills: a sectored cache reads as lines of one sector, with ways counted
//     in sectors, as the paper's 96-way texture L1 of 32-byte lines);
//  2. sets: arrays of C + k*b bytes at stride b, k = 1, 2, ...; the lines that start missing
//     together at one step form one set (under LRU exactly a + 1 lines thrash, a the ways of the
//     set that overflowed), which works whatever the set-index function is (bit fields, the
//     texture L1's bits 7-8, the Fermi L1's hash, an L2 hash);
//  3. replacement: LRU when the misses of one overflowed set repeat with its period; otherwise
//     the victim of each miss, replayed from the trace (§2.4 step 3), gives each way's share.
// Which loads missed is read from their latencies (latency_levels.h), never a fixed threshold.
// Caches whose stage-2 traces would need more than `max_records` loads (an L2 of megabytes) are
// measured with counting chases instead: size, line, ways and replacement, but no set map.

#include <cstdint>
#include <optional>
#include <string>

#include "probe/chase.h"
#include "probe/hierarchy.h"

namespace warpsim::probe {

struct CacheSearch {
  LoadPath path = LoadPath::kGlobalCa;
  std::uint64_t max_bytes = 0;    // the largest array the size search tries
  std::uint32_t max_records = 0;  // the most loads one recorded trace may hold
  std::string name;               // for notes ("l1d", "texture", ...)
  // Where the hit level comes from: 0, a 256-byte array read word by word (its main level);
  // otherwise an array of this many bytes read once per 128 bytes, every sample but the slowest
  // one in 200: for an L2 whose hit latency depends on the address (an H100's or H200's near
  // and far partitions, 247-328 cycles), which a small array would see only part of, taking the
  // rest for misses.
  std::uint64_t hit_bytes = 0;
};

// std::nullopt when no array up to max_bytes misses (no cache on this path, or a bigger one).
// Throws std::invalid_argument for a search without max_bytes or max_records.
std::optional<CacheGeometry> infer_cache(const Chaser& chase, const CacheSearch& search);

}  // namespace warpsim::probe
