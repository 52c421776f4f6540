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

#include <cstdint>
#include <span>
#include <vector>

#include "sim/time.h"

namespace warpsim {

// What a scheduler may know about one of its warp slots this cycle.
struct WarpView {
  bool valid = false;           // a live warp occupies the slot
  std::uint64_t age = 0;        // launch order on this SM: smaller is older (unique per warp)
  std::uint32_t cta_slot = 0;   // which resident CTA it belongs to
  bool waiting_memory = false;  // its next instruction waits for a load's result
  bool at_barrier = false;      // it waits at a barrier
  bool finished = false;        // every lane has exited (it may still have stores in flight)
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
  };

  virtual ~WarpScheduler() = default;

  virtual void order(std::span<const WarpView> warps, Cycle now,
                     std::vector<std::uint32_t>& out) = 0;
  virtual void on_issue(std::uint32_t /*index*/, const IssueInfo& /*info*/) {}
  virtual void on_warp_start(std::uint32_t /*index*/) {}
  virtual void on_warp_end(std::uint32_t /*index*/) {}
};

}  // namespace warpsim
