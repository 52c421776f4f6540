#pragma once

// If-conversion: a short block that a guarded forward branch jumps over,
//
//     @%p bra L;  <body>  L:
//
// becomes the body with every instruction guarded by @!%p, and the branch (and L, when nothing
// else jumps there) goes away. A lane for which %p holds did nothing in the body before and
// does nothing now, so the program computes the same; what changes is that the body's loads
// now share one basic block with the code around them, where hoist_loads can issue them
// together, as ptxas predicates such blocks. A body is converted only when it has at most
// `max_insts` instructions, no label inside (nothing else enters it), no guard of its own, no
// scope or declaration, only pure arithmetic, plain loads and plain stores, and does not write
// the branch's predicate.

#include <cstdint>

#include "ptx/ir.h"

namespace warpsim::passes {

// Converts every such block of `fn`; returns how many.
std::uint64_t if_convert(ptx::Function& fn, std::uint32_t max_insts);

}  // namespace warpsim::passes
