#include "ptx/analysis/loops.h"

#include <algorithm>
#include <stdexcept>

namespace warpsim::ptx {

LoopForest::LoopForest(const Digraph& graph, const DominatorTree& dom)
    : innermost_(graph.size(), kNoLoop) {
  if (dom.size() != graph.size()) {
    throw std::invalid_argument("LoopForest: dominator tree was built on another graph");
  }
  classify_edges(graph, dom);
  for (Loop& loop : loops_) build_loop(graph, dom, loop);
  nest_loops();
}

// Visiting sources in reverse postorder makes the order of back edges, latches and loops
// deterministic, and creates loops in the RPO order of their headers.
void LoopForest::classify_edges(const Digraph& graph, const DominatorTree& dom) {
  std::vector<LoopId> loop_of_header(graph.size(), kNoLoop);
  std::vector<std::vector<NodeId>> latches(graph.size());
  for (NodeId source : dom.reverse_postorder()) {
    for (NodeId target : graph.succs(source)) {
      if (dom.rpo_index(target) > dom.rpo_index(source)) continue;
      if (dom.dominates(target, source)) {
        back_edges_.push_back({source, target});
        latches[target].push_back(source);
      } else {
        irreducible_edges_.push_back({source, target});
      }
    }
  }
  for (NodeId header : dom.reverse_postorder()) {
    if (latches[header].empty()) continue;
    Loop loop;
    loop.header = header;
    loop.latches = std::move(latches[header]);
    loops_.push_back(std::move(loop));
  }
}

// A backward search from the latches that stops at the header; every node it finds is
// dominated by the header, so the search never leaves the header's dominator subtree.
void LoopForest::build_loop(const Digraph& graph, const DominatorTree& dom, Loop& loop) const {
  loop.members = BitSet(graph.size());
  loop.members.set(loop.header);
  std::vector<NodeId> work;
  for (NodeId latch : loop.latches) {
    if (!loop.members.test(latch)) {
      loop.members.set(latch);
      work.push_back(latch);
    }
  }
  while (!work.empty()) {
    NodeId node = work.back();
    work.pop_back();
    for (NodeId pred : graph.preds(node)) {
      if (dom.reachable(pred) && !loop.members.test(pred)) {
        loop.members.set(pred);
        work.push_back(pred);
      }
    }
  }
  for (NodeId node : dom.reverse_postorder()) {
    if (!loop.members.test(node)) continue;
    loop.body.push_back(node);
    for (NodeId succ : graph.succs(node)) {
      if (!loop.members.test(succ)) loop.exits.push_back({node, succ});
    }
  }
}

// Loops come in RPO order of headers and an enclosing header precedes (dominates) the
// headers nested in it, so overwriting innermost_ loop by loop leaves each node's innermost
// loop, and reading innermost_[header] just before a loop writes gives its parent.
void LoopForest::nest_loops() {
  for (LoopId id = 0; id < loops_.size(); ++id) {
    Loop& loop = loops_[id];
    loop.parent = innermost_[loop.header];
    if (loop.parent != kNoLoop) {
      loop.depth = loops_[loop.parent].depth + 1;
      loops_[loop.parent].children.push_back(id);
    }
    for (NodeId node : loop.body) innermost_[node] = id;
  }
}

std::uint32_t LoopForest::loop_depth(NodeId n) const {
  LoopId id = innermost_.at(n);
  return id == kNoLoop ? 0 : loops_[id].depth;
}

}  // namespace warpsim::ptx
