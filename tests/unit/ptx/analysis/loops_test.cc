#include "ptx/analysis/loops.h"

#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "analysis_test_util.h"

namespace warpsim::ptx {
namespace {

using analysis_test::make_graph;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

std::vector<std::uint32_t> depths(const LoopForest& forest, std::size_t nodes) {
  std::vector<std::uint32_t> out;
  for (NodeId n = 0; n < nodes; ++n) out.push_back(forest.loop_depth(n));
  return out;
}

TEST(LoopForest, StraightLineHasNoLoops) {
  Digraph g = make_graph(3, {{0, 1}, {1, 2}});
  DominatorTree dom(g, 0);
  LoopForest forest(g, dom);
  EXPECT_THAT(forest.loops(), IsEmpty());
  EXPECT_TRUE(forest.reducible());
  EXPECT_EQ(forest.innermost_loop(1), kNoLoop);
  EXPECT_THAT(depths(forest, 3), ElementsAre(0, 0, 0));
}

TEST(LoopForest, SelfLoop) {
  // 0 -> 1 -> 1 -> 2: loop {1}, its own latch, leaving by 1 -> 2.
  Digraph g = make_graph(3, {{0, 1}, {1, 1}, {1, 2}});
  DominatorTree dom(g, 0);
  LoopForest forest(g, dom);
  ASSERT_EQ(forest.loops().size(), 1u);
  const Loop& loop = forest.loop(0);
  EXPECT_EQ(loop.header, 1u);
  EXPECT_THAT(loop.latches, ElementsAre(1));
  EXPECT_THAT(loop.body, ElementsAre(1));
  EXPECT_THAT(loop.exits, ElementsAre(GraphEdge{1, 2}));
  EXPECT_THAT(forest.back_edges(), ElementsAre(GraphEdge{1, 1}));
  EXPECT_THAT(depths(forest, 3), ElementsAre(0, 1, 0));
}

TEST(LoopForest, NestedLoopsWithSiblings) {
  // 0 -> 1 (outer header) -> 2 (inner A) -> 3 -> {2, 4}; 4 (inner B) -> 5 -> {4, 6};
  // 6 -> {1, 7}. DFS visits 0..7 in order, so RPO is 0..7.
  // Back edges by source RPO: 3->2, 5->4, 6->1. Loops by header RPO: L0 = header 1,
  // L1 = header 2, L2 = header 4. L0's body: from latch 6 back to 1 = {1..6}.
  Digraph g = make_graph(
      8, {{0, 1}, {1, 2}, {2, 3}, {3, 2}, {3, 4}, {4, 5}, {5, 4}, {5, 6}, {6, 1}, {6, 7}});
  DominatorTree dom(g, 0);
  LoopForest forest(g, dom);
  ASSERT_EQ(forest.loops().size(), 3u);
  EXPECT_THAT(forest.back_edges(), ElementsAre(GraphEdge{3, 2}, GraphEdge{5, 4}, GraphEdge{6, 1}));

  const Loop& outer = forest.loop(0);
  EXPECT_EQ(outer.header, 1u);
  EXPECT_THAT(outer.latches, ElementsAre(6));
  EXPECT_THAT(outer.body, ElementsAre(1, 2, 3, 4, 5, 6));
  EXPECT_THAT(outer.exits, ElementsAre(GraphEdge{6, 7}));
  EXPECT_EQ(outer.parent, kNoLoop);
  EXPECT_EQ(outer.depth, 1u);
  EXPECT_THAT(outer.children, ElementsAre(1, 2));

  const Loop& inner_a = forest.loop(1);
  EXPECT_EQ(inner_a.header, 2u);
  EXPECT_THAT(inner_a.body, ElementsAre(2, 3));
  EXPECT_THAT(inner_a.exits, ElementsAre(GraphEdge{3, 4}));
  EXPECT_EQ(inner_a.parent, 0u);
  EXPECT_EQ(inner_a.depth, 2u);

  const Loop& inner_b = forest.loop(2);
  EXPECT_EQ(inner_b.header, 4u);
  EXPECT_THAT(inner_b.latches, ElementsAre(5));
  EXPECT_THAT(inner_b.body, ElementsAre(4, 5));
  EXPECT_THAT(inner_b.exits, ElementsAre(GraphEdge{5, 6}));
  EXPECT_EQ(inner_b.parent, 0u);

  EXPECT_THAT(depths(forest, 8), ElementsAre(0, 1, 2, 2, 2, 2, 1, 0));
  EXPECT_EQ(forest.innermost_loop(3), 1u);
  EXPECT_EQ(forest.innermost_loop(6), 0u);
  EXPECT_TRUE(forest.contains(0, 5));
  EXPECT_FALSE(forest.contains(1, 5));
  EXPECT_TRUE(forest.reducible());
}

TEST(LoopForest, ThreeDeep) {
  // 0 -> 1 -> 2 -> 3 -> {3, 4}; 4 -> {2, 5}; 5 -> {1, 6}.
  Digraph g =
      make_graph(7, {{0, 1}, {1, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 2}, {4, 5}, {5, 1}, {5, 6}});
  DominatorTree dom(g, 0);
  LoopForest forest(g, dom);
  ASSERT_EQ(forest.loops().size(), 3u);
  EXPECT_THAT(forest.loop(2).body, ElementsAre(3));
  EXPECT_EQ(forest.loop(2).parent, 1u);
  EXPECT_EQ(forest.loop(1).parent, 0u);
  EXPECT_EQ(forest.loop(2).depth, 3u);
  EXPECT_THAT(depths(forest, 7), ElementsAre(0, 1, 2, 3, 2, 1, 0));
}

TEST(LoopForest, MultipleExitsBreakAndContinue) {
  // while (c) { if (x) return; if (y) continue; body; }   (see post_dominators_test)
  //   0 -> 1; 1 -> {2, 6}; 2 -> {7, 3}; 3 -> {1, 4}; 4 -> 5; 5 -> 1; 6 -> 7
  // DFS: 0,1,2,7,3,4,5 then 6: postorder 7,5,4,3,2,6,1,0; RPO 0,1,6,2,3,4,5,7.
  // Back edges 3->1 (continue) and 5->1 (end of body) share header 1: one loop, two
  // latches; exits: 1->6 (loop test fails) and 2->7 (return from inside).
  Digraph g = make_graph(
      8, {{0, 1}, {1, 2}, {1, 6}, {2, 7}, {2, 3}, {3, 1}, {3, 4}, {4, 5}, {5, 1}, {6, 7}});
  DominatorTree dom(g, 0);
  LoopForest forest(g, dom);
  ASSERT_EQ(forest.loops().size(), 1u);
  const Loop& loop = forest.loop(0);
  EXPECT_EQ(loop.header, 1u);
  EXPECT_THAT(loop.latches, ElementsAre(3, 5));
  EXPECT_THAT(loop.body, ElementsAre(1, 2, 3, 4, 5));
  EXPECT_THAT(loop.exits, ElementsAre(GraphEdge{1, 6}, GraphEdge{2, 7}));
  EXPECT_THAT(depths(forest, 8), ElementsAre(0, 1, 1, 1, 1, 1, 0, 0));
}

TEST(LoopForest, IrreducibleTwoEntryCycleIsReportedNotLooped) {
  // 0 -> {1, 2}; 1 <-> 2; 2 -> 3. DFS 0,1,2,3: RPO 0,1,2,3. 2->1 is retreating but
  // idom(1) = 0, so 1 does not dominate 2: irreducible, and no natural loop.
  Digraph g = make_graph(4, {{0, 1}, {0, 2}, {1, 2}, {2, 1}, {2, 3}});
  DominatorTree dom(g, 0);
  LoopForest forest(g, dom);
  EXPECT_FALSE(forest.reducible());
  EXPECT_THAT(forest.irreducible_edges(), ElementsAre(GraphEdge{2, 1}));
  EXPECT_THAT(forest.back_edges(), IsEmpty());
  EXPECT_THAT(forest.loops(), IsEmpty());
  EXPECT_THAT(depths(forest, 4), ElementsAre(0, 0, 0, 0));
}

TEST(LoopForest, IrreducibleCycleInsideANaturalLoop) {
  // 0 -> 1 (header); 1 -> {2, 3}; 2 <-> 3; 3 -> 4; 4 -> {1, 5}.
  // RPO 0,1,2,3,4,5. 3->2 is irreducible (idom(2) = 1); 4->1 is a back edge. The loop of 1
  // still holds the whole tangle: from latch 4 back through 3 and 2.
  Digraph g = make_graph(6, {{0, 1}, {1, 2}, {1, 3}, {2, 3}, {3, 2}, {3, 4}, {4, 1}, {4, 5}});
  DominatorTree dom(g, 0);
  LoopForest forest(g, dom);
  EXPECT_THAT(forest.irreducible_edges(), ElementsAre(GraphEdge{3, 2}));
  EXPECT_THAT(forest.back_edges(), ElementsAre(GraphEdge{4, 1}));
  ASSERT_EQ(forest.loops().size(), 1u);
  EXPECT_THAT(forest.loop(0).body, ElementsAre(1, 2, 3, 4));
  EXPECT_THAT(forest.loop(0).exits, ElementsAre(GraphEdge{4, 5}));
  EXPECT_THAT(depths(forest, 6), ElementsAre(0, 1, 1, 1, 1, 0));
}

TEST(LoopForest, UnreachableCodeIsIgnored) {
  // 0 -> 1 -> {1, 2}; dead 3 -> 1 and a dead cycle 4 <-> 5.
  Digraph g = make_graph(6, {{0, 1}, {1, 1}, {1, 2}, {3, 1}, {4, 5}, {5, 4}});
  DominatorTree dom(g, 0);
  LoopForest forest(g, dom);
  ASSERT_EQ(forest.loops().size(), 1u);
  EXPECT_THAT(forest.loop(0).body, ElementsAre(1));
  EXPECT_TRUE(forest.reducible());
  EXPECT_THAT(depths(forest, 6), ElementsAre(0, 1, 0, 0, 0, 0));
}

TEST(LoopForest, RejectsATreeOfAnotherGraph) {
  Digraph g = make_graph(3, {{0, 1}, {1, 2}});
  DominatorTree dom(make_graph(2, {{0, 1}}), 0);
  EXPECT_THROW((void)LoopForest(g, dom), std::invalid_argument);
}

}  // namespace
}  // namespace warpsim::ptx
