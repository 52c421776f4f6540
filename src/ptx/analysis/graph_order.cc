#include "ptx/analysis/graph_order.h"

#include <algorithm>
#include <ostream>
#include <stdexcept>
#include <string>

namespace warpsim::ptx {
namespace {

// Iterative so that a long straight-line CFG (thousands of blocks) cannot overflow the
// stack. Appends to `out` in postorder every node reachable from `root` through edges
// (successor or predecessor lists) that stay inside `member` (empty = all nodes) and were
// not visited before.
void append_postorder(const Digraph& graph, NodeId root, bool along_preds,
                      const std::vector<bool>& member, std::vector<bool>& visited,
                      std::vector<NodeId>& out) {
  struct Frame {
    NodeId node;
    std::size_t next;
  };
  std::vector<Frame> stack{{root, 0}};
  visited[root] = true;
  while (!stack.empty()) {
    NodeId node = stack.back().node;
    const auto& next = along_preds ? graph.preds(node) : graph.succs(node);
    if (stack.back().next < next.size()) {
      NodeId s = next[stack.back().next++];
      if (!visited[s] && (member.empty() || member[s])) {
        visited[s] = true;
        stack.push_back({s, 0});
      }
    } else {
      out.push_back(node);
      stack.pop_back();
    }
  }
}

void check_root(const Digraph& graph, NodeId root) {
  if (root >= graph.size()) {
    throw std::out_of_range("graph root " + std::to_string(root) + " out of range (" +
                            std::to_string(graph.size()) + " nodes)");
  }
}

}  // namespace

std::ostream& operator<<(std::ostream& os, const GraphEdge& edge) {
  return os << edge.from << "->" << edge.to;
}

std::vector<NodeId> postorder(const Digraph& graph, NodeId root) {
  check_root(graph, root);
  std::vector<bool> visited(graph.size(), false);
  std::vector<NodeId> out;
  append_postorder(graph, root, false, {}, visited, out);
  return out;
}

std::vector<NodeId> reverse_postorder(const Digraph& graph, NodeId root) {
  std::vector<NodeId> order = postorder(graph, root);
  std::reverse(order.begin(), order.end());
  return order;
}

std::vector<std::uint32_t> order_index(const std::vector<NodeId>& order, std::size_t node_count) {
  std::vector<std::uint32_t> index(node_count, kNotInOrder);
  for (std::size_t i = 0; i < order.size(); ++i) index[order[i]] = static_cast<std::uint32_t>(i);
  return index;
}

// Kosaraju: the reverse of a full postorder visits components in topological order, and a
// search along predecessors from each not-yet-assigned node in that order collects exactly
// its component.
Components strongly_connected_components(const Digraph& graph, const std::vector<bool>& member) {
  if (member.size() != graph.size()) {
    throw std::invalid_argument("component membership must have one flag per node");
  }
  std::vector<bool> visited(graph.size(), false);
  std::vector<NodeId> finish;
  for (NodeId n = 0; n < graph.size(); ++n) {
    if (member[n] && !visited[n]) append_postorder(graph, n, false, member, visited, finish);
  }
  Components result;
  result.component_of.assign(graph.size(), kNotInOrder);
  std::vector<bool> assigned(graph.size(), false);
  std::vector<NodeId> component;
  for (auto it = finish.rbegin(); it != finish.rend(); ++it) {
    if (assigned[*it]) continue;
    component.clear();
    append_postorder(graph, *it, true, member, assigned, component);
    for (NodeId n : component) result.component_of[n] = result.count;
    ++result.count;
  }
  return result;
}

}  // namespace warpsim::ptx
