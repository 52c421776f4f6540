#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

namespace warpsim::ptx {

using NodeId = std::uint32_t;
inline constexpr NodeId kNoNode = std::numeric_limits<NodeId>::max();

// A directed graph of dense node ids with successor and predecessor lists in insertion
// order. The control-flow graph of a PTX function is one of these (node = basic block), and
// every analysis (dominators, loops, dataflow) works on this type alone, so it can be tested
// on hand-built graphs.
class Digraph {
 public:
  explicit Digraph(std::size_t nodes = 0) : succs_(nodes), preds_(nodes) {}

  NodeId add_node() {
    succs_.emplace_back();
    preds_.emplace_back();
    return static_cast<NodeId>(succs_.size() - 1);
  }
  // A repeated edge is ignored: a conditional branch to the fall-through block is one edge.
  void add_edge(NodeId from, NodeId to) {
    auto& out = succs_.at(from);
    if (std::find(out.begin(), out.end(), to) != out.end()) return;
    out.push_back(to);
    preds_.at(to).push_back(from);
  }
  // Replaces the edge from→to by from→via→to, keeping the position of `to` in from's
  // successors and of `from` in to's predecessors (used to split critical edges).
  void redirect_through(NodeId from, NodeId to, NodeId via) {
    std::replace(succs_.at(from).begin(), succs_.at(from).end(), to, via);
    std::replace(preds_.at(to).begin(), preds_.at(to).end(), from, via);
    succs_.at(via).push_back(to);
    preds_.at(via).push_back(from);
  }

  std::size_t size() const { return succs_.size(); }
  const std::vector<NodeId>& succs(NodeId n) const { return succs_[n]; }
  const std::vector<NodeId>& preds(NodeId n) const { return preds_[n]; }

  Digraph reversed() const {
    Digraph r;
    r.succs_ = preds_;
    r.preds_ = succs_;
    return r;
  }

 private:
  std::vector<std::vector<NodeId>> succs_;
  std::vector<std::vector<NodeId>> preds_;
};

}  // namespace warpsim::ptx
