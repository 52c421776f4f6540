#include "ptx/analysis/dataflow.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "analysis_test_util.h"

namespace warpsim::ptx {
namespace {

using analysis_test::make_graph;
using ::testing::ElementsAre;

// Variables v0..v2. 0 assigns v0; 1 assigns v1; 2 assigns v1 and v2; 3 loops back to 1 or
// goes on to 4:   0 -> {1, 2}; 1 -> 3; 2 -> 3; 3 -> {1, 4}.
// DFS 0,1,3,4 then 2: postorder 4,3,1,2,0; RPO 0,2,1,3,4.
Digraph assignment_graph() {
  return make_graph(5, {{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 1}, {3, 4}});
}

DataflowResult<BitSet> assigned(MeetKind meet) {
  std::vector<BitSet> gen = {BitSet::of(3, {0}), BitSet::of(3, {1}), BitSet::of(3, {1, 2}),
                             BitSet(3), BitSet(3)};
  std::vector<BitSet> kill(5, BitSet(3));
  return solve_gen_kill(assignment_graph(), {FlowDirection::kForward, 0, 4}, meet, BitSet(3), gen,
                        kill);
}

TEST(DataflowGenKill, DefinitelyAssignedIsAMustProblem) {
  // Intersection: at 3 only v0 and v1 are assigned on both paths (v2 only via 2).
  // Sweep 1 in RPO 0,2,1,3,4 (all values start full): 0 -> {0} changed; 2 -> {0,1,2}
  // equals the start value; 1: in = {0} & full -> out {0,1} changed; 3: in {0,1} changed;
  // 4 changed. 3 changed, so 1 is pending again: sweep 2 visits 1, unchanged. 6 visits.
  DataflowResult<BitSet> r = assigned(MeetKind::kIntersection);
  EXPECT_EQ(r.in[0], BitSet(3));
  EXPECT_EQ(r.out[0], BitSet::of(3, {0}));
  EXPECT_EQ(r.in[1], BitSet::of(3, {0}));
  EXPECT_EQ(r.out[1], BitSet::of(3, {0, 1}));
  EXPECT_EQ(r.in[2], BitSet::of(3, {0}));
  EXPECT_EQ(r.out[2], BitSet::of(3, {0, 1, 2}));
  EXPECT_EQ(r.in[3], BitSet::of(3, {0, 1}));
  EXPECT_EQ(r.in[4], BitSet::of(3, {0, 1}));
  EXPECT_EQ(r.out[4], BitSet::of(3, {0, 1}));
  EXPECT_EQ(r.sweeps, 2u);
  EXPECT_EQ(r.visits, 6u);
}

TEST(DataflowGenKill, MaybeAssignedIsAMayProblem) {
  // Union: v2 may be assigned at 3, and through the back edge 3 -> 1 also at 1's start.
  // Sweep 1 (values start empty) changes every node; 3 marks 1 pending; sweep 2: 1 gets
  // {0,1,2}, marks 3, which is unchanged. 7 visits.
  DataflowResult<BitSet> r = assigned(MeetKind::kUnion);
  EXPECT_EQ(r.in[0], BitSet(3));
  EXPECT_EQ(r.out[0], BitSet::of(3, {0}));
  EXPECT_EQ(r.in[1], BitSet::of(3, {0, 1, 2}));
  EXPECT_EQ(r.out[1], BitSet::of(3, {0, 1, 2}));
  EXPECT_EQ(r.in[2], BitSet::of(3, {0}));
  EXPECT_EQ(r.in[3], BitSet::of(3, {0, 1, 2}));
  EXPECT_EQ(r.out[4], BitSet::of(3, {0, 1, 2}));
  EXPECT_EQ(r.sweeps, 2u);
  EXPECT_EQ(r.visits, 7u);
}

TEST(DataflowGenKill, KillRemovesAndBoundaryEntersAtEntry) {
  // Reaching definitions d0..d3 of one variable on 0 -> 1 -> 2: 0 defines d0 (kills the
  // rest), 2 defines d3. d2 is assumed to reach the entry (the boundary).
  Digraph g = make_graph(3, {{0, 1}, {1, 2}});
  std::vector<BitSet> gen = {BitSet::of(4, {0}), BitSet(4), BitSet::of(4, {3})};
  std::vector<BitSet> kill = {BitSet::of(4, {1, 2, 3}), BitSet(4), BitSet::of(4, {0, 1, 2})};
  DataflowResult<BitSet> r = solve_gen_kill(g, {FlowDirection::kForward, 0, 2}, MeetKind::kUnion,
                                            BitSet::of(4, {2}), gen, kill);
  EXPECT_EQ(r.in[0], BitSet::of(4, {2}));
  EXPECT_EQ(r.out[0], BitSet::of(4, {0}));
  EXPECT_EQ(r.out[1], BitSet::of(4, {0}));
  EXPECT_EQ(r.out[2], BitSet::of(4, {3}));
}

TEST(DataflowGenKill, RejectsMismatchedSets) {
  Digraph g = make_graph(2, {{0, 1}});
  std::vector<BitSet> two(2, BitSet(4));
  std::vector<BitSet> one(1, BitSet(4));
  std::vector<BitSet> wide(2, BitSet(5));
  FlowSpec spec{FlowDirection::kForward, 0, 1};
  EXPECT_THROW(solve_gen_kill(g, spec, MeetKind::kUnion, BitSet(4), one, two),
               std::invalid_argument);
  EXPECT_THROW(solve_gen_kill(g, spec, MeetKind::kUnion, BitSet(4), two, wide),
               std::invalid_argument);
  EXPECT_THROW(
      solve_gen_kill(g, {FlowDirection::kBackward, 0, 7}, MeetKind::kUnion, BitSet(4), two, two),
      std::out_of_range);
}

TEST(DataflowOrder, ForwardIsRpoBackwardIsPostorderUnreachedLast) {
  // The assignment graph plus two unreachable nodes 5 and 6 (6 -> 4).
  Digraph g = make_graph(7, {{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 1}, {3, 4}, {6, 4}});
  EXPECT_THAT(dataflow_order(g, {FlowDirection::kForward, 0, 4}), ElementsAre(0, 2, 1, 3, 4, 5, 6));
  EXPECT_THAT(dataflow_order(g, {FlowDirection::kBackward, 0, 4}),
              ElementsAre(4, 3, 1, 2, 0, 5, 6));
}

// A lattice that is not a BitSet: shortest distance (in edges) from the entry, meet = min,
// top = infinity.
struct MinDistance {
  using Value = std::uint32_t;
  static constexpr Value kInfinity = std::numeric_limits<Value>::max();
  Value top() const { return kInfinity; }
  void meet_into(Value& into, const Value& from) const { into = std::min(into, from); }
};

TEST(DataflowGeneric, CustomLatticeShortestDistance) {
  // Nested loops 0..7 (RPO 0..7, see loops_test) plus unreachable 8 -> 7.
  // Sweep 1 gets every value right (back-edge inputs are still infinite and lose the min)
  // but 3, 5 and 6 change, re-queueing the headers 2, 4 and 1 behind them: sweep 2
  // revisits those three. 9 + 3 = 12 visits.
  Digraph g = make_graph(
      9, {{0, 1}, {1, 2}, {2, 3}, {3, 2}, {3, 4}, {4, 5}, {5, 4}, {5, 6}, {6, 1}, {6, 7}, {8, 7}});
  auto r = solve_dataflow(g, {FlowDirection::kForward, 0, 7}, MinDistance{}, 0u,
                          [](NodeId, const std::uint32_t& in, std::uint32_t& out) {
                            out = in == MinDistance::kInfinity ? in : in + 1;
                          });
  EXPECT_THAT(r.in, ElementsAre(0, 1, 2, 3, 4, 5, 6, 7, MinDistance::kInfinity));
  EXPECT_EQ(r.out[7], 8u);
  EXPECT_EQ(r.sweeps, 2u);
  EXPECT_EQ(r.visits, 12u);
}

TEST(DataflowGeneric, BackwardBoundaryJoinsAtExitEvenWithSuccessors) {
  // Backward "some path from here reaches a marked node": 0 -> 1 -> 2 -> 1 with exit 2.
  // Only the boundary marks anything; it enters at 2 and flows to all predecessors.
  Digraph g = make_graph(3, {{0, 1}, {1, 2}, {2, 1}});
  BitSetLattice lattice(1, MeetKind::kUnion);
  auto r = solve_dataflow(g, {FlowDirection::kBackward, 0, 2}, lattice, BitSet::of(1, {0}),
                          [](NodeId, const BitSet& in, BitSet& out) { out = in; });
  for (NodeId n = 0; n < 3; ++n) {
    EXPECT_EQ(r.in[n], BitSet::of(1, {0})) << n;
    EXPECT_EQ(r.out[n], BitSet::of(1, {0})) << n;
  }
}

}  // namespace
}  // namespace warpsim::ptx
