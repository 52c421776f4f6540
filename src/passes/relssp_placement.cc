#include "passes/relssp_placement.h"

#include <stdexcept>

#include "ptx/analysis/dataflow.h"
#include "ptx/analysis/dominators.h"
#include "ptx/analysis/loops.h"

namespace warpsim::passes {

using ptx::NodeId;

SafeSets solve_safe(const ptx::Digraph& graph, NodeId entry, NodeId exit,
                    const std::vector<bool>& accesses) {
  if (accesses.size() != graph.size()) {
    throw std::invalid_argument("solve_safe: one access flag per node expected");
  }
  // One bit: "safe". Intersection meet starts every node at true (the maximal fixed point) and
  // the boundary at the exit is true.
  const ptx::BitSetLattice lattice(1, ptx::MeetKind::kIntersection);
  const ptx::FlowSpec spec{ptx::FlowDirection::kBackward, entry, exit};
  const auto result =
      ptx::solve_dataflow(graph, spec, lattice, ptx::BitSet(1, true),
                          [&](NodeId node, const ptx::BitSet& out, ptx::BitSet& in) {
                            in = accesses[node] ? ptx::BitSet(1, false) : out;
                          });
  SafeSets sets;
  sets.safe_in.resize(graph.size());
  sets.safe_out.resize(graph.size());
  for (NodeId n = 0; n < graph.size(); ++n) {
    sets.safe_in[n] = result.in[n].test(0);
    sets.safe_out[n] = result.out[n].test(0);
  }
  return sets;
}

std::vector<Placement> place_opt(const ptx::Digraph& graph, NodeId entry, NodeId exit,
                                 const std::vector<bool>& accesses) {
  const SafeSets safe = solve_safe(graph, entry, exit, accesses);
  std::vector<Placement> out;
  for (NodeId n = 0; n < graph.size(); ++n) {
    if (safe.safe_out[n] && !safe.safe_in[n]) {
      out.push_back({n, Placement::Where::kAfterLastAccess});
      continue;
    }
    bool preds_safe = true;  // AND over no predecessors is true
    for (NodeId p : graph.preds(n)) preds_safe = preds_safe && safe.safe_out[p];
    if (!preds_safe && safe.safe_in[n]) out.push_back({n, Placement::Where::kAtStart});
  }
  return out;
}

std::vector<Placement> place_postdom(const ptx::Digraph& graph, NodeId entry, NodeId exit,
                                     const std::vector<bool>& accesses) {
  const SafeSets safe = solve_safe(graph, entry, exit, accesses);
  const ptx::PostDominatorTree pdt(graph, entry, exit);
  const ptx::DominatorTree dom(graph, entry);
  const ptx::LoopForest loops(graph, dom);
  NodeId point = ptx::kNoNode;
  for (NodeId n = 0; n < graph.size(); ++n) {
    if (!accesses[n] || !dom.reachable(n) || !pdt.in_scope(n)) continue;
    point = point == ptx::kNoNode ? n : pdt.nearest_common_post_dominator(point, n);
  }
  const auto good = [&](NodeId n) {
    const bool after_access = accesses[n] ? safe.safe_out[n] : safe.safe_in[n];
    return after_access && dom.dominates(n, exit) && loops.loop_depth(n) == 0;
  };
  while (point != ptx::kNoNode && point != exit && !good(point)) {
    point = pdt.immediate_post_dominator(point);
  }
  if (point == ptx::kNoNode || point == exit) return {};
  return {
      {point, accesses[point] ? Placement::Where::kAfterLastAccess : Placement::Where::kAtStart}};
}

}  // namespace warpsim::passes
