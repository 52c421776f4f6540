#pragma once

// The PTX of the microbenchmark kernels (microbench/kernels/*.cu, committed as
// ptx/sm_75/microbench__kernels__*.ptx), compiled into warpsim (cmake/embed_files.cmake)
// so that `warpsim probe` needs no file at run time. sm_75 is the oldest PTX committed; the
// simulator runs it on every preset (the functional model does not check .target).

#include <span>

#include "sim/embedded_file.h"

namespace warpsim::probe {

// Keyed by the kernel file's name ("chase" for microbench/kernels/chase.cu), sorted.
std::span<const EmbeddedFile> microbench_ptx();

}  // namespace warpsim::probe
