#pragma once

// Helpers shared by the warp-operation handlers.

#include "func/handlers.h"

namespace warpsim::func::warp {

// Operand `i` (membermask) per lane; every lane when the operand is absent (the legacy
// non-.sync forms), so the participants are then just the executing lanes.
LaneValues members(const ExecContext& ctx, const DecodedInst& inst, unsigned i);

// The PTX ISA leaves a .sync operation undefined when the executing thread is not in its own
// membermask: report it rather than produce a value.
void check_members(const ExecContext& ctx, const DecodedInst& inst, const LaneValues& member);

// redux.sync: add/min/max on .u32/.s32, and/or/xor on .b32, min/max{.abs}{.NaN} on .f32.
ExecFn select_redux(const ptx::Instruction& inst);

}  // namespace warpsim::func::warp
