#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include "ptx/analysis/bit_set.h"
#include "ptx/analysis/graph_order.h"
#include "ptx/graph.h"

namespace warpsim::ptx {

enum class FlowDirection { kForward, kBackward };
// kUnion: a fact holds if it holds on some path ("may"); kIntersection: on every path
// ("must").
enum class MeetKind { kUnion, kIntersection };

// Where a problem's values enter: `entry` (forward problems) or `exit` (backward problems).
// The order of visits always comes from a DFS from `entry`, so a backward problem still
// visits nodes that cannot reach `exit` (infinite loops). `exit` may be kNoNode for a
// forward problem.
struct FlowSpec {
  FlowDirection direction = FlowDirection::kForward;
  NodeId entry = 0;
  NodeId exit = kNoNode;
};

// Contract: the order in which the solver sweeps the nodes. Forward: reverse postorder
// from spec.entry; backward: postorder from spec.entry. Nodes the DFS does not reach follow
// in ascending id, so every node gets a value. Throws std::out_of_range for an entry or
// (non-kNoNode) exit outside the graph.
std::vector<NodeId> dataflow_order(const Digraph& graph, const FlowSpec& spec);

// A meet semilattice of finite height. top() is the identity of the meet (the value of a
// meet over no inputs, and every node's starting value); meet_into(into, from) sets `into`
// to the meet of both.
template <typename L>
concept DataflowLattice = std::equality_comparable<typename L::Value> &&
    requires(const L& lattice, typename L::Value& into, const typename L::Value& from) {
  { lattice.top() } -> std::convertible_to<typename L::Value>;
  lattice.meet_into(into, from);
};

// transfer(node, input, output): see solve_dataflow.
template <typename T, typename Value>
concept DataflowTransfer = std::invocable<T&, NodeId, const Value&, Value&>;

// Contract: BitSets of `bits` members; union meet has top = {}, intersection meet has
// top = all bits (so a must-problem starts optimistic and only removes facts).
class BitSetLattice {
 public:
  using Value = BitSet;
  BitSetLattice(std::size_t bits, MeetKind meet) : bits_(bits), meet_(meet) {}
  std::size_t bits() const { return bits_; }
  MeetKind meet() const { return meet_; }
  BitSet top() const { return BitSet(bits_, meet_ == MeetKind::kIntersection); }
  void meet_into(BitSet& into, const BitSet& from) const {
    if (meet_ == MeetKind::kUnion) {
      into.union_with(from);
    } else {
      into.intersect_with(from);
    }
  }

 private:
  std::size_t bits_;
  MeetKind meet_;
};

// in[n] is the value at the start of node n and out[n] at its end, whatever the direction.
// sweeps counts passes over dataflow_order() that visited at least one node (the last one
// changes nothing); visits counts transfer-function calls.
template <typename Value>
struct DataflowResult {
  std::vector<Value> in;
  std::vector<Value> out;
  std::size_t sweeps = 0;
  std::size_t visits = 0;
};

// Solves a monotone dataflow problem to its maximal fixed point.
//
// Contract:
//  - Forward: in[n] = meet of out[p] over predecessors p (and of `boundary` when n is
//    spec.entry, as if a virtual predecessor fed it), out[n] = transfer(n, in[n]).
//    Backward: the mirror image over successors, with `boundary` joining at spec.exit.
//  - transfer(node, input, output) writes the value on the far side of `node` into
//    `output` (which holds a stale value to be overwritten, so buffers can be reused); it
//    must be monotone, and must not keep references to either argument.
//  - Every node is visited once in dataflow_order(); afterwards a node is revisited, in the
//    same order, only when an input of it changed. Results, sweeps and visits are therefore
//    deterministic functions of the graph, the spec and the problem.
//  - Nodes with no inputs (no predecessors and not the boundary node) start from top().
template <DataflowLattice L, DataflowTransfer<typename L::Value> Transfer>
DataflowResult<typename L::Value> solve_dataflow(const Digraph& graph, const FlowSpec& spec,
                                                 const L& lattice,
                                                 const typename L::Value& boundary,
                                                 Transfer&& transfer) {
  using Value = typename L::Value;
  const bool forward = spec.direction == FlowDirection::kForward;
  const NodeId boundary_node = forward ? spec.entry : spec.exit;
  const std::vector<NodeId> order = dataflow_order(graph, spec);
  const std::vector<std::uint32_t> position = order_index(order, graph.size());

  DataflowResult<Value> result;
  result.in.assign(graph.size(), lattice.top());
  result.out.assign(graph.size(), lattice.top());
  std::vector<Value>& meet_side = forward ? result.in : result.out;
  std::vector<Value>& far_side = forward ? result.out : result.in;
  Value scratch = lattice.top();
  BitSet pending(order.size(), true);

  while (pending.any()) {
    ++result.sweeps;
    for (std::size_t pos = pending.find_next(0); pos < order.size();
         pos = pending.find_next(pos + 1)) {
      pending.reset(pos);
      const NodeId node = order[pos];
      Value& input = meet_side[node];
      input = lattice.top();
      for (NodeId from : forward ? graph.preds(node) : graph.succs(node)) {
        lattice.meet_into(input, far_side[from]);
      }
      if (node == boundary_node) lattice.meet_into(input, boundary);
      ++result.visits;
      transfer(node, std::as_const(input), scratch);
      if (scratch == far_side[node]) continue;
      std::swap(scratch, far_side[node]);
      for (NodeId to : forward ? graph.succs(node) : graph.preds(node)) pending.set(position[to]);
    }
  }
  return result;
}

// The classic bit-vector problem: output = gen[n] | (input - kill[n]) in the flow direction.
// Contract: gen and kill hold one BitSet per node, all of boundary.size() bits (else
// std::invalid_argument); everything else as solve_dataflow.
DataflowResult<BitSet> solve_gen_kill(const Digraph& graph, const FlowSpec& spec, MeetKind meet,
                                      const BitSet& boundary, const std::vector<BitSet>& gen,
                                      const std::vector<BitSet>& kill);

}  // namespace warpsim::ptx
