#pragma once

// Checked access to any state space for one lane. Every load, store, atomic, texture fetch and
// printf argument read goes through here, so out-of-bounds and misaligned accesses are caught
// in one place and reported with the kernel, PTX line, block, thread and address.

#include <cstdint>

#include "func/exec_context.h"
#include "ptx/types.h"

namespace warpsim::func {

enum class AccessKind : std::uint8_t { kRead, kWrite, kAtomic };

struct Resolved {
  std::uint8_t* ptr = nullptr;
  ptx::StateSpace space = ptx::StateSpace::kGlobal;  // after resolving a generic address
  Addr address = 0;                                  // within that space
};

// Host pointer to `size` bytes at `addr` in `space` for `lane`. `align` (default: `size`) is
// the required alignment. Throws ExecError (through ctx.fail) when the range is outside every
// allocation / the CTA's shared memory / the thread's stack, misaligned, or a write to a
// read-only space (kernel parameters, constant memory through ld.const's space).
Resolved access_memory(ExecContext& ctx, const DecodedInst& inst, ptx::StateSpace space,
                       unsigned lane, Addr addr, std::uint32_t size, AccessKind kind,
                       std::uint32_t align = 0);

// Host pointer to a NUL-terminated string in global/const memory (printf formats): nullptr if
// it runs off its allocation.
const char* global_string(ExecContext& ctx, Addr generic_addr);

}  // namespace warpsim::func
