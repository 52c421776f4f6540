#pragma once

// Where `relssp` goes (seed 002, digest §2.9): after the last access to the shared scratchpad
// region on every path, executed exactly once per thread. Pure graph analyses, so the unit tests
// can run them on hand-made CFGs.
//
// OPT: the backward must-problem
//   SafeIN(B)  = false if B accesses the shared region, else SafeOUT(B)
//   SafeOUT(B) = true at the exit, else AND of SafeIN(S) over successors S
// solved to its maximal fixed point, and the insertion sets
//   INS_OUT(B) = SafeOUT(B) && !SafeIN(B)              (right after B's last access)
//   INS_IN(B)  = !(AND of SafeOUT(P) over preds P) && SafeIN(B)   (at B's start)
// Contract (OPT): the graph has no critical edges (ptx::split_critical_edges); then every path
// from `entry` to `exit` meets exactly one insertion point when SafeOUT(entry) is false (some
// access is reachable) and none otherwise, and no access follows it on the path.
//
// PostDom: one point, the nearest common post-dominator of the accessing blocks, moved up the
// post-dominator tree until it dominates the exit (every thread passes it), lies in no loop
// (once per thread) and no access can follow it. None when that point is the exit itself
// (releasing at the exit is what the hardware does anyway) or nothing accesses the region.

#include <cstdint>
#include <vector>

#include "ptx/graph.h"

namespace warpsim::passes {

struct SafeSets {
  std::vector<bool> safe_in;
  std::vector<bool> safe_out;
};

// accesses[n]: whether node n accesses the shared region (its size is the graph's).
SafeSets solve_safe(const ptx::Digraph& graph, ptx::NodeId entry, ptx::NodeId exit,
                    const std::vector<bool>& accesses);

struct Placement {
  enum class Where : std::uint8_t { kAtStart, kAfterLastAccess };
  ptx::NodeId node = ptx::kNoNode;
  Where where = Where::kAtStart;
  bool operator==(const Placement&) const = default;
};

// OPT's insertion points, in node order (INS_OUT before INS_IN for one node: never both).
std::vector<Placement> place_opt(const ptx::Digraph& graph, ptx::NodeId entry, ptx::NodeId exit,
                                 const std::vector<bool>& accesses);

// PostDom's insertion point; empty when there is none (see above).
std::vector<Placement> place_postdom(const ptx::Digraph& graph, ptx::NodeId entry, ptx::NodeId exit,
                                     const std::vector<bool>& accesses);

}  // namespace warpsim::passes
