#pragma once

#include <cstdint>
#include <iosfwd>
#include <limits>
#include <vector>

#include "ptx/graph.h"

namespace warpsim::ptx {

// One edge of a Digraph, as the analyses report it (back edges, loop exits, virtual edges).
struct GraphEdge {
  NodeId from = kNoNode;
  NodeId to = kNoNode;
  friend bool operator==(const GraphEdge&, const GraphEdge&) = default;
};
std::ostream& operator<<(std::ostream& os, const GraphEdge& edge);

// Position of a node in an order; kNotInOrder for nodes the order leaves out.
inline constexpr std::uint32_t kNotInOrder = std::numeric_limits<std::uint32_t>::max();

// Depth-first orders. Contract:
//  - The search starts at `root` and takes each node's successors in insertion order, so
//    the orders depend only on the graph as built, never on container or pointer details.
//  - Only nodes reachable from `root` appear; `root` must be < graph.size()
//    (std::out_of_range otherwise).
//  - In reverse postorder every edge u->v has index(u) < index(v) unless it is retreating
//    (v is a DFS ancestor of u, or u == v); retreating edges are exactly those with
//    index(v) <= index(u).
std::vector<NodeId> postorder(const Digraph& graph, NodeId root);
std::vector<NodeId> reverse_postorder(const Digraph& graph, NodeId root);
std::vector<std::uint32_t> order_index(const std::vector<NodeId>& order, std::size_t node_count);

// Strongly connected components of the subgraph induced by the nodes with member[n] true.
// Contract: component ids are dense, numbered in topological order of the condensation
// (an edge between two components always goes from a lower id to a higher one, so sink
// components get the highest ids of their region); non-members get kNotInOrder. Ids are a
// deterministic function of the graph and `member`.
struct Components {
  std::vector<std::uint32_t> component_of;
  std::uint32_t count = 0;
};
Components strongly_connected_components(const Digraph& graph, const std::vector<bool>& member);

}  // namespace warpsim::ptx
