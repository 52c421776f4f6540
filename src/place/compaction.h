#pragma once

// Pass 2 of seed 000 ch. 3's data-placement compiler (P3, the thesis's Fig. 3.7): thread
// compaction. Each thread of the new kernel does the work of `factor` threads of the old one
// along dimension `dim` (x or y): thread t stands for t + m * blockDim for m = 0 .. factor-1, and
// the block is launched `factor` times smaller in that dimension (the grid is unchanged).
//
// The rewrite follows which values depend on threadIdx.DIM ("variant"): a variable is variant
// when any assignment gives it a variant value or happens under a variant condition. Statements
// that mention nothing variant run once per new thread, as before; loops and ifs with invariant
// control stay and are rewritten inside; every other statement is repeated for m = 0 .. factor-1
// with threadIdx.DIM -> (threadIdx.DIM + m * blockDim.DIM), blockDim.DIM -> (blockDim.DIM *
// factor) and each variant variable v -> v__m. A load whose array and index are invariant (the
// thesis's redundant access) is read once, into a register, before the copies. Barriers stay
// where they are; the rewrite refuses (PlaceError) a barrier or a return under variant control,
// and warp-level functions (whose meaning depends on which threads share a warp).

#include <string>
#include <vector>

#include "place/cuda_source.h"

namespace warpsim::place {

struct CompactionInfo {
  char dim = 'y';
  double redundant_loads = 0;        // weighted (reference_weight) invariant loads
  int hoisted = 0;                   // loads the rewrite reads once before the copies
  int replicated = 0;                // statements repeated per compacted thread
  std::vector<std::string> variant;  // variant variables, in declaration order
};

// What compaction along `dim` finds in the kernel (the rewrite's plan, without rewriting).
// Throws PlaceError when the kernel cannot be compacted, saying why and where.
CompactionInfo analyze_compaction(const ParsedSource& source, const std::string& kernel, char dim);

// The source with the kernel compacted by `factor` along `dim`.
std::string compact_threads(const ParsedSource& source, const std::string& kernel, char dim,
                            int factor, CompactionInfo* info = nullptr);

}  // namespace warpsim::place
