#pragma once

// An instruction prefetcher between the SM's L1 I-cache and the memory system (seed 000,
// Chao Li's thesis, ch. 6): the fetch unit (fetch.h) asks it what to do with each demand miss
// and hands it the fills of the lines it asked for.
//
// Contract:
// - on_demand_miss(line, out) is called for a demand fetch that missed in the I-cache on `line`
//   and did not merge with a miss already in flight. Its verdict:
//     kMiss     the prefetcher does not hold the line; the fetch unit sends the demand miss
//               through its MSHRs. (If every MSHR is busy the fetch is refused and the same
//               miss comes again later, so a policy returning kMiss keeps no state from it.)
//     kReady    the prefetcher holds the line and gives it up: the fetch unit places it in the
//               I-cache and the fetch proceeds as a hit, one cycle later.
//     kPending  the prefetcher has requested the line; the warp waits for its fill.
//   Lines the policy wants fetched go to `out`: kIntoCache lines the fetch unit requests through
//   its MSHRs and places in the I-cache at the eviction end of their set (a prefetch neither
//   promotes a line it finds present nor counts as a use of the line it fills), skipping lines
//   present or in flight and dropping them when no MSHR is free; kForPolicy lines it sends to
//   memory as they are, their fills coming back through on_fill.
// - on_fill(line) hands over the fill of a kForPolicy line; it returns whether the policy keeps
//   the line (false: a request it no longer wants). Whether or not it keeps it, when warps wait
//   on the line the fetch unit then calls take(line) (if kept) and places it in the I-cache.
// - Given the same calls, a policy makes the same decisions.

#include <cstdint>
#include <vector>

#include "mem/packet.h"

namespace warpsim {

class StatGroup;

struct PrefetchRequest {
  enum class Target : std::uint8_t { kIntoCache, kForPolicy };
  Addr line = 0;
  Target target = Target::kIntoCache;
};

class IcachePrefetcher {
 public:
  static constexpr const char* kKind = "icache_prefetcher";

  struct Context {
    std::uint32_t line = 128;  // I-cache line size in bytes
    // The I-cache's statistics; a policy's own counters go in the child group `prefetch`. Null
    // when the caller gives none (tests).
    StatGroup* stats = nullptr;
  };

  enum class Verdict : std::uint8_t { kMiss, kReady, kPending };

  virtual ~IcachePrefetcher() = default;

  virtual Verdict on_demand_miss(Addr line, std::vector<PrefetchRequest>& out) = 0;
  virtual bool on_fill(Addr /*line*/) { return false; }
  virtual void take(Addr /*line*/) {}
};

}  // namespace warpsim
