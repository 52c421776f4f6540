#pragma once

#include "func/handlers.h"

namespace warpsim::func {

ExecFn select_move(const ptx::Instruction& inst);
ExecFn select_load_store(const ptx::Instruction& inst);

}  // namespace warpsim::func
