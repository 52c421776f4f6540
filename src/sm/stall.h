#pragma once

// Why a warp scheduler did not issue in a cycle: exactly one reason per scheduler per cycle.
// When several warps are stalled for different reasons, the reason of the warp that came
// closest to issuing counts (the later the stage that stopped it, the closer), so the breakdown
// says what would have to change for the scheduler to issue.

#include <array>
#include <cstdint>

namespace warpsim {

enum class Stall : std::uint8_t {
  kIssued,           // not a stall: the scheduler issued at least one instruction
  kIdle,             // no live warp assigned to the scheduler
  kNoInstruction,    // instruction buffer empty: I-cache miss, fetch or branch refill
  kBarrier,          // waiting at a barrier (or for its own stores to drain before exit)
  kScoreboardMem,    // an operand waits for a load (or the warp waits on a fence)
  kScoreboardAlu,    // an operand waits for an arithmetic result
  kPipelineBusy,     // the functional unit cannot accept an instruction this cycle
  kMemBackPressure,  // the LD/ST unit's queue is full
  kScratchpadLock,   // its shared-memory access waits for its partner CTA's lock (seed 002)
  kCount,
};

inline constexpr std::array<const char*, static_cast<std::size_t>(Stall::kCount)> kStallNames = {
    "issued",         "idle",          "no_instruction",    "barrier",        "scoreboard_mem",
    "scoreboard_alu", "pipeline_busy", "mem_back_pressure", "scratchpad_lock"};

inline const char* stall_name(Stall s) { return kStallNames[static_cast<std::size_t>(s)]; }

// How close a warp came to issuing; the scheduler's cycle takes the reason of the closest (the
// first of equally close ones in the policy's order).
inline int stall_rank(Stall s) {
  switch (s) {
    case Stall::kIssued:
      return 8;
    case Stall::kMemBackPressure:
      return 7;
    case Stall::kPipelineBusy:
      return 6;
    case Stall::kScoreboardMem:
    case Stall::kScoreboardAlu:
      return 5;
    case Stall::kScratchpadLock:
      return 4;
    case Stall::kNoInstruction:
      return 3;
    case Stall::kBarrier:
      return 2;
    default:
      return 0;
  }
}

}  // namespace warpsim
