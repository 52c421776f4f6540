#pragma once

#include <cstdint>
#include <initializer_list>
#include <random>
#include <utility>
#include <vector>

#include "ptx/graph.h"

// Helpers shared by the analysis tests: graphs from edge lists, seeded random graphs, and
// the brute-force reachability that the definitions of dominance are stated in.
namespace warpsim::ptx::analysis_test {

// Edges are added in list order, which fixes successor and predecessor order.
inline Digraph make_graph(std::size_t nodes,
                          std::initializer_list<std::pair<NodeId, NodeId>> edges) {
  Digraph graph(nodes);
  for (auto [from, to] : edges) graph.add_edge(from, to);
  return graph;
}

// Nodes reachable from `root` along successors (or predecessors) without entering
// `removed` (kNoNode removes nothing; removing the root reaches nothing).
inline std::vector<bool> reach(const Digraph& graph, NodeId root, NodeId removed = kNoNode,
                               bool along_preds = false) {
  std::vector<bool> seen(graph.size(), false);
  if (root == removed) return seen;
  std::vector<NodeId> work{root};
  seen[root] = true;
  while (!work.empty()) {
    NodeId n = work.back();
    work.pop_back();
    for (NodeId s : along_preds ? graph.preds(n) : graph.succs(n)) {
      if (s != removed && !seen[s]) {
        seen[s] = true;
        work.push_back(s);
      }
    }
  }
  return seen;
}

// Uses only the raw mt19937 stream (whose values the standard fixes), so the graphs are the
// same with every standard library. Node 0 is the entry and node n-1 a sink (the exit);
// `forward_bias` of 100 keeps most edges pointing to higher ids, giving mostly reducible
// graphs, while lower values give tangled, often irreducible ones.
inline Digraph random_graph(std::mt19937& rng, std::size_t nodes, unsigned forward_bias) {
  Digraph graph(nodes);
  for (NodeId from = 0; from + 1 < nodes; ++from) {
    std::uint32_t out_degree = 1 + rng() % 3;
    for (std::uint32_t k = 0; k < out_degree; ++k) {
      bool forward = rng() % 100 < forward_bias;
      NodeId to = forward ? static_cast<NodeId>(from + 1 + rng() % (nodes - from - 1))
                          : static_cast<NodeId>(rng() % nodes);
      graph.add_edge(from, to);
    }
  }
  return graph;
}

}  // namespace warpsim::ptx::analysis_test
