#pragma once

// The timing state of one warp slot of an SM: the functional warp it runs, its instruction
// buffer and its scoreboard.

#include <cstdint>

#include "func/warp_state.h"
#include "sim/time.h"
#include "sm/issue_cost.h"
#include "sm/local_layout.h"
#include "sm/scoreboard.h"

namespace warpsim {

class KernelSource;

inline constexpr Addr kNoLine = ~Addr{0};

struct SmWarp {
  bool valid = false;     // holds a warp of a resident CTA
  bool finished = false;  // every lane exited (stores may still be in flight)
  // Its last instruction, a shared-memory access, waits for its pair's scratchpad lock
  // (Sm::held_; seed 002): it issues nothing until the access goes to the LD/ST unit.
  bool lock_wait = false;
  std::uint32_t cta_slot = 0;
  LocalLayout local;                     // where its local memory lies (fixed when its CTA starts)
  std::uint32_t code_region = 0;         // its kernel's code region (sm/fetch.h)
  const KernelSource* source = nullptr;  // its kernel's (code offsets)
  std::uint64_t age = 0;
  std::uint32_t warp_cap = 0;   // issue cap of its kernel (sm.throttle.warps, PCAL; 0: none)
  std::uint32_t token_cap = 0;  // the oldest this many of its kernel's warps hold tokens (0: all)
  func::WarpState* state = nullptr;
  // What the per-cycle checks read of `state`, copied whenever it changes (Sm::touch) so that
  // they stay in this struct: the next instruction, its register window, a barrier wait.
  const func::FunctionCode* code = nullptr;
  std::uint32_t pc = 0;
  std::uint32_t reg_base = 0;
  bool at_barrier = false;

  // Instruction buffer: `ib_count` decoded instructions of `ib_code` starting at `ib_pc`, and
  // `ib_pending` more arriving at `ib_pending_ready` (one fetch in flight at a time).
  const func::FunctionCode* ib_code = nullptr;
  std::uint32_t ib_pc = 0;
  std::uint32_t ib_count = 0;
  std::uint32_t ib_pending = 0;
  std::uint64_t ib_pending_ready = 0;
  Addr fetch_wait_line = kNoLine;  // waiting for this I-cache line

  Scoreboard scoreboard;
  std::uint32_t outstanding_mem = 0;  // memory instructions not yet completed

  // sm.issue_costs (sm/issue_cost.h): the issue costs of `costs_code`'s instructions (and with
  // sm.count_issue_keys their issue counts), and the part of an issue slot (hundredths) its
  // instructions have cost so far but not yet taken.
  const func::FunctionCode* costs_code = nullptr;
  const IssueCost* costs = nullptr;
  std::uint64_t* issued = nullptr;
  std::uint32_t issue_credit = 0;

  void flush_ibuffer() {
    ib_count = 0;
    ib_pending = 0;
    fetch_wait_line = kNoLine;
  }
  // Moves arrived entries into the buffer.
  void settle_ibuffer(Cycle now) {
    if (ib_pending != 0 && ib_pending_ready <= now.value()) {
      ib_count += ib_pending;
      ib_pending = 0;
    }
  }
  bool issuable() const { return valid && !finished; }
};

}  // namespace warpsim
