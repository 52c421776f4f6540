#pragma once

// The architectural state of one warp: its register windows (one per active call), the SIMT
// reconvergence stack, the call stack and each lane's local memory (its stack of frames).

#include <array>
#include <cstdint>
#include <vector>

#include "func/dim3.h"
#include "func/lanes.h"
#include "func/program.h"
#include "sim/time.h"

namespace warpsim::func {

// One SIMT stack entry: lanes `mask` run from `pc` until they reach `rpc`, where the entry is
// popped and the lanes rejoin their parent: the nearest entry below with one less `depth` (a
// function's bottom entry has depth 0). Entries are the stack's depth-first order of a tree, so
// each subtree is a contiguous range; independent thread scheduling (func/its.h) reorders
// sibling subtrees and marks paths that spun or wait at a barrier.
struct SimtEntry {
  std::uint32_t pc = 0;
  std::uint32_t rpc = kNoPc;
  LaneMask mask = 0;
  std::uint16_t depth = 0;
  std::uint8_t parked = 0;  // independent scheduling: 1 + the CTA barrier the lanes wait at,
                            // or kParkedAtWarpSync
  bool spun = false;        // independent scheduling: spun since the warp last made progress
};

// SimtEntry::parked of a path waiting at bar.warp.sync for lanes on other paths.
inline constexpr std::uint8_t kParkedAtWarpSync = 0xff;

// Independent thread scheduling: the bar.warp.sync round in progress (lanes named in the member
// masks so far, lanes that have arrived).
struct WarpSync {
  LaneMask members = 0;
  LaneMask arrived = 0;
};

// The watch for a path that spins (func/its.h): the back edge it keeps taking, and a copy of its
// lanes' registers once it has taken it kSpinCheck times.
struct SpinWatch {
  std::uint32_t target = kNoPc;
  std::uint32_t stack_size = 0;  // the SIMT stack's size when the count began
  LaneMask mask = 0;
  std::uint32_t count = 0;
  std::uint32_t spins = 0;  // lockstep: register comparisons in a row that found a spin
  std::vector<std::uint64_t> registers;
};

struct CallFrame {
  const FunctionCode* code = nullptr;
  std::uint32_t simt_base = 0;             // index of the function's bottom SIMT entry
  std::uint32_t reg_base = 0;              // first slot of its register window
  Addr frame_base = 0;                     // its frame in each lane's local memory
  const DecodedInst* call_site = nullptr;  // the caller's call instruction (null for a kernel)
};

// Why a warp cannot issue.
enum class WarpWait : std::uint8_t { kNone, kBarrier, kDone };

struct WarpState {
  std::uint32_t warp_id = 0;  // within the CTA
  LaneMask live = 0;          // lanes that exist and have not exited
  std::vector<SimtEntry> simt;
  std::vector<CallFrame> calls;
  std::vector<LaneValues> regs;
  std::array<std::vector<std::uint8_t>, kWarpSize> local;  // each lane's stack memory
  Addr stack_top = 0;                                      // bytes of frames in use
  std::array<Dim3, kWarpSize> tid{};
  WarpWait wait = WarpWait::kNone;
  std::uint32_t barrier = 0;   // kBarrier: which one
  LaneMask barrier_lanes = 0;  // kBarrier: the lanes that arrived
  std::uint64_t executed = 0;  // warp instructions issued
  LaneValues carry{};          // each lane's carry flag (add.cc, addc ...), 0 or 1
  SpinWatch spin;              // a diverged path spinning on a back edge
  WarpSync warp_sync;          // independent thread scheduling only
  bool any_spun = false;       // some entry has `spun` set

  bool done() const { return wait == WarpWait::kDone; }
  const CallFrame& frame() const { return calls.back(); }
  LaneValues* window() { return regs.data() + calls.back().reg_base; }
};

}  // namespace warpsim::func
