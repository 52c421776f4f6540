#pragma once

// One CTA's shared state: shared memory, its warps and the 16 hardware barriers.

#include <array>
#include <cstdint>
#include <vector>

#include "func/dim3.h"
#include "func/warp_state.h"

namespace warpsim::func {

inline constexpr unsigned kNumBarriers = 16;

struct BarrierState {
  std::uint32_t arrived = 0;           // threads arrived in this round
  std::uint32_t expected = 0;          // threads the round needs; 0: every live thread of the CTA
  std::uint32_t pc = 0;                // where the first arrival waits (for messages)
  std::uint32_t reduce_count = 0;      // bar.red: threads with a true predicate
  std::vector<std::uint32_t> waiting;  // warps blocked on this barrier
  // bar.red destinations of waiting warps: (warp, slot in its window, lanes, op).
  struct Reduction {
    std::uint32_t warp = 0;
    std::uint32_t slot = 0;
    LaneMask lanes = 0;
    std::uint8_t op = 0;
  };
  std::vector<Reduction> reductions;
};

struct CtaState {
  Dim3 ctaid;
  std::uint64_t linear_id = 0;
  std::vector<std::uint8_t> shared;
  std::vector<WarpState> warps;
  std::uint32_t live_threads = 0;
  std::array<BarrierState, kNumBarriers> barriers{};
  // Barrier rounds completed so far: a change tells the timing model that warps other than the
  // one it stepped may have been released.
  std::uint64_t barrier_releases = 0;
  // Volta's independent thread scheduling (DeviceOptions::independent_scheduling, func/its.h).
  bool independent = false;

  bool done() const { return live_threads == 0; }
};

}  // namespace warpsim::func
