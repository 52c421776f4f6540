#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "ptx/analysis/graph_order.h"
#include "ptx/graph.h"

namespace warpsim::ptx {

// The dominator tree of a Digraph from a root node, by the iterative algorithm of Cooper,
// Harvey and Kennedy ("A Simple, Fast Dominance Algorithm", 2001) over reverse postorder.
//
// Contract:
//  - a dominates b iff every path from the root to b passes through a; dominance is
//    reflexive, strict dominance is not.
//  - Only nodes reachable from the root are in the tree. immediate_dominator() is kNoNode
//    for the root and for unreachable nodes; dominates() is false whenever either node is
//    unreachable; nearest_common_dominator() is kNoNode if either is.
//  - children(n) lists n's tree children in reverse postorder; reverse_postorder() is the
//    DFS order of graph_order.h (successors in insertion order), so everything is a
//    deterministic function of the graph as built.
//  - dominates() is O(1): it compares DFS entry/exit numbers of the tree.
//  - Node ids out of range throw std::out_of_range. The tree copies what it needs, so the
//    graph may be destroyed afterwards.
//  - passes() is the number of sweeps over reverse postorder, counting the last one, which
//    changes nothing. On a reducible graph every non-root node's already-visited
//    predecessors are final when it is visited, so passes() <= 2; irreducible graphs can
//    need more.
class DominatorTree {
 public:
  DominatorTree(const Digraph& graph, NodeId root);

  NodeId root() const { return root_; }
  std::size_t size() const { return idom_.size(); }
  bool reachable(NodeId n) const { return rpo_index_.at(n) != kNotInOrder; }

  NodeId immediate_dominator(NodeId n) const { return idom_.at(n); }
  bool dominates(NodeId a, NodeId b) const;
  bool strictly_dominates(NodeId a, NodeId b) const { return a != b && dominates(a, b); }
  NodeId nearest_common_dominator(NodeId a, NodeId b) const;

  const std::vector<NodeId>& children(NodeId n) const { return children_.at(n); }
  // Tree depth: 0 for the root; meaningless (0) for unreachable nodes.
  std::uint32_t depth(NodeId n) const { return depth_.at(n); }

  const std::vector<NodeId>& reverse_postorder() const { return rpo_; }
  std::uint32_t rpo_index(NodeId n) const { return rpo_index_.at(n); }
  std::size_t passes() const { return passes_; }

 private:
  void compute_idoms(const Digraph& graph);
  NodeId intersect(NodeId a, NodeId b) const;
  void build_tree();
  void number_tree();

  NodeId root_;
  std::vector<NodeId> rpo_;
  std::vector<std::uint32_t> rpo_index_;
  std::vector<NodeId> idom_;
  std::vector<std::vector<NodeId>> children_;
  std::vector<std::uint32_t> depth_;
  std::vector<std::uint32_t> enter_;
  std::vector<std::uint32_t> leave_;
  std::size_t passes_ = 0;
};

// Post-dominators of a control-flow graph with an entry and a unique (possibly virtual) exit:
// a post-dominates b iff every path from b to the exit passes through a. The immediate
// post-dominator of a divergent branch is where the SIMT stack reconverges its threads.
//
// Contract:
//  - Scope: the nodes reachable from `entry`, plus `exit` (the tree's root, even if the
//    entry cannot reach it). Other nodes get kNoNode and post-dominate nothing; dead code
//    never changes the answer for live code.
//  - Nodes that cannot reach the exit (infinite loops) are given a path to it by virtual
//    edges, so every in-scope node except the exit has an immediate post-dominator:
//      Take the in-scope nodes that cannot reach `exit` (with no virtual edges). Their
//      successors cannot reach it either, so their strongly connected components form a
//      closed DAG; for each sink component of it (one with no edge to another component),
//      add ONE virtual edge  x -> exit  where x is the member of the component with the
//      highest index in the reverse postorder of a DFS from `entry` (successors in
//      insertion order), i.e. the member the DFS finished first: the deepest block of the
//      loop, typically its latch. Then compute post-dominators on the graph plus these edges.
//    A latch, not the header, is chosen so that a branch inside `while (true) {...}`
//    reconverges at the join inside the loop rather than at an exit it never reaches.
//    virtual_exit_edges() lists the added edges in ascending order of x's RPO index.
//  - reaches_exit(n) tells whether n reaches the exit without virtual edges (true for the
//    exit itself, false outside the scope).
//  - Queries mirror DominatorTree (reflexive post_dominates, O(1)); tree() exposes the
//    dominator tree of the reversed, augmented graph rooted at `exit`.
class PostDominatorTree {
 public:
  PostDominatorTree(const Digraph& graph, NodeId entry, NodeId exit);

  NodeId exit() const { return tree_.root(); }
  bool in_scope(NodeId n) const { return tree_.reachable(n); }
  bool reaches_exit(NodeId n) const { return reaches_exit_.at(n); }

  NodeId immediate_post_dominator(NodeId n) const { return tree_.immediate_dominator(n); }
  bool post_dominates(NodeId a, NodeId b) const { return tree_.dominates(a, b); }
  NodeId nearest_common_post_dominator(NodeId a, NodeId b) const {
    return tree_.nearest_common_dominator(a, b);
  }
  const std::vector<NodeId>& children(NodeId n) const { return tree_.children(n); }

  const std::vector<GraphEdge>& virtual_exit_edges() const { return virtual_edges_; }
  const DominatorTree& tree() const { return tree_; }

 private:
  struct Augmented;
  static Augmented augment(const Digraph& graph, NodeId entry, NodeId exit);
  explicit PostDominatorTree(Augmented&& augmented);

  std::vector<GraphEdge> virtual_edges_;
  std::vector<bool> reaches_exit_;
  DominatorTree tree_;
};

}  // namespace warpsim::ptx
