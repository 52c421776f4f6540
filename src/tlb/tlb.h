#pragma once

// Address translation timing: a per-SM L1 TLB (TlbUnit) in front of one GPU-wide L2 TLB with
// the page-table walk and page-table window (SharedTlb), after Mei & Chu's measurements
// (seed 003).
//
// These are plain objects, not Components: the LD/ST unit calls translate() when a request
// needs its address and holds the request until the returned cycle. Translations are computed
// analytically at the time of the call, and the L2 TLB and window are updated then too; no
// port contention or request queueing in the TLBs is modelled. Results are deterministic
// because SMs tick in a fixed order and core cycles never go backwards between calls.
//
// Latency of a translation requested at cycle `now` (all values in core cycles):
//   L1 hit:                        now + l1.hit_latency
//   L1 miss, L2 hit:               now + l1.hit_latency + l2.latency
//   L1 miss, L2 miss (walk):       now + l1.hit_latency + l2.latency + walk_latency
//                                  (+ walk_miss_latency when the page's entry is not in the
//                                  walk cache; + page_window.switch_latency when the walk's
//                                  page lies outside the active window)
// The walk cache holds the page-table entries of the last walks (one per page; none when
// walk_cache.entries is 0, so that every walk misses it). Only walks look it up and fill it: a
// page revisited while its entry is cached walks cheaply (seed 003's P3), a page never walked
// pays for its entry's read from memory (P5). A walk that finds an entry still being fetched
// by an earlier walk waits for it.
// A miss to a page this SM is already translating returns that translation's ready cycle
// (merged; no L2 lookup); an L2 miss to a page another SM's walk is still bringing in returns
// the later of that walk's ready cycle and an L2 hit's (no second walk).
//
// Stats. TlbUnit: accesses = hits + misses; merged = misses that joined a translation of the
// same SM already in flight; the others (misses - merged) are the L2 TLB's accesses.
// SharedTlb: accesses = hits + misses; walks = misses that started a page-table walk (the
// rest joined a walk in flight); walk_cache_misses = walks whose entry was not in the walk
// cache (every walk without one); window_switches = walks that moved the page window.

#include <cstdint>
#include <optional>

#include "sim/stats.h"
#include "sim/time.h"
#include "tlb/tlb_array.h"
#include "tlb/tlb_config.h"

namespace warpsim {

// The GPU-wide part: the L2 TLB, page-table walks and the page-table window. One per GPU.
class SharedTlb {
 public:
  // Registers its stats in `stats` (e.g. gpu.l2_tlb). Builds nothing when translation is off.
  SharedTlb(const TlbConfig& config, StatGroup& stats);

  const TlbConfig& config() const { return config_; }
  bool enabled() const { return config_.enabled; }

  // An L1 TLB miss for `page` known at cycle `at` (the requester's lookup done): the cycle the
  // translation is back at the requesting SM.
  std::uint64_t lookup(std::uint64_t page, std::uint64_t at, const AccessInfo& access);

 private:
  std::uint64_t walk_end(std::uint64_t page, std::uint64_t start, const AccessInfo& access);
  std::uint64_t window_penalty(std::uint64_t page);

  TlbConfig config_;
  std::optional<TlbArray> l2_;
  std::optional<TlbArray> walk_cache_;   // none when walk_cache.entries is 0
  std::uint64_t window_pages_ = 0;       // 0: no page window
  std::optional<std::uint64_t> window_;  // active window number; none before the first walk
  Counter& accesses_;
  Counter& hits_;
  Counter& misses_;
  Counter& walks_;
  Counter& walk_cache_misses_;
  Counter& window_switches_;
};

// What an L1 TLB lookup found: the cycle the translation is ready and whether the L1 TLB had it
// ready in time (false for every miss, merged ones included).
struct TlbLookup {
  std::uint64_t ready = 0;
  bool l1_hit = true;
};

// One SM's L1 TLB; misses go to the SharedTlb it was given, which must outlive it.
class TlbUnit {
 public:
  // Registers its stats in `stats` (e.g. gpu.sm[3].l1_tlb). `sm_id` reaches replacement
  // policies (AccessInfo) and seeds them.
  TlbUnit(SharedTlb& shared, std::uint32_t sm_id, StatGroup& stats);

  bool enabled() const { return shared_.enabled(); }
  const TlbConfig& config() const { return shared_.config(); }

  // The core cycle at which the translation of `addr`, requested at core cycle `now`, is ready
  // (>= now). Returns `now` when translation is off.
  std::uint64_t translate(Addr addr, std::uint64_t now) { return lookup(addr, now).ready; }
  // The same, with whether the L1 TLB hit ({now, true} when translation is off).
  TlbLookup lookup(Addr addr, std::uint64_t now);

 private:
  SharedTlb& shared_;
  std::uint32_t sm_id_;
  std::uint32_t page_shift_ = 0;
  std::uint32_t hit_latency_ = 0;
  std::optional<TlbArray> l1_;
  Counter& accesses_;
  Counter& hits_;
  Counter& misses_;
  Counter& merged_;
};

}  // namespace warpsim
