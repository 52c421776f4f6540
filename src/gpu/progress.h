#pragma once

// The --progress line: one line on stderr per gpu.progress_cycles simulated cycles, with the
// simulated cycle, the warp instructions so far and the rates since the previous line (the
// host's own time between kernels counts too). Shared by program runs (runtime/timing_mode.cc)
// and workload runs (app/workload_run.cc).

#include "gpu/gpu_model.h"

namespace warpsim {

ProgressFn stderr_progress();

}  // namespace warpsim
