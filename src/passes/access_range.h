#pragma once

// The access range of a set of scratchpad variables (seed 002, digest §2.8): a program point is
// in the range of a set S when some path from the entry to it accesses a variable of S and some
// path from it to the exit does too. "Reorder" puts in the shared region the variables whose
// range is smallest, so that a CTA holds the pair's lock for as few instructions as possible.
//
//   PreOUT(v,B)  = B accesses v || PreIN(v,B);    PreIN(v,B)  = OR over preds (false at entry)
//   PostIN(v,B)  = B accesses v || PostOUT(v,B);  PostOUT(v,B) = OR over succs (false at exit)
//   AccIN(S,B)   = (OR_{v in S} PreIN(v,B)) && (OR_{v in S} PostIN(v,B)); AccOUT likewise.

#include <cstdint>
#include <vector>

#include "ptx/analysis/bit_set.h"
#include "ptx/cfg.h"
#include "ptx/graph.h"

namespace warpsim::passes {

struct AccessFlow {
  std::vector<ptx::BitSet> pre_in, pre_out, post_in, post_out;  // per node, over variables
};

// accesses[n]: the variables node n accesses (all of one size).
AccessFlow solve_access_flow(const ptx::Digraph& graph, ptx::NodeId entry, ptx::NodeId exit,
                             const std::vector<ptx::BitSet>& accesses);

bool acc_in(const AccessFlow& flow, ptx::NodeId node, const ptx::BitSet& set);
bool acc_out(const AccessFlow& flow, ptx::NodeId node, const ptx::BitSet& set);

// Per instruction of a function: the variables accessed on some path from the entry up to and
// including it (`before`) and from it to the exit (`after`), and its weight: loop_weight to the
// power of its loop depth, the paper's "approximate bounds" for loops.
struct InstructionRanges {
  std::vector<std::uint64_t> before;
  std::vector<std::uint64_t> after;
  std::vector<double> weight;

  // The weighted instruction count of the range of the variable set `set`.
  double range_size(std::uint64_t set) const;
};

// `inst_access[i]`: the variables instruction i accesses (shared_accesses()); at most 64.
InstructionRanges instruction_ranges(const ptx::Cfg& cfg,
                                     const std::vector<std::uint64_t>& inst_access,
                                     std::size_t variables, double loop_weight);

}  // namespace warpsim::passes
