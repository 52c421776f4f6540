#pragma once

// The steps of infer_cache (infer_cache.h) and what they share. Line indices count lines of the
// inferred size from the start of the chased array.

#include <cstdint>
#include <string>
#include <vector>

#include "probe/chase_runner.h"
#include "probe/latency_levels.h"

namespace warpsim::probe {

struct CacheProbe {
  explicit CacheProbe(ChaseRunner& runner) : run(runner) {}

  ChaseRunner& run;
  std::uint32_t max_records = 0;
  LatencyLevel hit;                         // the cache's hit latency level (a small warm array)
  std::uint32_t above = 0;                  // loads slower than this missed the cache
  std::uint32_t line = 0;                   // b, once known
  std::uint64_t size = 0;                   // C, once known
  std::vector<std::uint32_t> miss_latency;  // latencies of misses seen, for the miss level
};

// Stage 2 (cache_sets.cc): arrays of C + k*b bytes at stride b, one step per call.
class SetStepper {
 public:
  explicit SetStepper(CacheProbe& probe) : probe_(probe) {}

  // Runs step k = steps() + 1: `warm` untimed passes, then `passes` recorded ones. Returns the
  // set that started missing at this step (the new line among its members), or an empty list
  // when the new line joined a set that already overflowed.
  std::vector<std::uint64_t> step(std::uint32_t warm, std::uint32_t passes);
  // Every line missed at the last step (all sets overflowed), or, where the policy is not LRU
  // (and some lines of overflowed sets may keep hitting), the sets found hold C.
  bool done(bool lru) const;
  // Records the next step costs with `passes` recorded passes.
  std::uint64_t step_records(std::uint32_t passes) const;

  const std::vector<std::vector<std::uint64_t>>& sets() const { return sets_; }
  std::uint64_t steps() const { return steps_; }
  std::uint64_t stray_lines() const { return stray_; }

 private:
  CacheProbe& probe_;
  std::uint64_t steps_ = 0;
  std::vector<bool> missed_;  // per line: missed at some step so far
  std::vector<std::vector<std::uint64_t>> sets_;
  bool all_missed_ = false;
  std::uint64_t stray_ = 0;  // lines that started missing apart from any new set (non-LRU)
};

// Keeps only the lines of `group` that its conflict needs: chased alone, `group` misses; a member
// whose removal still leaves misses is not in the overflowed set (cache_sets.cc).
std::vector<std::uint64_t> minimal_conflict(CacheProbe& probe, std::vector<std::uint64_t> group);

// Replacement (cache_replacement.cc), from chasing one overflowed set's lines alone.
struct ReplacementFinding {
  std::string policy;  // "lru", "non-lru", or "unknown" when the lines did not conflict
  std::vector<double> victim_share;
  std::string note;
};
ReplacementFinding probe_replacement(CacheProbe& probe, const std::vector<std::uint64_t>& set);

// Whether misses[i] == misses[i + period] for every i >= from.
bool periodic(const std::vector<bool>& misses, std::size_t period, std::size_t from);

// Per-way victim shares from replaying a chase of ways + 1 lines that share a set (§2.4 step 3):
// once the set holds `ways` of them, one line is out at a time, so the line of the next miss is
// the victim of each miss and takes over its way. `anchored`: the chase started on an empty set
// (its first ways + 1 loads missed, and one of the next pass), so ways are numbered in the order
// the lines filled them; otherwise in the order they are first evicted (an arbitrary numbering).
// Empty when nothing was evicted.
std::vector<double> replay_victims(const std::vector<std::size_t>& line_of_load,
                                   const std::vector<bool>& miss, std::size_t ways, bool& anchored);

// Set mapping (cache_mapping.cc).
struct SetMapping {
  std::string text;                // "bits 7-8", "hashed (not a bit field)", ...
  std::vector<std::size_t> order;  // the sets in set-index order (bit fields) or as found
};
SetMapping describe_mapping(const std::vector<std::vector<std::uint64_t>>& sets,
                            std::uint32_t line);
// Without traces: whether a+1 lines `stride` apart conflict, for bit-field strides.
std::string probe_bit_mapping(CacheProbe& probe, std::uint32_t ways, std::uint32_t sets);

}  // namespace warpsim::probe
