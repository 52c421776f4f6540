#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "ptx/analysis/bit_set.h"
#include "ptx/analysis/dominators.h"
#include "ptx/analysis/graph_order.h"
#include "ptx/graph.h"

namespace warpsim::ptx {

using LoopId = std::uint32_t;
inline constexpr LoopId kNoLoop = std::numeric_limits<LoopId>::max();

// One natural loop: all back edges into the same header merged.
struct Loop {
  NodeId header = kNoNode;
  std::vector<NodeId> latches;   // sources of the back edges, in reverse postorder
  std::vector<NodeId> body;      // header first, then the rest in reverse postorder
  BitSet members;                // body as a set over node ids
  std::vector<GraphEdge> exits;  // u->v with u in body, v not; by u's RPO, then succ order
  LoopId parent = kNoLoop;       // innermost enclosing loop
  std::vector<LoopId> children;  // directly nested loops, in LoopId order
  std::uint32_t depth = 1;       // 1 for an outermost loop
};

// Natural loops and irreducible flow of a Digraph, from its dominator tree.
//
// Contract:
//  - Only nodes and edges reachable from the tree's root are considered. The DominatorTree
//    must have been built on this same graph.
//  - A back edge is an edge t->h with h dominating t (a self-loop h->h included). The loop of
//    header h is h plus every node that reaches a latch without passing through h.
//  - Loops are numbered by their header's reverse-postorder index, so an enclosing loop
//    always has a smaller LoopId than the loops nested in it. parent is the loop with the
//    latest header (in RPO) among the other loops whose body holds this loop's header.
//  - A retreating edge (one whose target is at or before its source in reverse postorder)
//    whose target does not dominate its source makes the graph irreducible; such edges are
//    listed in irreducible_edges() (in the order of their source's RPO index, then successor
//    order) and form no loop: their cycles' nodes have loop depth from natural loops only.
//    Analysis always terminates and never throws on irreducible input.
class LoopForest {
 public:
  LoopForest(const Digraph& graph, const DominatorTree& dom);

  const std::vector<Loop>& loops() const { return loops_; }
  const Loop& loop(LoopId id) const { return loops_.at(id); }
  // The innermost loop whose body holds n, kNoLoop if none; depth 0 outside all loops.
  LoopId innermost_loop(NodeId n) const { return innermost_.at(n); }
  std::uint32_t loop_depth(NodeId n) const;
  bool contains(LoopId loop, NodeId n) const { return loops_.at(loop).members.test(n); }

  const std::vector<GraphEdge>& back_edges() const { return back_edges_; }
  const std::vector<GraphEdge>& irreducible_edges() const { return irreducible_edges_; }
  bool reducible() const { return irreducible_edges_.empty(); }

 private:
  void classify_edges(const Digraph& graph, const DominatorTree& dom);
  void build_loop(const Digraph& graph, const DominatorTree& dom, Loop& loop) const;
  void nest_loops();

  std::vector<Loop> loops_;
  std::vector<LoopId> innermost_;
  std::vector<GraphEdge> back_edges_;
  std::vector<GraphEdge> irreducible_edges_;
};

}  // namespace warpsim::ptx
