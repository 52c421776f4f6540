#include "ptx/analysis/dataflow.h"

#include <string>

namespace warpsim::ptx {

std::vector<NodeId> dataflow_order(const Digraph& graph, const FlowSpec& spec) {
  if (spec.exit != kNoNode && spec.exit >= graph.size()) {
    throw std::out_of_range("dataflow exit node " + std::to_string(spec.exit) + " out of range");
  }
  std::vector<NodeId> order = spec.direction == FlowDirection::kForward
                                  ? reverse_postorder(graph, spec.entry)
                                  : postorder(graph, spec.entry);
  std::vector<bool> seen(graph.size(), false);
  for (NodeId n : order) seen[n] = true;
  for (NodeId n = 0; n < graph.size(); ++n) {
    if (!seen[n]) order.push_back(n);
  }
  return order;
}

DataflowResult<BitSet> solve_gen_kill(const Digraph& graph, const FlowSpec& spec, MeetKind meet,
                                      const BitSet& boundary, const std::vector<BitSet>& gen,
                                      const std::vector<BitSet>& kill) {
  if (gen.size() != graph.size() || kill.size() != graph.size()) {
    throw std::invalid_argument("gen/kill need one set per node (" + std::to_string(graph.size()) +
                                " nodes)");
  }
  for (NodeId n = 0; n < graph.size(); ++n) {
    if (gen[n].size() != boundary.size() || kill[n].size() != boundary.size()) {
      throw std::invalid_argument("gen/kill of node " + std::to_string(n) + " must have " +
                                  std::to_string(boundary.size()) + " bits");
    }
  }
  BitSetLattice lattice(boundary.size(), meet);
  return solve_dataflow(graph, spec, lattice, boundary,
                        [&](NodeId node, const BitSet& input, BitSet& output) {
                          output = input;
                          output.subtract(kill[node]);
                          output.union_with(gen[node]);
                        });
}

}  // namespace warpsim::ptx
