#pragma once

// The list scheduler behind hoist_loads: reorders one basic block so that each load issues as
// early as its dependences allow, the instructions it needs (its address, its guard, the value
// a guarded load keeps) just before it, and everything else in its old order after. The
// dependences kept: registers (read after write, write after read, write after write; a guarded
// instruction also reads what it writes), loads in their order, stores in their order, a load
// and a store that may touch the same memory (instruction_kinds.h), and every instruction that is
// not pure arithmetic, a plain load or a plain store (barriers, atomics, branches, volatile or
// generic accesses, ...) in place with respect to all others.

#include <cstdint>
#include <vector>

#include "ptx/ir.h"

namespace warpsim::passes {

struct BlockSchedule {
  std::uint64_t hoisted = 0;    // loads now earlier
  std::uint64_t producers = 0;  // other instructions now earlier, because a load needs them
  bool changed = false;
};

// Reorders insts[first, end) in place.
BlockSchedule schedule_loads_first(std::vector<ptx::Instruction>& insts, std::uint32_t first,
                                   std::uint32_t end);

}  // namespace warpsim::passes
