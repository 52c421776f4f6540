#include "ptx/analysis/dominators.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace warpsim::ptx {

DominatorTree::DominatorTree(const Digraph& graph, NodeId root)
    : root_(root),
      rpo_(ptx::reverse_postorder(graph, root)),
      rpo_index_(order_index(rpo_, graph.size())),
      idom_(graph.size(), kNoNode),
      children_(graph.size()),
      depth_(graph.size(), 0),
      enter_(graph.size(), 0),
      leave_(graph.size(), 0) {
  compute_idoms(graph);
  build_tree();
  number_tree();
}

// While iterating, idom_[root] is the root itself so that the intersection walk stops
// there; a node whose idom_ is still kNoNode has not been visited yet and is ignored as a
// predecessor (Cooper-Harvey-Kennedy's "processed" test).
void DominatorTree::compute_idoms(const Digraph& graph) {
  idom_[root_] = root_;
  bool changed = true;
  while (changed) {
    changed = false;
    ++passes_;
    for (std::size_t i = 1; i < rpo_.size(); ++i) {
      NodeId node = rpo_[i];
      NodeId new_idom = kNoNode;
      for (NodeId pred : graph.preds(node)) {
        if (idom_[pred] == kNoNode) continue;
        new_idom = new_idom == kNoNode ? pred : intersect(pred, new_idom);
      }
      if (idom_[node] != new_idom) {
        idom_[node] = new_idom;
        changed = true;
      }
    }
  }
  idom_[root_] = kNoNode;
}

// Walks two fingers up the current tree; the one deeper in reverse postorder moves, since a
// dominator always precedes the nodes it dominates in that order.
NodeId DominatorTree::intersect(NodeId a, NodeId b) const {
  while (a != b) {
    while (rpo_index_[a] > rpo_index_[b]) a = idom_[a];
    while (rpo_index_[b] > rpo_index_[a]) b = idom_[b];
  }
  return a;
}

void DominatorTree::build_tree() {
  for (std::size_t i = 1; i < rpo_.size(); ++i) {
    NodeId node = rpo_[i];
    NodeId parent = idom_[node];
    children_[parent].push_back(node);
    depth_[node] = depth_[parent] + 1;
  }
}

void DominatorTree::number_tree() {
  if (rpo_.empty()) return;
  std::uint32_t clock = 0;
  std::vector<std::pair<NodeId, std::size_t>> stack{{root_, 0}};
  enter_[root_] = clock++;
  while (!stack.empty()) {
    auto& [node, next] = stack.back();
    if (next < children_[node].size()) {
      NodeId child = children_[node][next++];
      enter_[child] = clock++;
      stack.emplace_back(child, 0);
    } else {
      leave_[node] = clock++;
      stack.pop_back();
    }
  }
}

bool DominatorTree::dominates(NodeId a, NodeId b) const {
  if (!reachable(a) || !reachable(b)) return false;
  return enter_[a] <= enter_[b] && leave_[b] <= leave_[a];
}

NodeId DominatorTree::nearest_common_dominator(NodeId a, NodeId b) const {
  if (!reachable(a) || !reachable(b)) return kNoNode;
  while (depth_[a] > depth_[b]) a = idom_[a];
  while (depth_[b] > depth_[a]) b = idom_[b];
  while (a != b) {
    a = idom_[a];
    b = idom_[b];
  }
  return a;
}

// The reversed graph restricted to the entry's reach, plus the virtual edges of the rule in
// the header, ready for a DominatorTree rooted at the exit.
struct PostDominatorTree::Augmented {
  NodeId exit;
  std::vector<GraphEdge> virtual_edges;
  std::vector<bool> reaches_exit;
  Digraph reversed;
};

namespace {

// Nodes in scope (reachable from entry) that can reach `exit` along real edges.
std::vector<bool> find_exit_reaching(const Digraph& graph, const std::vector<bool>& in_scope,
                                     NodeId exit) {
  std::vector<bool> reaches(graph.size(), false);
  std::vector<NodeId> work{exit};
  reaches[exit] = true;
  while (!work.empty()) {
    NodeId node = work.back();
    work.pop_back();
    for (NodeId pred : graph.preds(node)) {
      if (in_scope[pred] && !reaches[pred]) {
        reaches[pred] = true;
        work.push_back(pred);
      }
    }
  }
  return reaches;
}

// One virtual edge per sink component of the nodes that cannot reach the exit, from the
// component's member with the highest reverse-postorder index.
std::vector<GraphEdge> choose_virtual_edges(const Digraph& graph, const std::vector<NodeId>& rpo,
                                            const std::vector<bool>& reaches, NodeId exit) {
  std::vector<bool> stuck(graph.size(), false);
  bool any_stuck = false;
  for (NodeId n : rpo) {
    stuck[n] = !reaches[n];
    any_stuck = any_stuck || stuck[n];
  }
  if (!any_stuck) return {};
  Components scc = strongly_connected_components(graph, stuck);
  std::vector<bool> is_sink(scc.count, true);
  for (NodeId n : rpo) {
    if (!stuck[n]) continue;
    for (NodeId s : graph.succs(n)) {
      if (scc.component_of[s] != scc.component_of[n]) is_sink[scc.component_of[n]] = false;
    }
  }
  std::vector<bool> picked(scc.count, false);
  std::vector<GraphEdge> edges;
  for (auto it = rpo.rbegin(); it != rpo.rend(); ++it) {
    if (!stuck[*it]) continue;
    std::uint32_t c = scc.component_of[*it];
    if (is_sink[c] && !picked[c]) {
      picked[c] = true;
      edges.push_back({*it, exit});
    }
  }
  std::reverse(edges.begin(), edges.end());
  return edges;
}

}  // namespace

PostDominatorTree::Augmented PostDominatorTree::augment(const Digraph& graph, NodeId entry,
                                                        NodeId exit) {
  if (exit >= graph.size()) {
    throw std::out_of_range("exit node " + std::to_string(exit) + " out of range");
  }
  std::vector<NodeId> rpo = reverse_postorder(graph, entry);
  std::vector<bool> in_scope(graph.size(), false);
  for (NodeId n : rpo) in_scope[n] = true;
  std::vector<bool> reaches = find_exit_reaching(graph, in_scope, exit);
  std::vector<GraphEdge> virtual_edges = choose_virtual_edges(graph, rpo, reaches, exit);

  Digraph scoped(graph.size());
  for (NodeId n = 0; n < graph.size(); ++n) {
    if (!in_scope[n]) continue;
    for (NodeId s : graph.succs(n)) scoped.add_edge(n, s);
  }
  for (const GraphEdge& e : virtual_edges) scoped.add_edge(e.from, e.to);
  return {exit, std::move(virtual_edges), std::move(reaches), scoped.reversed()};
}

PostDominatorTree::PostDominatorTree(const Digraph& graph, NodeId entry, NodeId exit)
    : PostDominatorTree(augment(graph, entry, exit)) {}

PostDominatorTree::PostDominatorTree(Augmented&& augmented)
    : virtual_edges_(std::move(augmented.virtual_edges)),
      reaches_exit_(std::move(augmented.reaches_exit)),
      tree_(augmented.reversed, augmented.exit) {}

}  // namespace warpsim::ptx
