#pragma once

// A warp scheduler's policy: the order in which one scheduler of an SM considers its warps
// each cycle. The SM asks for the order, then issues the first warp in it that can issue (up to
// the scheduler's issue width), and tells the policy what it issued. Policies never see the
// functional state; they decide from what WarpView says and from their own memory of past
// issues.
//
// Contract:
// - order() writes a permutation of a subset of the view's indices into `out` (warps it leaves
//   out are not considered this cycle: a two-level policy's pending warps). Invalid views
//   (empty slots) must be left out. The order must depend only on the calls the policy has
//   received, so runs are deterministic. The SM calls order() only in cycles in which it ticks,
//   and only when at least one warp is valid; with idle skipping it skips cycles in which no
//   view changes. So order() must be idempotent: a second call with the same views must
//   return the same order and leave the policy in the same state (skip ≡ no-skip).
// - on_issue(index, ...) follows for each instruction issued in the cycle, in issue order.
// - on_warp_start(index) and on_warp_end(index) bracket a warp's life in a slot.
// - A policy whose watches_l1d() is true hears of the SM's L1 data cache (on_l1d_*): evictions
//   of lines its warps placed, its warps' read misses, and every write. These arrive between
//   order() calls, in the cycle they happen.

#include <cstdint>
#include <span>
#include <vector>

#include "sim/time.h"

namespace warpsim {

class StatGroup;

// Seed 002's scratchpad sharing: the warp's CTA owns its pair's shared region (or will take it
// first), shares none, or is the partner of the owner (sm/scratchpad_sharing.h).
enum class ShareRole : std::uint8_t { kOwner, kUnshared, kNonOwner };

// What a scheduler may know about one of its warp slots this cycle.
struct WarpView {
  bool valid = false;           // a live warp occupies the slot
  std::uint64_t age = 0;        // launch order on this SM: smaller is older (unique per warp)
  std::uint32_t cta_slot = 0;   // which resident CTA it belongs to
  bool waiting_memory = false;  // its next instruction waits for a load's result
  bool at_barrier = false;      // it waits at a barrier
  bool finished = false;        // every lane has exited (it may still have stores in flight)
  bool ready = false;           // it can issue now (the SM's checks passed this cycle)
  bool global_load = false;     // its next instruction loads global or local memory
  ShareRole share = ShareRole::kUnshared;  // scratchpad sharing (OWF)
};

struct IssueInfo {
  Cycle cycle;
  bool memory = false;        // a load, store, atomic or texture instruction
  bool long_latency = false;  // its result comes from the memory system
};

class WarpScheduler {
 public:
  static constexpr const char* kKind = "warp_scheduler";

  struct Context {
    std::uint32_t scheduler = 0;  // index of this scheduler within its SM
    std::uint32_t slots = 0;      // warp slots this scheduler serves (size of every view)
    // The SM's statistics; a policy with counters of its own puts them in the child group
    // POLICY.schedulerN (N: `scheduler`). Null when the caller gives none (tests).
    StatGroup* stats = nullptr;
  };

  virtual ~WarpScheduler() = default;

  virtual void order(std::span<const WarpView> warps, Cycle now,
                     std::vector<std::uint32_t>& out) = 0;
  virtual void on_issue(std::uint32_t /*index*/, const IssueInfo& /*info*/) {}
  virtual void on_warp_start(std::uint32_t /*index*/) {}
  virtual void on_warp_end(std::uint32_t /*index*/) {}

  // L1D events (cache_listener.h), for policies that return true here. Lines are line numbers.
  virtual bool watches_l1d() const { return false; }
  // Line `line`, placed by warp `index`'s access, was evicted.
  virtual void on_l1d_eviction(std::uint32_t /*index*/, std::uint64_t /*line*/, Cycle /*now*/) {}
  // Warp `index` read `line` and missed (a miss that sends a fetch; not a reserved hit).
  virtual void on_l1d_miss(std::uint32_t /*index*/, std::uint64_t /*line*/, Cycle /*now*/) {}
  // Some warp of the SM wrote `line` (a store or an atomic), whatever the outcome.
  virtual void on_l1d_write(std::uint64_t /*line*/, Cycle /*now*/) {}
};

}  // namespace warpsim
